import { didYouMean } from './did-you-mean.js';
import type { YamlSource } from './yaml-source.js';

/**
 * Small typed reads over a parsed YAML value. Each reports what is wrong at the node's place and
 * returns `undefined`, so a parser can collect every problem in one pass instead of stopping at
 * the first.
 */

type Key = string | number;
export type Path = readonly Key[];

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}

/** A mapping whose keys are all known; unknown keys are errors with a "did you mean" hint. */
export function readObject(
  src: YamlSource,
  value: unknown,
  path: Path,
  what: string,
  known: readonly string[],
): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) {
    src.report(path, 'invalid-type', `${what} must be a mapping, got ${describe(value)}`);
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    src.report(
      [...path, key],
      'unknown-key',
      `${JSON.stringify(key)} is not a key of ${what}${didYouMean(key, known)}`,
      'error',
      true,
    );
  }
  return value;
}

/** A mapping whose keys are names (servers, tools, arguments); the caller checks the values. */
export function readRecord(
  src: YamlSource,
  value: unknown,
  path: Path,
  what: string,
): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) {
    src.report(path, 'invalid-type', `${what} must be a mapping, got ${describe(value)}`);
    return undefined;
  }
  return value;
}

export function readString(src: YamlSource, value: unknown, path: Path, what: string): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  src.report(path, 'invalid-type', `${what} must be a non-empty string, got ${describe(value)}`);
  return undefined;
}

export function readEnum<T extends string>(
  src: YamlSource,
  value: unknown,
  path: Path,
  what: string,
  allowed: readonly T[],
): T | undefined {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  const hint = typeof value === 'string' ? didYouMean(value, allowed) : '';
  src.report(
    path,
    'invalid-value',
    `${what} must be one of ${allowed.join(', ')}, got ${describe(value)}${hint}`,
  );
  return undefined;
}

export function readStringList(
  src: YamlSource,
  value: unknown,
  path: Path,
  what: string,
): string[] | undefined {
  if (!Array.isArray(value)) {
    src.report(path, 'invalid-type', `${what} must be a list of strings, got ${describe(value)}`);
    return undefined;
  }
  const out: string[] = [];
  value.forEach((item, i) => {
    const s = readString(src, item, [...path, i], `each item of ${what}`);
    if (s !== undefined) out.push(s);
  });
  return out.length === value.length ? out : undefined;
}

/** A mapping of strings to strings (`env`, `headers`); numbers and booleans are not silently stringified. */
export function readStringMap(
  src: YamlSource,
  value: unknown,
  path: Path,
  what: string,
): Record<string, string> | undefined {
  const obj = readRecord(src, value, path, what);
  if (obj === undefined) return undefined;
  const out: Record<string, string> = {};
  let ok = true;
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === 'string') out[k] = v;
    else {
      ok = false;
      src.report(
        [...path, k],
        'invalid-type',
        `${what}.${k} must be a string (quote it), got ${describe(v)}`,
      );
    }
  }
  return ok ? out : undefined;
}

/** A positive whole number (sizes, timeouts). */
export function readPositiveInt(
  src: YamlSource,
  value: unknown,
  path: Path,
  what: string,
): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  src.report(path, 'invalid-type', `${what} must be a positive whole number, got ${describe(value)}`);
  return undefined;
}
