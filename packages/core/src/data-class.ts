/**
 * `DataClass` as the SEPs write it (`"pii"`, `{regulated: {scopes: ["GDPR"]}}`) and as the label
 * model stores it: a flat string tag per class, so a sensitivity is a plain set of strings that
 * joins by union and reads well in policies (`'regulated:HIPAA' in response.sensitivity`).
 *
 * Tags: `user`, `pii`, `financial`, `credentials`, `regulated` (regulated, scopes not given),
 * `regulated:SCOPE` (one tag per scope, scope upper-cased), and `unknown`. `none` is the empty set.
 */

export const DATA_CLASS_NAMES = ['none', 'user', 'pii', 'financial', 'credentials'] as const;
export type DataClassName = (typeof DATA_CLASS_NAMES)[number];

export type RegulatoryScope = string;

/** A data class in the wire shape of SEP-1913. */
export type DataClass = DataClassName | { regulated: { scopes: RegulatoryScope[] } };

/** A data class in the label model's flat form. */
export type SensitivityTag =
  | 'user'
  | 'pii'
  | 'financial'
  | 'credentials'
  | 'regulated'
  | `regulated:${string}`
  | 'unknown';

/** Every class a tool could touch when nobody trusted says otherwise: the "full set". */
export const ALL_SENSITIVITY: readonly SensitivityTag[] = [
  'credentials',
  'financial',
  'pii',
  'regulated',
  'unknown',
  'user',
];

const REGULATED_PREFIX = 'regulated:';

export function normaliseScope(scope: string): string {
  return scope.trim().toUpperCase();
}

/** Tags of one wire data class. `none` gives no tag. Assumes the value was validated. */
export function tagsOfDataClass(dc: DataClass): SensitivityTag[] {
  if (typeof dc === 'string') return dc === 'none' ? [] : [dc];
  const scopes = dc.regulated.scopes.map(normaliseScope).filter((s) => s.length > 0);
  return scopes.length === 0 ? ['regulated'] : scopes.map((s) => `${REGULATED_PREFIX}${s}` as const);
}

export function isRegulatedTag(tag: string): boolean {
  return tag === 'regulated' || tag.startsWith(REGULATED_PREFIX);
}

/** The regulatory scopes named in a set of tags. */
export function scopesOf(tags: readonly string[]): string[] {
  return tags.filter((t) => t.startsWith(REGULATED_PREFIX)).map((t) => t.slice(REGULATED_PREFIX.length));
}

/**
 * Tags back to the wire shape: the plain classes, then one `regulated` object holding every
 * scope. `unknown` has no wire form and is left out; an empty set is `["none"]`.
 */
export function dataClassesOfTags(tags: readonly string[]): DataClass[] {
  const out: DataClass[] = [];
  for (const name of ['user', 'pii', 'financial', 'credentials'] as const) {
    if (tags.includes(name)) out.push(name);
  }
  if (tags.some(isRegulatedTag)) out.push({ regulated: { scopes: scopesOf(tags) } });
  return out.length === 0 ? ['none'] : out;
}

/**
 * `a ⊆ b` for sensitivity sets, where `regulated` (scopes not given) covers every
 * `regulated:SCOPE`, and `unknown` in `b` covers anything.
 */
export function tagsWithin(a: readonly string[], b: readonly string[]): boolean {
  if (b.includes('unknown')) return true;
  const anyRegulated = b.includes('regulated');
  return a.every((t) => b.includes(t) || (anyRegulated && isRegulatedTag(t)));
}
