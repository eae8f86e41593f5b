import type { ASTNode } from '@marcbachmann/cel-js';
import { astKey, readsAny } from './cel-ast.js';
import { fail, field, index } from './cel-value-ops.js';
import { memoId, readRoot } from './closure-memo.js';
import type { Binding, Closure, Compile } from './closure-types.js';
import { boundNames, slotOf } from './closure-types.js';
import type { Scope } from './eval-scope.js';

/**
 * Fact access: a variable, and chains of `.field` and `[key]` under it
 * (`args[k].label.sensitivity`). A chain becomes one closure that walks its steps in a loop,
 * rather than one closure per step calling the next: closures built from the same code share
 * one call site, so every extra level is another call V8 cannot inline. In a macro over a map,
 * `map[k]` is the entry the macro already holds (closure-types.ts, `Binding`).
 */

const FIELD = 0;
const SLOT = 1;
const DYNAMIC = 2;

/** One step of a chain, all of one shape so the walk stays monomorphic. */
interface Step {
  readonly kind: typeof FIELD | typeof SLOT | typeof DYNAMIC;
  /** FIELD: the field name. */
  readonly key: string;
  /** SLOT: the macro variable whose value is the index. */
  readonly slot: number;
  /** DYNAMIC: the index, computed. */
  readonly of: Closure | undefined;
}

export function compileVariable(node: ASTNode & { op: 'id' }, bound: readonly Binding[]): Closure {
  const name = node.args;
  const slot = slotOf(bound, name);
  if (slot >= 0) return (s) => s.slots[slot];
  const id = memoId(node);
  return (s) => readRoot(s, id, name);
}

/** `x.a[k].b…`, for a node whose op is `.` or `[]`. */
export function compilePath(node: ASTNode, bound: readonly Binding[], compile: Compile): Closure {
  const steps: Step[] = [];
  let base = node;
  for (;;) {
    const entry = entrySlot(base, bound);
    if (entry >= 0)
      return fromEntry(entry, steps.reverse(), compile((base as ASTNode & { op: '[]' }).args[0], bound));
    if (base.op === '.') {
      steps.push({ kind: FIELD, key: base.args[1], slot: -1, of: undefined });
      base = base.args[0];
    } else if (base.op === '[]') {
      steps.push(indexStep(base.args[1], bound, compile));
      base = base.args[0];
    } else break;
  }
  steps.reverse();
  if (base.op === 'id') {
    const name = base.args;
    const slot = slotOf(bound, name);
    if (slot >= 0) return (s) => walk(s.slots[slot], steps, s);
    const id = memoId(base);
    return (s) => walk(readRoot(s, id, name), steps, s);
  }
  const start = compile(base, bound);
  return (s) => walk(start(s), steps, s);
}

/**
 * The slot of the macro whose entry `node` is (`args[k]` inside `args.exists(k, …)`), or -1.
 * Both `args` must read only the facts, so that they are the same map.
 */
function entrySlot(node: ASTNode, bound: readonly Binding[]): number {
  if (node.op !== '[]' || node.args[1].op !== 'id') return -1;
  const slot = slotOf(bound, node.args[1].args);
  const binding = bound[slot];
  if (binding?.over === undefined || readsAny(node.args[0], boundNames(bound))) return -1;
  if (astKey(node.args[0]) !== binding.over) return -1;
  binding.used = true;
  return slot;
}

/** A macro over a list has no entries; then `list[x]` is indexed as written. */
export const NOT_AN_ENTRY: unique symbol = Symbol('not an entry');

function fromEntry(slot: number, steps: readonly Step[], map: Closure): Closure {
  return (s) => {
    const e = s.entries[slot];
    if (e === NOT_AN_ENTRY) return walk(index(map(s), s.slots[slot]), steps, s);
    // What field() says of a key the map has, with nothing under it.
    if (e === undefined) return fail(`No such key: ${String(s.slots[slot])}`);
    return walk(e, steps, s);
  };
}

function indexStep(key: ASTNode, bound: readonly Binding[], compile: Compile): Step {
  // `x['a']` is `x.a`: index() with a string key is field().
  if (key.op === 'value' && typeof key.args === 'string') {
    return { kind: FIELD, key: key.args, slot: -1, of: undefined };
  }
  const slot = key.op === 'id' ? slotOf(bound, key.args) : -1;
  if (slot >= 0) return { kind: SLOT, key: '', slot, of: undefined };
  return { kind: DYNAMIC, key: '', slot: -1, of: compile(key, bound) };
}

function walk(start: unknown, steps: readonly Step[], s: Scope): unknown {
  let o = start;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.kind === FIELD) o = field(o, step.key);
    else if (step.kind === SLOT) o = index(o, s.slots[step.slot]);
    else o = index(o, step.of!(s));
  }
  return o;
}
