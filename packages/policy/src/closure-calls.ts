import type { ASTNode } from '@marcbachmann/cel-js';
import { astKey, literal, readsAny } from './cel-ast.js';
import { CEL_HELPERS } from './cel-functions.js';
import { bool, fail, size } from './cel-value-ops.js';
import { NOT_AN_ENTRY } from './closure-access.js';
import { memoId, memoised } from './closure-memo.js';
import type { Binding, Closure, Compile } from './closure-types.js';
import { boundNames, Unsupported } from './closure-types.js';
import type { Scope } from './eval-scope.js';

/**
 * Function calls, methods, macros and list literals. Two things make them cheap: a helper call
 * that reads only the facts (`sensitiveArgs(args)`, `intersects(tool.outcomes, [...])`) is
 * computed once per decision and shared by every rule and message that writes it, and nothing
 * here allocates per call what could be made at load (constant lists, the macro loop's callback).
 */

/** The same helper functions cel-js runs, by name, so the two paths cannot drift apart. */
const HELPERS: Readonly<Record<string, (...args: never[]) => unknown>> = Object.fromEntries(
  CEL_HELPERS.map((h) => [
    h.signature.slice(0, h.signature.indexOf('(')),
    h.handler as (...args: never[]) => unknown,
  ]),
);

export function compileCall(node: ASTNode & { op: 'call' }, bound: readonly Binding[], compile: Compile) {
  const [name, argNodes] = node.args;
  if (name === 'has' && argNodes.length === 1 && argNodes[0]!.op === '.') {
    const [of, key] = (argNodes[0] as ASTNode & { op: '.' }).args;
    const obj = compile(of, bound);
    return (s: Scope) => {
      const o = obj(s);
      return typeof o === 'object' && o !== null && Object.hasOwn(o, key);
    };
  }
  const args = argNodes.map((n) => compile(n, bound));
  if (name === 'size' && args.length === 1) {
    const x = args[0]!;
    return (s: Scope) => size(x(s));
  }
  const helper = HELPERS[name];
  if (helper === undefined) throw new Unsupported(name);
  const run = fixedArity(helper, args);
  return readsAny(node, boundNames(bound)) ? run : memoised(memoId(node), run);
}

/** No spread and no argument array for the arities helpers have. */
function fixedArity(helper: (...args: never[]) => unknown, args: readonly Closure[]): Closure {
  const call = helper as (...args: unknown[]) => unknown;
  const [a, b] = args;
  if (args.length === 1) return (s) => call(a!(s));
  if (args.length === 2) return (s) => call(a!(s), b!(s));
  return (s) => call(...args.map((x) => x(s)));
}

/** A list literal; made once when every item is a literal (no one writes to it: it is frozen). */
export function compileList(items: readonly ASTNode[], bound: readonly Binding[], compile: Compile): Closure {
  const literals = items.map(literal);
  if (literals.every((l) => l !== undefined)) {
    const value = Object.freeze(literals.map((l) => l!.value));
    return () => value;
  }
  const parts = items.map((n) => compile(n, bound));
  return (s) => {
    const out = new Array<unknown>(parts.length);
    for (let i = 0; i < parts.length; i++) out[i] = parts[i]!(s);
    return out;
  };
}

const STRING_METHODS: Record<string, (s: string, x: string) => boolean> = {
  contains: (s, x) => s.includes(x),
  startsWith: (s, x) => s.startsWith(x),
  endsWith: (s, x) => s.endsWith(x),
};

export function compileMethod(node: ASTNode & { op: 'rcall' }, bound: readonly Binding[], compile: Compile) {
  const [name, receiverNode, argNodes] = node.args;
  const receiver = compile(receiverNode, bound);
  const stringMethod = STRING_METHODS[name];
  if (stringMethod !== undefined && argNodes.length === 1) {
    const arg = compile(argNodes[0]!, bound);
    return (s: Scope) => {
      const r = receiver(s);
      const a = arg(s);
      return typeof r === 'string' && typeof a === 'string'
        ? stringMethod(r, a)
        : fail(`no such overload: ${name}`);
    };
  }
  if (name === 'size' && argNodes.length === 0) return (s: Scope) => size(receiver(s));
  const [varNode, bodyNode] = argNodes;
  if (argNodes.length !== 2 || varNode?.op !== 'id' || bodyNode === undefined) throw new Unsupported(name);
  const slot = bound.length;
  const over = readsAny(receiverNode, boundNames(bound)) ? undefined : astKey(receiverNode);
  const binding: Binding = { name: varNode.args, over, used: false };
  const body = compile(bodyNode, [...bound, binding]);
  const loop: Loop = { name, receiver, slot, body, entries: binding.used };
  switch (name) {
    case 'exists':
      return quantifier(true, loop);
    case 'all':
      return quantifier(false, loop);
    case 'exists_one':
      return existsOne(loop);
    case 'filter':
      return filter(loop);
    default:
      throw new Unsupported(name);
  }
}

interface Loop {
  readonly name: string;
  readonly receiver: Closure;
  readonly slot: number;
  readonly body: Closure;
  /** Whether the body reads `map[k]` as the entry (closure-access.ts). */
  readonly entries: boolean;
}

/** What a macro ranges over: a list's elements or a map's keys. */
function itemsOf(r: unknown, name: string): readonly unknown[] {
  if (typeof r !== 'object' || r === null) return fail(`no such overload: ${name}`);
  return Array.isArray(r) ? r : Object.keys(r);
}

/** Bind item `i` of `items` (from receiver value `r`) to the loop's variable, and its entry. */
function bind(s: Scope, loop: Loop, r: unknown, items: readonly unknown[], i: number): unknown {
  const item = items[i];
  s.slots[loop.slot] = item;
  if (loop.entries) {
    s.entries[loop.slot] = items === r ? NOT_AN_ENTRY : (r as Record<string, unknown>)[item as string];
  }
  return item;
}

/**
 * `exists` (decides on true) and `all` (decides on false): an item that decides ends the loop;
 * an error is absorbed if some item decides, else the first error is the result.
 */
function quantifier(decides: boolean, loop: Loop): Closure {
  const { name, receiver, body } = loop;
  return (s) => {
    const r = receiver(s);
    const items = itemsOf(r, name);
    let error: unknown;
    for (let i = 0; i < items.length; i++) {
      bind(s, loop, r, items, i);
      try {
        if (bool(body(s)) === decides) return decides;
      } catch (e) {
        error ??= e;
      }
    }
    if (error !== undefined) throw error;
    return !decides;
  };
}

function existsOne(loop: Loop): Closure {
  const { receiver, body } = loop;
  return (s) => {
    const r = receiver(s);
    const items = itemsOf(r, 'exists_one');
    let n = 0;
    for (let i = 0; i < items.length; i++) {
      bind(s, loop, r, items, i);
      if (bool(body(s))) n++;
    }
    return n === 1;
  };
}

function filter(loop: Loop): Closure {
  const { receiver, body } = loop;
  return (s) => {
    const r = receiver(s);
    const items = itemsOf(r, 'filter');
    const out: unknown[] = [];
    for (let i = 0; i < items.length; i++) {
      const item = bind(s, loop, r, items, i);
      if (bool(body(s))) out.push(item);
    }
    return out;
  };
}
