import type { ASTNode } from '@marcbachmann/cel-js';
import { CEL_HELPERS } from './cel-functions.js';
import { bool, celEquals, compare, comprehend, fail, field, index, size } from './cel-value-ops.js';

/**
 * A fast path for CEL: compile a type-checked cel-js AST into plain JS closures that read the
 * facts as they are (no conversion into CEL values, no per-call interpreter set-up). cel-js
 * spends microseconds per expression on this; a closure spends tens of nanoseconds.
 *
 * Only the part of CEL that rules use is compiled: literals, fact access, comparisons, `in`,
 * `&&`/`||`/`!`/`?:`, `size`, `has`, the string methods `contains`/`startsWith`/`endsWith`, the
 * macros `exists`/`all`/`exists_one`/`filter`, list literals, and our helpers. Anything else
 * returns undefined and the rule runs on cel-js itself. Semantics follow CEL: a missing key is an
 * error; `&&`/`||` and `exists`/`all` absorb an error when the other side decides the result.
 * test/cel-to-closure.test.ts checks every pack expression against cel-js on generated facts.
 */

/** The facts, and one slot per macro variable (bound at compile time to its nesting depth). */
export type Scope = { readonly root: Readonly<Record<string, unknown>>; readonly slots: unknown[] };
export type Closure = (scope: Scope) => unknown;

class Unsupported extends Error {}

export function celToClosure(ast: ASTNode): Closure | undefined {
  try {
    return compile(ast, []);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** `bound` lists the macro variables in scope, outermost first; a name's index is its slot. */
function compile(node: ASTNode, bound: readonly string[]): Closure {
  const sub = (n: ASTNode) => compile(n, bound);
  switch (node.op) {
    case 'value': {
      const v = node.args;
      return () => v;
    }
    case 'id': {
      const name = node.args;
      const slot = bound.lastIndexOf(name);
      if (slot >= 0) return (s) => s.slots[slot];
      return (s) => {
        const v = s.root[name];
        return v !== undefined && Object.hasOwn(s.root, name) ? v : fail(`Unknown variable: ${name}`);
      };
    }
    case '.': {
      const [of, key] = node.args;
      const obj = sub(of);
      return (s) => field(obj(s), key);
    }
    case '[]': {
      const obj = sub(node.args[0]);
      const key = sub(node.args[1]);
      return (s) => index(obj(s), key(s));
    }
    case '&&':
    case '||':
      return logical(node.op, sub(node.args[0]), sub(node.args[1]));
    case '!_': {
      const x = sub(node.args);
      return (s) => !bool(x(s));
    }
    case '?:': {
      const [c, a, b] = node.args.map(sub) as [Closure, Closure, Closure];
      return (s) => (bool(c(s)) ? a(s) : b(s));
    }
    case 'list': {
      const items = node.args.map(sub);
      return (s) => items.map((i) => i(s));
    }
    case '==':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
    case 'in':
      return binary(node.op, sub(node.args[0]), sub(node.args[1]));
    case 'call':
      return call(node.args[0], node.args[1], bound);
    case 'rcall':
      return method(node.args[0], node.args[1], node.args[2], bound);
    default:
      throw new Unsupported(node.op);
  }
}

/** CEL's commutative `&&`/`||`: an error on one side is absorbed if the other side decides. */
function logical(op: '&&' | '||', left: Closure, right: Closure): Closure {
  const decides = op === '||';
  return (s) => {
    let error: unknown;
    try {
      if (bool(left(s)) === decides) return decides;
    } catch (e) {
      error = e;
    }
    const r = bool(right(s));
    if (r === decides) return decides;
    if (error !== undefined) throw error;
    return r;
  };
}

function binary(op: string, left: Closure, right: Closure): Closure {
  switch (op) {
    case '==':
      return (s) => celEquals(left(s), right(s));
    case '!=':
      return (s) => !celEquals(left(s), right(s));
    case 'in':
      return (s) => {
        const x = left(s);
        const c = right(s);
        if (Array.isArray(c)) return c.some((y) => celEquals(x, y));
        if (typeof c === 'object' && c !== null) return typeof x === 'string' && Object.hasOwn(c, x);
        return fail('no such overload: in');
      };
    default:
      return (s) => compare(op, left(s), right(s));
  }
}

/** The same helper functions cel-js runs, by name, so the two paths cannot drift apart. */
const HELPERS: Readonly<Record<string, (...args: never[]) => unknown>> = Object.fromEntries(
  CEL_HELPERS.map((h) => [
    h.signature.slice(0, h.signature.indexOf('(')),
    h.handler as (...args: never[]) => unknown,
  ]),
);

function call(name: string, argNodes: readonly ASTNode[], bound: readonly string[]): Closure {
  if (name === 'has' && argNodes.length === 1 && argNodes[0]!.op === '.') {
    const [of, key] = (argNodes[0] as ASTNode & { op: '.' }).args;
    const obj = compile(of, bound);
    return (s) => {
      const o = obj(s);
      return typeof o === 'object' && o !== null && Object.hasOwn(o, key);
    };
  }
  const args = argNodes.map((n) => compile(n, bound));
  if (name === 'size' && args.length === 1) return (s) => size(args[0]!(s));
  const helper = HELPERS[name];
  if (helper === undefined) throw new Unsupported(name);
  return (s) => helper(...(args.map((a) => a(s)) as never[]));
}

const STRING_METHODS: Record<string, (s: string, x: string) => boolean> = {
  contains: (s, x) => s.includes(x),
  startsWith: (s, x) => s.startsWith(x),
  endsWith: (s, x) => s.endsWith(x),
};

function method(
  name: string,
  receiverNode: ASTNode,
  argNodes: readonly ASTNode[],
  bound: readonly string[],
): Closure {
  const receiver = compile(receiverNode, bound);
  const stringMethod = STRING_METHODS[name];
  if (stringMethod !== undefined && argNodes.length === 1) {
    const arg = compile(argNodes[0]!, bound);
    return (s) => {
      const r = receiver(s);
      const a = arg(s);
      return typeof r === 'string' && typeof a === 'string'
        ? stringMethod(r, a)
        : fail(`no such overload: ${name}`);
    };
  }
  if (name === 'size' && argNodes.length === 0) return (s) => size(receiver(s));
  const [varNode, bodyNode] = argNodes;
  if (argNodes.length !== 2 || varNode?.op !== 'id' || bodyNode === undefined) throw new Unsupported(name);
  if (!['exists', 'all', 'exists_one', 'filter'].includes(name)) throw new Unsupported(name);
  const slot = bound.length;
  return macro(name, receiver, slot, compile(bodyNode, [...bound, varNode.args]));
}

/** The comprehension macros, over a list's elements or a map's keys. */
function macro(name: string, receiver: Closure, slot: number, body: Closure): Closure {
  return (s) => {
    const r = receiver(s);
    if (typeof r !== 'object' || r === null) return fail(`no such overload: ${name}`);
    const items = Array.isArray(r) ? r : Object.keys(r);
    return comprehend(name, items, (item) => {
      s.slots[slot] = item;
      return bool(body(s));
    });
  };
}
