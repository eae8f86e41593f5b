import type { Problem } from '@mcp-trust/core';
import { RE2JS } from 're2js';
import type { ArgumentMatch } from './overlay.js';

/**
 * Overlay resolvers' `when` conditions, compiled once per engine. `matches` runs on RE2 (re2js):
 * operators' regular expressions run in time linear in the argument, whatever the pattern, so an
 * argument cannot make a decision slow. It matches anywhere in the value (anchor with `^…$`).
 */

export type ArgsPredicate = (args: Readonly<Record<string, unknown>>) => boolean;

type Scalar = string | number | boolean;

const NEVER: ArgsPredicate = () => false;

/** Compile the conditions; a bad pattern is reported and the resolver never applies (no narrowing). */
export function compileWhen(
  when: readonly ArgumentMatch[],
  path: string,
  problems: Problem[],
): ArgsPredicate {
  const tests: ArgsPredicate[] = [];
  for (const [i, m] of when.entries()) {
    const test = compileOne(m, `${path}[${i}]`, problems);
    if (test === undefined) return NEVER;
    tests.push(test);
  }
  return (args) => tests.every((t) => t(args));
}

function compileOne(m: ArgumentMatch, path: string, problems: Problem[]): ArgsPredicate | undefined {
  if (typeof m.argument !== 'string' || m.argument.length === 0) {
    problems.push(problem(`${path}.argument`, 'invalid-match', 'a condition needs an argument name'));
    return undefined;
  }
  let re: RE2JS | undefined;
  if (m.matches !== undefined) {
    try {
      re = RE2JS.compile(m.matches);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      problems.push(problem(`${path}.matches`, 'invalid-regex', `not an RE2 expression: ${why}`));
      return undefined;
    }
  }
  const { argument, equals, prefix, in: among } = m;
  return (args) => {
    const v = valueAt(args, argument);
    if (!isScalar(v)) return false;
    if (equals !== undefined && !same(v, equals)) return false;
    if (prefix !== undefined && !(typeof v === 'string' && v.startsWith(prefix))) return false;
    if (re !== undefined && !(typeof v !== 'boolean' && re.test(String(v)))) return false;
    if (among !== undefined && !among.some((x) => same(v, x))) return false;
    return true;
  };
}

/** The argument by name, or by a dotted path into objects (`options.path`). */
export function valueAt(args: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.hasOwn(args, name)) return args[name];
  let v: unknown = args;
  for (const part of name.split('.')) {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || !Object.hasOwn(v, part)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

function isScalar(v: unknown): v is Scalar {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** Scalars compare by their text, so `equals: 5` holds for `"5"`: arguments arrive as models wrote them. */
function same(a: Scalar, b: Scalar): boolean {
  return a === b || String(a) === String(b);
}

function problem(path: string, code: string, message: string): Problem {
  return { path, code, message, severity: 'error' };
}
