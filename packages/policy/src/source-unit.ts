import type { ASTNode } from '@marcbachmann/cel-js';
import type { Binding } from './closure-types.js';
import { Unsupported } from './closure-types.js';

/**
 * The generator's bookkeeping (cel-to-source.ts): a `Unit` is one generated program, holding
 * declarations made once at build time; a `Frame` is one JS function inside it, with its
 * temporaries. Every identifier they hand out is a prefix and a counter, never rule text.
 */

export interface Emitted {
  /** A JS expression (parenthesised where it is not atomic). */
  readonly code: string;
  /** Whether it always gives a JS bool (or throws). */
  readonly bool: boolean;
}

/** Where an expression is being generated: its program, its function, the macro variables in scope. */
export interface Place {
  readonly unit: Unit;
  readonly frame: Frame;
  /** Macro variables, outermost first; slot `i` is `v{i}` (its entry, for a map, `e{i}`). */
  readonly bound: readonly Binding[];
}

export type Emit = (node: ASTNode, place: Place) => Emitted;

export class Unit {
  readonly head: string[] = [];
  private next = 0;

  /** A fresh name for a declaration (`c` constant, `m` macro function, `h` helper). */
  name(prefix: 'c' | 'm' | 'h'): string {
    return `${prefix}${this.next++}`;
  }

  /** Declare `const NAME = INIT;` once, at build time. */
  constant(init: string): string {
    const name = this.name('c');
    this.head.push(`const ${name} = ${init};`);
    return name;
  }
}

export class Frame {
  private count = 0;

  temp(): string {
    return `t${this.count++}`;
  }

  /** The `let` of every temporary handed out. */
  declare(): string {
    if (this.count === 0) return '';
    return `let ${Array.from({ length: this.count }, (_, i) => `t${i}`).join(', ')};\n`;
  }
}

/**
 * A literal as JS source, only once its type is known: a string through `JSON.stringify`, a
 * finite number or a bigint through `String()` of the checked value. Anything else is not generated.
 */
export function emitLiteral(value: unknown): Emitted {
  return { code: literalSource(value), bool: typeof value === 'boolean' };
}

export function literalSource(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (value === null) return 'null';
  if (typeof value === 'bigint') return `(${String(value)}n)`;
  if (typeof value === 'number' && Number.isFinite(value)) {
    return Object.is(value, -0) ? '(-0)' : `(${String(value)})`;
  }
  throw new Unsupported(`literal of type ${typeof value}`);
}

/** `x` as a bool, or a bail-out where it is not one. */
export function asBool(x: Emitted, place: Place): string {
  if (x.bool) return x.code;
  const t = place.frame.temp();
  return `(typeof (${t} = ${x.code}) === 'boolean' ? ${t} : rt.bail())`;
}

/**
 * `o[key]` as `field()` gives it (own, not undefined, `o` not a list), inline: an object whose
 * prototype is `Object.prototype`, which lacks `key`, can only have found it as its own (V8
 * folds both tests for a known shape). Anything else takes `rt.field`, exact and slower.
 */
export function emitField(of: string, key: string, place: Place): string {
  const o = place.frame.temp();
  const v = place.frame.temp();
  const k = JSON.stringify(key);
  return (
    `((${v} = (${o} = ${of})[${k}]) !== undefined && rt.gp(${o}) === rt.OP && rt.OP[${k}] === undefined` +
    ` && !rt.isA(${o}) ? ${v} : rt.field(${o}, ${k}))`
  );
}
