import type { ASTNode } from '@marcbachmann/cel-js';
import { astKey } from './cel-ast.js';
import { fail } from './cel-value-ops.js';
import type { Closure } from './closure-types.js';
import type { Scope } from './eval-scope.js';

/**
 * Values computed once per decision and shared by every rule and message that needs them: the
 * top-level facts (`args` is read once per item of every macro over it) and helper calls that
 * read only the facts. Sound because helpers are pure and the facts do not change while a
 * decision runs. An error is not remembered: the expression runs again and fails again.
 *
 * One memo slot per distinct expression, across every policy loaded: two rules that write the
 * same call (whatever its spacing) share the slot, and so the result. Grows only at load.
 */
const MEMO_IDS = new Map<string, number>();

export function memoId(node: ASTNode): number {
  const key = astKey(node);
  let id = MEMO_IDS.get(key);
  if (id === undefined) {
    id = MEMO_IDS.size;
    MEMO_IDS.set(key, id);
  }
  return id;
}

export function memoised(id: number, run: Closure): Closure {
  return (s) => {
    if (s.memoEpoch[id] === s.epoch) return s.memoValue[id];
    const v = run(s);
    s.remember(id, v);
    return v;
  };
}

/** A top-level fact; `id` is the memo slot of the variable `name`. */
export function readRoot(s: Scope, id: number, name: string): unknown {
  if (s.memoEpoch[id] === s.epoch) return s.memoValue[id];
  const v = s.root[name];
  if (v === undefined || !Object.hasOwn(s.root, name)) return fail(`Unknown variable: ${name}`);
  s.remember(id, v);
  return v;
}
