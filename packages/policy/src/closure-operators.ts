import type { ASTNode } from '@marcbachmann/cel-js';
import { literal } from './cel-ast.js';
import { celEquals, compare, fail, sizeOf } from './cel-value-ops.js';
import type { Closure, Sub } from './closure-types.js';

/**
 * `==`, `!=`, `in` and the orderings, specialised at load where a side is a literal: a fact
 * compared with a string, bool or null literal is plain `===` (that is all celEquals does with
 * such a value), and `size(x) > 0` counts without making a bigint.
 */

type Binary = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in';

export function compileBinary(op: Binary, leftNode: ASTNode, rightNode: ASTNode, compile: Sub): Closure {
  if (op === '==' || op === '!=') return equality(op === '!=', leftNode, rightNode, compile);
  if (op === 'in') return membership(compile(leftNode), compile(rightNode));
  const sized = sizeComparison(op, leftNode, rightNode, compile);
  if (sized !== undefined) return sized;
  const left = compile(leftNode);
  const right = compile(rightNode);
  return (s) => compare(op, left(s), right(s));
}

/** A literal whose CEL equality with anything is JS identity. */
function identityLiteral(node: ASTNode): { value: unknown } | undefined {
  const lit = literal(node);
  if (lit === undefined) return undefined;
  const v = lit.value;
  return typeof v === 'string' || typeof v === 'boolean' || v === null ? lit : undefined;
}

function equality(negate: boolean, leftNode: ASTNode, rightNode: ASTNode, compile: Sub): Closure {
  const onRight = identityLiteral(rightNode);
  const lit = onRight ?? identityLiteral(leftNode);
  if (lit !== undefined) {
    const other = compile(onRight !== undefined ? leftNode : rightNode);
    const v = lit.value;
    return negate ? (s) => other(s) !== v : (s) => other(s) === v;
  }
  const left = compile(leftNode);
  const right = compile(rightNode);
  return negate ? (s) => !celEquals(left(s), right(s)) : (s) => celEquals(left(s), right(s));
}

function membership(left: Closure, right: Closure): Closure {
  return (s) => {
    const x = left(s);
    const c = right(s);
    if (Array.isArray(c)) {
      // For a string or bool, celEquals is identity, which is what includes() tests.
      if (typeof x === 'string' || typeof x === 'boolean') return c.includes(x);
      for (let i = 0; i < c.length; i++) if (celEquals(x, c[i])) return true;
      return false;
    }
    if (typeof c === 'object' && c !== null) return typeof x === 'string' && Object.hasOwn(c, x);
    return fail('no such overload: in');
  };
}

/** A number literal that converts to a double exactly, as a double. */
function exactNumber(node: ASTNode): number | undefined {
  const lit = literal(node);
  const v = lit?.value;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint' && BigInt(Number(v)) === v) return Number(v);
  return undefined;
}

function sizeCall(node: ASTNode): ASTNode | undefined {
  if (node.op === 'call' && node.args[0] === 'size' && node.args[1].length === 1) return node.args[1][0];
  if (node.op === 'rcall' && node.args[0] === 'size' && node.args[2].length === 0) return node.args[1];
  return undefined;
}

const ORDER: Readonly<Record<string, (a: number, b: number) => boolean>> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

/**
 * `size(x) OP n` or `n OP size(x)`: size() is an int (a bigint), but comparing the count as a
 * double with n is the same comparison, since both are exact. Order of evaluation is kept.
 */
function sizeComparison(op: Binary, leftNode: ASTNode, rightNode: ASTNode, compile: Sub) {
  const test = ORDER[op];
  if (test === undefined) return undefined;
  const leftSized = sizeCall(leftNode);
  const rightN = exactNumber(rightNode);
  if (leftSized !== undefined && rightN !== undefined) {
    const of = compile(leftSized);
    return (s: Parameters<Closure>[0]) => test(sizeOf(of(s)), rightN);
  }
  const rightSized = sizeCall(rightNode);
  const leftN = exactNumber(leftNode);
  if (rightSized !== undefined && leftN !== undefined) {
    const of = compile(rightSized);
    return (s: Parameters<Closure>[0]) => test(leftN, sizeOf(of(s)));
  }
  return undefined;
}
