import type { ArgumentMatch } from '@mcp-trust/engine';
import { RE2JS } from 're2js';
import type { Path } from './yaml-checks.js';
import { describe, readObject, readString } from './yaml-checks.js';
import type { YamlSource } from './yaml-source.js';

const MATCH_KEYS = ['argument', 'equals', 'prefix', 'matches', 'in'] as const;
type Scalar = string | number | boolean;

const isScalar = (v: unknown): v is Scalar =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';

/**
 * A resolver's `when`: one condition or a list of them, all of which must hold. A condition
 * with no test, or a `matches` that RE2 cannot compile, is an error: a resolver that could never
 * (or always) apply would silently change what the operator meant.
 */
export function readWhen(src: YamlSource, value: unknown, path: Path): ArgumentMatch[] | undefined {
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) {
    src.report(path, 'empty-when', '`when` needs at least one condition');
    return undefined;
  }
  const out: ArgumentMatch[] = [];
  items.forEach((item, i) => {
    const match = readMatch(src, item, Array.isArray(value) ? [...path, i] : path);
    if (match !== undefined) out.push(match);
  });
  return out.length === items.length ? out : undefined;
}

function readMatch(src: YamlSource, value: unknown, path: Path): ArgumentMatch | undefined {
  const obj = readObject(src, value, path, 'a `when` condition', MATCH_KEYS);
  if (obj === undefined) return undefined;
  const argument = readString(src, obj.argument, [...path, 'argument'], '`argument`');
  let ok = argument !== undefined;
  const match: ArgumentMatch = { argument: argument ?? '' };
  if (obj.equals !== undefined) {
    if (isScalar(obj.equals)) match.equals = obj.equals;
    else {
      ok = false;
      src.report(
        [...path, 'equals'],
        'invalid-type',
        `\`equals\` must be a string, number or boolean, got ${describe(obj.equals)}`,
      );
    }
  }
  if (obj.prefix !== undefined) {
    const prefix = readString(src, obj.prefix, [...path, 'prefix'], '`prefix`');
    if (prefix === undefined) ok = false;
    else match.prefix = prefix;
  }
  if (obj.matches !== undefined) {
    const pattern = readString(src, obj.matches, [...path, 'matches'], '`matches`');
    if (pattern === undefined || !compiles(src, pattern, [...path, 'matches'])) ok = false;
    else match.matches = pattern;
  }
  if (obj.in !== undefined) {
    if (Array.isArray(obj.in) && obj.in.length > 0 && obj.in.every(isScalar)) match.in = obj.in;
    else {
      ok = false;
      src.report(
        [...path, 'in'],
        'invalid-type',
        '`in` must be a non-empty list of strings, numbers or booleans',
      );
    }
  }
  if (
    ok &&
    match.equals === undefined &&
    match.prefix === undefined &&
    match.matches === undefined &&
    match.in === undefined
  ) {
    src.report(path, 'no-test', 'a `when` condition needs a test: equals, prefix, matches or in');
    ok = false;
  }
  return ok ? match : undefined;
}

/** RE2, not JavaScript RegExp: linear time on hostile arguments, and the same syntax the engine runs. */
function compiles(src: YamlSource, pattern: string, path: Path): boolean {
  try {
    RE2JS.compile(pattern);
    return true;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    src.report(path, 'invalid-regex', `\`matches\` does not compile under RE2: ${why}`);
    return false;
  }
}
