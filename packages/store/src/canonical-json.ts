import type { JsonValue } from './types.js';

/**
 * JSON with object keys sorted at every level, so equal values always hash equal no matter how
 * they were built or which backend read them back. Non-JSON values (undefined, functions, NaN)
 * go the way `JSON.stringify` sends them, which is why stores keep the canonical text they hashed.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
  return out;
}

/** The JSON value `value` becomes on the wire: what is hashed is exactly what is stored. */
export function toJson(value: unknown): JsonValue {
  const text = canonicalJson(value);
  return text === undefined ? null : (JSON.parse(text) as JsonValue);
}
