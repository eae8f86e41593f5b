import type { ASTNode } from '@marcbachmann/cel-js';

/**
 * Questions the closure compiler asks of a cel-js AST at load, so that evaluation need not:
 * is this node a literal, which variables does it read, what are the operands of an `&&` chain,
 * does a rule only hold in one phase, and a key that names an expression whatever its spacing.
 */

export const MACROS: ReadonlySet<string> = new Set(['exists', 'all', 'exists_one', 'filter']);

/** A node that is a literal, as `{value}`; undefined for anything else. */
export function literal(node: ASTNode): { value: unknown } | undefined {
  return node.op === 'value' ? { value: node.args } : undefined;
}

/** The macro variable and body of `x.exists(v, body)` and friends, or undefined. */
export function macroParts(node: ASTNode): { name: string; variable: string; body: ASTNode } | undefined {
  if (node.op !== 'rcall' || !MACROS.has(node.args[0])) return undefined;
  const [varNode, body] = node.args[2];
  if (node.args[2].length !== 2 || varNode?.op !== 'id' || body === undefined) return undefined;
  return { name: node.args[0], variable: varNode.args, body };
}

/** The AST nodes directly under `node`, in evaluation order. */
function children(node: ASTNode): ASTNode[] {
  const out: ASTNode[] = [];
  const visit = (x: unknown) => {
    if (Array.isArray(x)) for (const y of x) visit(y);
    else if (typeof x === 'object' && x !== null && 'op' in x) out.push(x as ASTNode);
  };
  if (node.op !== 'value' && node.op !== 'id') visit(node.args);
  return out;
}

/** Whether `node` reads any of `names` as a free variable (a macro's own variable shadows). */
export function readsAny(node: ASTNode, names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  if (node.op === 'id') return names.has(node.args);
  const macro = macroParts(node);
  if (macro !== undefined) {
    if (readsAny((node as ASTNode & { op: 'rcall' }).args[1], names)) return true;
    if (!names.has(macro.variable)) return readsAny(macro.body, names);
    const inner = new Set(names);
    inner.delete(macro.variable);
    return readsAny(macro.body, inner);
  }
  return children(node).some((c) => readsAny(c, names));
}

/** The operands of a chain of `op` (`a && b && c`, however nested), left to right. */
export function operands(node: ASTNode, op: '&&' | '||'): ASTNode[] {
  if (node.op !== op) return [node];
  const [left, right] = node.args as [ASTNode, ASTNode];
  return [...operands(left, op), ...operands(right, op)];
}

/**
 * A top-level `phase == 'call'` (or `'result'`, or any string) among the operands of a rule's
 * `&&` chain: the rule cannot hold in any other phase, so the evaluator need not run it there,
 * and in that phase the operand is true and can be left out. Undefined when there is none.
 */
export function phaseGuard(ast: ASTNode): { phase: string; rest: ASTNode[] } | undefined {
  const all = operands(ast, '&&');
  const at = all.findIndex((n) => guardPhase(n) !== undefined);
  if (at < 0) return undefined;
  return { phase: guardPhase(all[at]!)!, rest: all.filter((_, i) => i !== at) };
}

function guardPhase(node: ASTNode): string | undefined {
  if (node.op !== '==') return undefined;
  const [a, b] = node.args as [ASTNode, ASTNode];
  const [id, value] = a.op === 'id' ? [a, b] : [b, a];
  if (id.op !== 'id' || id.args !== 'phase' || value.op !== 'value') return undefined;
  return typeof value.args === 'string' ? value.args : undefined;
}

/** A key for what an expression means, not how it was spaced: equal keys, equal expressions. */
export function astKey(node: ASTNode): string {
  if (node.op === 'value') {
    const v = node.args;
    const text = v instanceof Uint8Array ? Array.from(v).join(',') : String(v);
    return `${typeof v}:${JSON.stringify(text)}`;
  }
  if (node.op === 'id') return `id:${node.args}`;
  const own = Array.isArray(node.args) ? node.args.filter((x: unknown) => typeof x === 'string') : [];
  return `${node.op}${JSON.stringify(own)}(${children(node).map(astKey).join(',')})`;
}
