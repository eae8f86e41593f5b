import type { ASTNode } from '@marcbachmann/cel-js';
import type { Scope } from './eval-scope.js';

/** A compiled CEL expression: reads the facts and macro variables of `scope`, throws on a CEL error. */
export type Closure = (scope: Scope) => unknown;

/**
 * A macro variable in scope; its index in the bound list is its slot. When the macro ranges over
 * the keys of a map that only the facts decide (`args.exists(k, …)`), `over` names that map
 * (an astKey) and the macro also puts `map[k]` into `scope.entries[slot]`, so that `args[k]` in
 * the body is a slot read. `used` tells the macro whether the body wants that.
 */
export interface Binding {
  readonly name: string;
  readonly over: string | undefined;
  used: boolean;
}

/** Compile a sub-expression with the macro variables `bound` (outermost first) in scope. */
export type Compile = (node: ASTNode, bound: readonly Binding[]) => Closure;

/** `Compile` with the macro variables of the node at hand already applied. */
export type Sub = (node: ASTNode) => Closure;

/** Thrown while compiling a construct the fast path does not know: cel-js runs that expression. */
export class Unsupported extends Error {}

/** The slot of the innermost macro variable called `name`, or -1 for a fact. */
export function slotOf(bound: readonly Binding[], name: string): number {
  for (let i = bound.length - 1; i >= 0; i--) if (bound[i]!.name === name) return i;
  return -1;
}

export function boundNames(bound: readonly Binding[]): ReadonlySet<string> {
  return new Set(bound.map((b) => b.name));
}
