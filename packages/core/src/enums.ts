/**
 * The canonical enums of the label model. Each array lists its values in "worst case" order
 * where the design gives one (exposure for destinations, impact for outcomes), so the index of a
 * value is its rank.
 */

export const DESTINATIONS = ['ephemeral', 'system', 'user', 'internal', 'public'] as const;
export type Destination = (typeof DESTINATIONS)[number];

export const OUTCOMES = ['benign', 'consequential', 'irreversible'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Where returned data comes from. `untrustedPublic` is open-world. No order: a set. */
export const SOURCES = ['untrustedPublic', 'trustedPublic', 'internal', 'user', 'system'] as const;
export type Source = (typeof SOURCES)[number];

/** #711's `sensitiveHint` levels, plus `none` for "no claim of sensitivity". */
export const SENSITIVE_LEVELS = ['none', 'low', 'medium', 'high'] as const;
export type SensitiveLevel = (typeof SENSITIVE_LEVELS)[number];

/** The pseudo-value for "nobody trusted made a claim". */
export const UNKNOWN = 'unknown' as const;
export type Unknown = typeof UNKNOWN;

export function rankOf<T extends string>(order: readonly T[], value: T): number {
  return order.indexOf(value);
}

export function isDestination(value: unknown): value is Destination {
  return typeof value === 'string' && (DESTINATIONS as readonly string[]).includes(value);
}

export function isOutcome(value: unknown): value is Outcome {
  return typeof value === 'string' && (OUTCOMES as readonly string[]).includes(value);
}

export function isSource(value: unknown): value is Source {
  return typeof value === 'string' && (SOURCES as readonly string[]).includes(value);
}

export function isSensitiveLevel(value: unknown): value is SensitiveLevel {
  return typeof value === 'string' && (SENSITIVE_LEVELS as readonly string[]).includes(value);
}

/** The higher of two levels. */
export function maxLevel(a: SensitiveLevel, b: SensitiveLevel): SensitiveLevel {
  return rankOf(SENSITIVE_LEVELS, a) >= rankOf(SENSITIVE_LEVELS, b) ? a : b;
}
