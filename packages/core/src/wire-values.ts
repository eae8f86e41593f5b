import type { DataClass } from './data-class.js';
import { dataClassesOfTags, scopesOf } from './data-class.js';
import { UNKNOWN } from './enums.js';

/**
 * How writers put canonical sets on the wire: a single member as a scalar, several as an array in
 * rank order, as SEP-1913's examples do.
 */

/** Plain JSON, as writers hand it back: safe to `JSON.stringify` and put on the wire. */
export type WireValue = null | boolean | number | string | WireValue[] | { [key: string]: WireValue };
export type WireObject = { [key: string]: WireValue };

/** `sep1913`: the SEP's own keys. `extension`: the `io.modelcontextprotocol/*` extension keys. */
export type WireForm = 'sep1913' | 'extension';

export function wireEnum(members: readonly string[], order: readonly string[]): WireValue {
  const ranked = order.filter((v) => members.includes(v));
  return ranked.length === 1 ? ranked[0]! : ranked;
}

const EVERY_CLASS = ['user', 'pii', 'financial', 'credentials', 'regulated'] as const;

/**
 * Tags as `DataClass | DataClass[]`. `unknown` has no wire form. In a tool's possible set it means
 * "maybe other classes too", so with `widenUnknown` it becomes every class: writing only the
 * known ones (or `"none"`) would claim less than we know. A bare `regulated` (regime not named,
 * so any) beside scoped ones gets its own object, which `dataClassesOfTags` alone would fold away.
 */
export function wireSensitivity(tags: readonly string[], widenUnknown: boolean): WireValue {
  const known = tags.filter((t) => t !== UNKNOWN);
  const all = widenUnknown && tags.includes(UNKNOWN) ? [...known, ...EVERY_CLASS] : known;
  const classes: DataClass[] = dataClassesOfTags(all);
  if (all.includes('regulated') && scopesOf(all).length > 0) classes.push({ regulated: { scopes: [] } });
  return classes.length === 1 ? classes[0]! : classes;
}
