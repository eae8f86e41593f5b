import type { Dialect } from './claims.js';
import type { Unknown } from './enums.js';
import { UNKNOWN } from './enums.js';
import type { ReadContext } from './read-context.js';
import { isArray, keyPath, MAX_SET_ITEMS, show } from './read-context.js';
import { setOf } from './sets.js';

/**
 * Set parsing shared by every reader: enum members in any case, scalar-or-array sets, and what a
 * bad member does to the set. Each parser reports its own problems and says whether it failed;
 * the reader's mode decides what a failure means (the field dropped, or `unknown` added).
 */

/** The members read from a set field, and whether any member (or the field itself) was bad. */
export interface SetParse<T extends string> {
  readonly members: readonly T[];
  readonly invalid: boolean;
}

export type Matcher<T extends string> = (ctx: ReadContext, raw: string, path: string) => T | undefined;

/** One wire member of a set: its canonical values, or `undefined` when invalid (already reported). */
export type MemberParser<T extends string> = (
  ctx: ReadContext,
  item: unknown,
  path: string,
) => T[] | undefined;

/**
 * Exact match, else a case-insensitive one, accepted with a `legacy-pascal-case` warning: SEP-2061
 * wrote `Public` and `UntrustedPublic`, and servers still do. `legacy` is the dialect that spelling
 * belongs to, where it has one.
 */
export function enumMatcher<T extends string>(values: readonly T[], legacy?: Dialect): Matcher<T> {
  const exact = new Set<string>(values);
  const folded = new Map(values.map((v) => [v.toLowerCase(), v]));
  return (ctx, raw, path) => {
    if (exact.has(raw)) return raw as T;
    const hit = folded.get(raw.toLowerCase());
    if (hit !== undefined) legacyCase(ctx, path, 'value', raw, hit, legacy);
    return hit;
  };
}

export function legacyCase(
  ctx: ReadContext,
  path: string,
  kind: 'key' | 'value',
  raw: string,
  canonical: string,
  legacy?: Dialect,
): void {
  if (legacy !== undefined) ctx.saw(legacy);
  ctx.report(
    path,
    'legacy-pascal-case',
    `${kind} ${show(raw)} is a legacy spelling of ${show(canonical)}`,
    'warning',
  );
}

export function enumMember<T extends string>(match: Matcher<T>, what: string): MemberParser<T> {
  return (ctx, item, path) => {
    if (typeof item !== 'string') {
      ctx.wrongType(path, item, `a ${what} string`);
      return undefined;
    }
    const hit = match(ctx, item, path);
    if (hit === undefined) ctx.report(path, 'invalid-value', `${show(item)} is not a ${what}`);
    return hit === undefined ? undefined : [hit];
  };
}

/** A scalar or an array of members. An empty array is invalid unless `allowEmpty` (sensitivity: `[]` = none). */
export function parseMembers<T extends string>(
  ctx: ReadContext,
  raw: unknown,
  path: string,
  one: MemberParser<T>,
  allowEmpty: boolean,
): SetParse<T> {
  if (!isArray(raw)) {
    const only = one(ctx, raw, path);
    return { members: only ?? [], invalid: only === undefined };
  }
  const items = ctx.items(raw, path, MAX_SET_ITEMS);
  if (items === undefined) return { members: [], invalid: true };
  if (items.length === 0 && !allowEmpty) {
    ctx.report(path, 'empty-set', 'an empty set of possible values says nothing; read as unknown', 'warning');
    return { members: [], invalid: true };
  }
  const members: T[] = [];
  let invalid = false;
  items.forEach((item, i) => {
    const got = one(ctx, item, keyPath(path, i));
    if (got === undefined) invalid = true;
    else members.push(...got);
  });
  return { members, invalid };
}

export function mergeSets<T extends string>(a?: SetParse<T>, b?: SetParse<T>): SetParse<T> | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return { members: [...a.members, ...b.members], invalid: a.invalid || b.invalid };
}

/** Tool claims: a field with any bad member is dropped, so it stays unknown (the full set). */
export function toolSet<T extends string>(parsed?: SetParse<T>): T[] | undefined {
  return parsed === undefined || parsed.invalid ? undefined : setOf(parsed.members);
}

/** Data claims: a bad member becomes `unknown`, so the claim is partial ("at least these"). */
export function dataSet<T extends string>(parsed?: SetParse<T>): (T | Unknown)[] | undefined {
  if (parsed === undefined) return undefined;
  return setOf<T | Unknown>(parsed.invalid ? [...parsed.members, UNKNOWN] : parsed.members);
}
