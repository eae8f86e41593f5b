import type { ASTNode } from '@marcbachmann/cel-js';
import { literal } from './cel-ast.js';
import type { Emit, Emitted, Place } from './source-unit.js';
import { literalSource } from './source-unit.js';

/**
 * `==`, `!=`, `in` and the orderings in generated code, inlined where a side is a literal: with
 * a string, bool or null literal CEL equality is JS identity (as in closure-operators.ts), so
 * `x in ['a', 'b']` is `x === "a" || x === "b"`, and `'a' in list` is `list.includes("a")`.
 * Otherwise the exact operation of the closures is called (source-runtime.ts).
 */

type Binary = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in';

/** A literal whose CEL equality with anything is JS identity, as source; undefined otherwise. */
function identitySource(node: ASTNode): string | undefined {
  const v = literal(node)?.value;
  return typeof v === 'string' || typeof v === 'boolean' || v === null ? literalSource(v) : undefined;
}

export function emitBinary(op: Binary, left: ASTNode, right: ASTNode, place: Place, emit: Emit): Emitted {
  if (op === '==' || op === '!=') return equality(op === '!=', left, right, place, emit);
  if (op === 'in') return membership(left, right, place, emit);
  const sized = sizeComparison(op, left, right, place, emit);
  if (sized !== undefined) return { code: sized, bool: true };
  const code = `rt.compare(${JSON.stringify(op)}, ${emit(left, place).code}, ${emit(right, place).code})`;
  return { code, bool: true };
}

function equality(negate: boolean, left: ASTNode, right: ASTNode, place: Place, emit: Emit): Emitted {
  const onRight = identitySource(right);
  const lit = onRight ?? identitySource(left);
  if (lit !== undefined) {
    const other = emit(onRight !== undefined ? left : right, place).code;
    return { code: `(${other} ${negate ? '!==' : '==='} ${lit})`, bool: true };
  }
  const code = `rt.eq(${emit(left, place).code}, ${emit(right, place).code})`;
  return { code: negate ? `(!${code})` : code, bool: true };
}

function membership(left: ASTNode, right: ASTNode, place: Place, emit: Emit): Emitted {
  const items = right.op === 'list' ? right.args.map(identitySource) : undefined;
  if (items?.every((s) => s !== undefined)) {
    if (items.length === 0) return { code: `(${emit(left, place).code}, false)`, bool: true };
    const x = place.frame.temp();
    const tests = items.map((s, i) =>
      i === 0 ? `(${x} = ${emit(left, place).code}) === ${s}` : `${x} === ${s}`,
    );
    return { code: `(${tests.join(' || ')})`, bool: true };
  }
  const lit = literal(left)?.value;
  if (typeof lit === 'string') {
    const c = place.frame.temp();
    const s = literalSource(lit);
    return {
      code: `(rt.isA(${c} = ${emit(right, place).code}) ? ${c}.includes(${s}) : rt.member(${s}, ${c}))`,
      bool: true,
    };
  }
  return { code: `rt.member(${emit(left, place).code}, ${emit(right, place).code})`, bool: true };
}

/** The orderings as JS operators (a table, so only these reach the source). */
const ORDER: Readonly<Record<string, string>> = { '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

/** `size(x) OP n` / `n OP size(x)` with n an exact number: count as a double, as the closures do. */
function sizeComparison(
  binary: Binary,
  left: ASTNode,
  right: ASTNode,
  place: Place,
  emit: Emit,
): string | undefined {
  const op = Object.hasOwn(ORDER, binary) ? ORDER[binary] : undefined;
  if (op === undefined) return undefined;
  const leftSized = sizeCall(left);
  const rightN = exactNumber(right);
  if (leftSized !== undefined && rightN !== undefined) {
    return `(${count(emit(leftSized, place).code, place)} ${op} ${literalSource(rightN)})`;
  }
  const rightSized = sizeCall(right);
  const leftN = exactNumber(left);
  if (rightSized !== undefined && leftN !== undefined) {
    return `(${literalSource(leftN)} ${op} ${count(emit(rightSized, place).code, place)})`;
  }
  return undefined;
}

/** sizeOf(x), with a list's length read inline. */
function count(of: string, place: Place): string {
  const t = place.frame.temp();
  return `(rt.isA(${t} = ${of}) ? ${t}.length : rt.sizeOf(${t}))`;
}

function exactNumber(node: ASTNode): number | undefined {
  const v = literal(node)?.value;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint' && BigInt(Number(v)) === v) return Number(v);
  return undefined;
}

function sizeCall(node: ASTNode): ASTNode | undefined {
  if (node.op === 'call' && node.args[0] === 'size' && node.args[1].length === 1) return node.args[1][0];
  if (node.op === 'rcall' && node.args[0] === 'size' && node.args[2].length === 0) return node.args[1];
  return undefined;
}
