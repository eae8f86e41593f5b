import type { ASTNode } from '@marcbachmann/cel-js';
import { astKey, readsAny } from './cel-ast.js';
import { boundNames, slotOf, Unsupported } from './closure-types.js';
import { ROOT_FIELDS } from './facts-schema.js';
import type { Emit, Emitted, Place } from './source-unit.js';
import { emitField } from './source-unit.js';

/**
 * Fact access in generated code: a top-level fact, a macro variable, and `.field` / `[key]`
 * chains under them, each step an inline read of its own (source-unit.ts `emitField`). Inside a
 * macro over a map, `map[k]` is the entry the loop already holds (`e{slot}`), as in the closures.
 */

const ROOTS: ReadonlySet<string> = new Set(Object.keys(ROOT_FIELDS));

export function emitVariable(node: ASTNode & { op: 'id' }, place: Place): Emitted {
  const slot = slotOf(place.bound, node.args);
  if (slot >= 0) return { code: `v${slot}`, bool: false };
  // Only the schema's facts are variables; the checker said so, and the source relies on it.
  if (!ROOTS.has(node.args)) throw new Unsupported(`variable ${node.args}`);
  const v = place.frame.temp();
  const k = JSON.stringify(node.args);
  // As readRoot: own and defined. The facts are a plain object; anything else takes rt.root.
  return {
    code: `((${v} = f[${k}]) !== undefined && rt.gp(f) === rt.OP && rt.OP[${k}] === undefined ? ${v} : rt.root(f, ${k}))`,
    bool: false,
  };
}

/** `x.a[k].b…`, for a node whose op is `.` or `[]`. */
export function emitPath(node: ASTNode, place: Place, emit: Emit): Emitted {
  if (node.op === '.') {
    const [of, key] = node.args;
    return { code: emitField(emit(of, place).code, key, place), bool: false };
  }
  if (node.op !== '[]') throw new Unsupported(node.op);
  const [of, key] = node.args;
  const entry = entrySlot(node, place);
  if (entry >= 0) return { code: `e${entry}`, bool: false };
  // `x['a']` is `x.a`: index() with a string key is field().
  if (key.op === 'value' && typeof key.args === 'string') {
    return { code: emitField(emit(of, place).code, key.args, place), bool: false };
  }
  return { code: `rt.index(${emit(of, place).code}, ${emit(key, place).code})`, bool: false };
}

/**
 * The slot of the macro whose entry `node` is (`args[k]` inside `args.exists(k, …)`), or -1; as
 * closure-access.ts decides it. The macro's loop bails out when the map is a list.
 */
function entrySlot(node: ASTNode & { op: '[]' }, place: Place): number {
  const [of, key] = node.args;
  if (key.op !== 'id') return -1;
  const slot = slotOf(place.bound, key.args);
  const binding = place.bound[slot];
  if (binding?.over === undefined || readsAny(of, boundNames(place.bound))) return -1;
  if (astKey(of) !== binding.over) return -1;
  binding.used = true;
  return slot;
}
