import type { Dialect, ReadResult } from './claims.js';
import type { Problem, Severity } from './problem.js';
import { childPath, problem } from './problem.js';
import { setOf } from './sets.js';

/**
 * Wire data reaches readers from servers we may not trust, and from callers who may hand us
 * anything: proxies whose traps throw, getters, cycles, sparse arrays of length 2^32-1. Every
 * access to input goes through this context, which catches what throws, bounds what is long, and
 * collects problems, so readers themselves stay plain and never throw.
 */

/** A value that could not be read (a throwing getter or proxy trap); its problem is already reported. */
export const UNREADABLE: unique symbol = Symbol('unreadable');

/** How a reader fails: tool claims drop a bad field (unknown = full set); data claims take the risky value. */
export type ReadMode = 'tool' | 'data';

/** Enum and data-class arrays have a handful of distinct members; anything longer is not a declaration. */
export const MAX_SET_ITEMS = 64;
export const MAX_ATTRIBUTION = 1024;
export const MAX_BLOCKS = 10_000;
const MAX_PROBLEMS = 100;
const MAX_SHOWN = 40;
const MAX_KEY_IN_PATH = 128;

export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return !Array.isArray(value);
  } catch {
    return false; // a revoked proxy
  }
}

export function isArray(value: unknown): value is readonly unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** A short, safe description of a value for messages: never calls `toString` or `JSON.stringify` on objects. */
export function show(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (value === UNREADABLE) return 'an unreadable value';
  if (isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** `childPath` with huge keys cut short, so one hostile key cannot bloat every problem. */
export function keyPath(path: string, key: string | number): string {
  if (typeof key === 'number' || key.length <= MAX_KEY_IN_PATH) return childPath(path, key);
  return childPath(path, `${key.slice(0, MAX_KEY_IN_PATH)}…`);
}

export class ReadContext {
  private readonly found: Problem[] = [];
  private readonly seen = new Set<Dialect>();
  private unlisted = 0;

  constructor(
    readonly mode: ReadMode,
    private readonly root: string,
  ) {}

  report(path: string, code: string, message: string, severity: Severity = 'error'): void {
    if (this.found.length < MAX_PROBLEMS) this.found.push(problem(path, code, message, severity));
    else this.unlisted++;
  }

  saw(dialect: Dialect): void {
    this.seen.add(dialect);
  }

  result<T>(value: T): ReadResult<T> {
    const problems = [...this.found];
    if (this.unlisted > 0) {
      problems.push(
        problem(this.root, 'too-many-problems', `${this.unlisted} more problems not listed`, 'warning'),
      );
    }
    return { value, problems, dialects: setOf(this.seen) };
  }

  /** Report a value of the wrong type, unless it was unreadable (already reported). */
  wrongType(path: string, value: unknown, expected: string): void {
    if (value !== UNREADABLE) this.report(path, 'invalid-type', `expected ${expected}, got ${show(value)}`);
  }

  keys(obj: object, path: string): string[] {
    try {
      return Object.keys(obj);
    } catch {
      this.report(path, 'unreadable', 'the keys of this object could not be read');
      return [];
    }
  }

  /** An own property; `undefined` when absent. Inherited properties (`__proto__`, `constructor`) are never seen. */
  get(obj: object, key: string, path: string): unknown {
    try {
      return Object.hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
    } catch {
      this.report(keyPath(path, key), 'unreadable', 'reading this value threw');
      return UNREADABLE;
    }
  }

  /** The items of an array, or `undefined` (reported) when it is longer than `max` or unreadable. */
  items(arr: readonly unknown[], path: string, max: number): unknown[] | undefined {
    const { items, complete } = this.head(arr, path, max);
    return complete ? items : undefined;
  }

  /** At most the first `max` items of an array; `complete` is false (and reported) when that is not all of them. */
  head(arr: readonly unknown[], path: string, max: number): { items: unknown[]; complete: boolean } {
    const items: unknown[] = [];
    try {
      const length = arr.length;
      if (!Number.isSafeInteger(length) || length < 0) throw new RangeError('bad length'); // a proxy's lie
      if (length > max) this.report(path, 'too-large', `${length} items; at most ${max} are read`);
      for (let i = 0; i < Math.min(length, max); i++) items.push(arr[i]);
      return { items, complete: length <= max };
    } catch {
      this.report(path, 'unreadable', 'the items of this array could not be read');
      return { items, complete: false };
    }
  }
}
