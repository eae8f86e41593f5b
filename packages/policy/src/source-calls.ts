import type { ASTNode } from '@marcbachmann/cel-js';
import { astKey, literal, readsAny } from './cel-ast.js';
import type { Binding } from './closure-types.js';
import { boundNames, Unsupported } from './closure-types.js';
import { HELPER_NAMES } from './source-runtime.js';
import type { Emit, Emitted, Place } from './source-unit.js';
import { asBool, Frame, literalSource } from './source-unit.js';

/**
 * Calls, methods, macros and list literals in generated code. A constant list is made once, at
 * build time; a macro's loop is a function of its own in the program (called with the facts, the
 * receiver and the variables in scope), so it allocates nothing per call and V8 may inline it.
 */

export function emitCall(node: ASTNode & { op: 'call' }, place: Place, emit: Emit): Emitted {
  const [name, argNodes] = node.args;
  if (name === 'has' && argNodes.length === 1 && argNodes[0]!.op === '.') {
    const [of, key] = (argNodes[0] as ASTNode & { op: '.' }).args;
    const o = place.frame.temp();
    const code = `(typeof (${o} = ${emit(of, place).code}) === 'object' && ${o} !== null && rt.hasOwn(${o}, ${JSON.stringify(key)}))`;
    return { code, bool: true };
  }
  const args = argNodes.map((n) => emit(n, place).code);
  if (name === 'size' && args.length === 1) return { code: `rt.size(${args[0]})`, bool: false };
  if (!HELPER_NAMES.has(name)) throw new Unsupported(name);
  const fn = place.unit.constant(`rt.H[${JSON.stringify(name)}]`);
  return { code: `${fn}(${args.join(', ')})`, bool: false };
}

/** A list literal; a frozen constant when every item is a literal. */
export function emitList(items: readonly ASTNode[], place: Place, emit: Emit): Emitted {
  const literals = items.map(literal);
  if (literals.every((l) => l !== undefined)) {
    const source = literals.map((l) => literalSource(l!.value)).join(', ');
    return { code: place.unit.constant(`rt.freeze([${source}])`), bool: false };
  }
  return { code: `[${items.map((n) => emit(n, place).code).join(', ')}]`, bool: false };
}

/** CEL's string methods and the JS methods that mean the same on strings. */
const STRING_METHODS: Readonly<Record<string, string>> = {
  contains: 'includes',
  startsWith: 'startsWith',
  endsWith: 'endsWith',
};

export function emitMethod(node: ASTNode & { op: 'rcall' }, place: Place, emit: Emit): Emitted {
  const [name, receiverNode, argNodes] = node.args;
  const receiver = emit(receiverNode, place).code;
  const method = Object.hasOwn(STRING_METHODS, name) ? STRING_METHODS[name] : undefined;
  if (method !== undefined && argNodes.length === 1) {
    const r = place.frame.temp();
    const a = place.frame.temp();
    const arg = emit(argNodes[0]!, place).code;
    const code = `(typeof (${r} = ${receiver}) === 'string' && typeof (${a} = ${arg}) === 'string' ? ${r}.${method}(${a}) : rt.bail())`;
    return { code, bool: true };
  }
  if (name === 'size' && argNodes.length === 0) return { code: `rt.size(${receiver})`, bool: false };
  const [varNode, bodyNode] = argNodes;
  if (argNodes.length !== 2 || varNode?.op !== 'id' || bodyNode === undefined) throw new Unsupported(name);
  if (!Object.hasOwn(LOOPS, name)) throw new Unsupported(name);
  const over = readsAny(receiverNode, boundNames(place.bound)) ? undefined : astKey(receiverNode);
  const binding: Binding = { name: varNode.args, over, used: false };
  const fn = macroFunction(name as keyof typeof LOOPS, binding, bodyNode, place, emit);
  const inScope = place.bound.map((_, i) => `, v${i}, e${i}`).join('');
  return { code: `${fn}(f, ${receiver}${inScope})`, bool: name !== 'filter' };
}

/** What each macro does with the body's value of an item, and gives when the loop ends. */
const LOOPS = {
  exists: { init: '', each: (b: string) => `if (${b}) return true;`, end: 'false' },
  all: { init: '', each: (b: string) => `if (!${b}) return false;`, end: 'true' },
  exists_one: { init: 'let n = 0;', each: (b: string) => `if (${b}) n++;`, end: 'n === 1' },
  filter: {
    init: 'const out = [];',
    each: (b: string, v: string) => `if (${b}) out.push(${v});`,
    end: 'out',
  },
} as const;

/**
 * The macro's loop as a function `m(f, r, v0, e0, …)` declared in the unit. Over a map, the item
 * is the key and `e{slot}` its entry; a map with a key whose entry is undefined, or a list where
 * the body wants entries, is left to the closures (bail-out), as is a receiver of another kind.
 */
function macroFunction(
  name: keyof typeof LOOPS,
  binding: Binding,
  bodyNode: ASTNode,
  outer: Place,
  emit: Emit,
): string {
  const slot = outer.bound.length;
  const frame = new Frame();
  const place: Place = { unit: outer.unit, frame, bound: [...outer.bound, binding] };
  const body = asBool(emit(bodyNode, place), place);
  const loop = LOOPS[name];
  const v = `v${slot}`;
  const e = `e${slot}`;
  const params = outer.bound.map((_, i) => `, v${i}, e${i}`).join('');
  const entries = binding.used
    ? `const ${e} = r[${v}];\n    if (${e} === undefined) rt.bail();`
    : `const ${e} = undefined;`;
  // A list has no entries: `list[x]` means indexing it, which the closures do.
  const ranges = binding.used ? 'if (rt.isA(r)) rt.bail();' : '';
  const fn = outer.unit.name('m');
  outer.unit.head.push(
    `function ${fn}(f, r${params}) {
  ${frame.declare()}if (typeof r !== 'object' || r === null) rt.bail();
  ${ranges}
  const items = rt.isA(r) ? r : rt.keys(r);
  ${loop.init}
  for (let i = 0; i < items.length; i++) {
    const ${v} = items[i];
    ${entries}
    ${loop.each(body, v)}
  }
  return ${loop.end};
}`,
  );
  return fn;
}
