import { CEL_HELPERS } from './cel-functions.js';
import { celEquals, compare, fail, field, index, size, sizeOf } from './cel-value-ops.js';

/**
 * Everything generated code can reach: it is built with `new Function('rt', …)` in the global
 * scope, so this object is its only link to the module. The fast paths are written inline by the
 * generator; these are the exact (slower) operations it falls back to inside an expression, and
 * `bail`, which gives up on the generated code so that the closure path decides (cel-to-source.ts).
 */

/** Thrown by generated code that meets something it does not handle; never escapes a program. */
const BAIL = new Error('generated code bailed out');

export function bail(): never {
  throw BAIL;
}

/** A top-level fact as the closures read it: own, and not undefined. */
function root(facts: Readonly<Record<string, unknown>>, name: string): unknown {
  const v = facts[name];
  return v !== undefined && Object.hasOwn(facts, name) ? v : fail(`Unknown variable: ${name}`);
}

/** `x in c`, as closure-operators.ts means it. */
function member(x: unknown, c: unknown): boolean {
  if (Array.isArray(c)) {
    if (typeof x === 'string' || typeof x === 'boolean') return c.includes(x);
    for (let i = 0; i < c.length; i++) if (celEquals(x, c[i])) return true;
    return false;
  }
  if (typeof c === 'object' && c !== null) return typeof x === 'string' && Object.hasOwn(c, x);
  return bail();
}

/** One step of a `conditions` fact path (fact-paths.ts resolvePath): undefined where missing. */
function step(value: unknown, segment: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.hasOwn(value, segment) ? (value as Record<string, unknown>)[segment] : undefined;
}

const HELPERS: Readonly<Record<string, (...args: never[]) => unknown>> = Object.fromEntries(
  CEL_HELPERS.map((h) => [
    h.signature.slice(0, h.signature.indexOf('(')),
    h.handler as (...args: never[]) => unknown,
  ]),
);

/** Helper names generated code may call (a call to anything else is not generated). */
export const HELPER_NAMES: ReadonlySet<string> = new Set(Object.keys(HELPERS));

export const RUNTIME = Object.freeze({
  OP: Object.prototype,
  gp: Object.getPrototypeOf,
  isA: Array.isArray,
  keys: Object.keys,
  hasOwn: Object.hasOwn,
  freeze: Object.freeze,
  bail,
  field,
  root,
  index,
  eq: celEquals,
  compare,
  member,
  size,
  sizeOf,
  step,
  H: HELPERS,
});

export type Runtime = typeof RUNTIME;
