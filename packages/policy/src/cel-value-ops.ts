/**
 * What CEL's operators mean on plain fact values, for the closures of cel-to-closure.ts: an
 * error where CEL has one (a missing key, a wrong type), numbers compared across int and double.
 */

export const fail = (message: string): never => {
  throw new Error(message);
};

export function field(obj: unknown, key: string): unknown {
  if (typeof obj === 'object' && obj !== null) {
    const v = (obj as Record<string, unknown>)[key];
    // hasOwn keeps `args.constructor` from reaching Object.prototype.
    if (v !== undefined && !Array.isArray(obj) && Object.hasOwn(obj, key)) return v;
  }
  return fail(`No such key: ${key}`);
}

export function index(obj: unknown, key: unknown): unknown {
  if (Array.isArray(obj) && (typeof key === 'bigint' || typeof key === 'number')) {
    const i = Number(key);
    return i >= 0 && i < obj.length ? obj[i] : fail(`index out of range: ${i}`);
  }
  return typeof key === 'string' ? field(obj, key) : fail('no such overload: index');
}

export function bool(v: unknown): boolean {
  return typeof v === 'boolean' ? v : fail(`expected bool, got ${typeof v}`);
}

const isNum = (v: unknown): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';

/** CEL equality: numbers compare across int and double; lists and maps structurally. */
export function celEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string' || typeof a === 'boolean') return false;
  // int and double compare by value, as in CEL (3 == 3.0).
  if (isNum(a) && isNum(b)) return typeof a === typeof b ? a === b : Number(a) === Number(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => celEquals(x, b[i]))
    );
  }
  const ka = Object.keys(a);
  return (
    ka.length === Object.keys(b).length &&
    ka.every((k) => Object.hasOwn(b, k) && celEquals((a as never)[k], (b as never)[k]))
  );
}

export function compare(op: string, a: unknown, b: unknown): boolean {
  const ok = (isNum(a) && isNum(b)) || (typeof a === 'string' && typeof b === 'string');
  if (!ok) return fail(`no such overload: ${typeof a} ${op} ${typeof b}`);
  const x = a as number;
  const y = b as number;
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

/** CEL's size() as a double: code points of a string, elements of a list, entries of a map. */
export function sizeOf(v: unknown): number {
  if (typeof v === 'string') {
    let n = 0;
    // Iterating a string walks code points, as spreading it did, without building an array.
    for (const _ of v) n++;
    return n;
  }
  if (Array.isArray(v)) return v.length;
  if (typeof v === 'object' && v !== null) return Object.keys(v).length;
  return fail('no such overload: size');
}

export function size(v: unknown): bigint {
  return BigInt(sizeOf(v));
}
