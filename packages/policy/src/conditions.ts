import type { Node } from 'yaml';
import { isMap, isScalar, isSeq } from 'yaml';
import { checkFactPath, resolvePath, splitPath } from './fact-paths.js';
import type { ProblemSink } from './yaml-places.js';

/**
 * SEP-1913's JSON conditions: `{fact, equals}`, `{fact, in}`, `{fact, contains}`, `{and}`,
 * `{or}`, `{not}`. Checked against the facts shape at load; evaluated against plain facts.
 *
 * Meaning, as in the SEP: `equals` against a list-valued fact is true when the list contains the
 * value. Such a fact is a *possible set* (`tool.annotations.inputMetadata.destination` may be
 * `"public"` or `["internal", "public"]`): a tool that may send to public may go public, so
 * `equals: "public"` must match both. A path that is missing matches nothing.
 */

export type Condition =
  | { op: 'equals' | 'contains'; path: readonly string[]; value: unknown }
  | { op: 'in'; path: readonly string[]; values: readonly unknown[] }
  | { op: 'and' | 'or'; of: readonly Condition[] }
  | { op: 'not'; of: Condition };

const LEAF_OPS = ['equals', 'in', 'contains'] as const;
const BRANCH_OPS = ['and', 'or', 'not'] as const;

/** Parse a `conditions` node; undefined when it has problems (reported to `sink`). */
export function parseCondition(node: Node | null, sink: ProblemSink): Condition | undefined {
  if (!isMap(node)) {
    sink.node(
      node,
      'bad-condition',
      'a condition is a map: {fact, equals|in|contains}, {and}, {or} or {not}',
    );
    return undefined;
  }
  const entries = new Map<string, Node | null>();
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    entries.set(key, pair.value as Node | null);
    const known = key === 'fact' || (LEAF_OPS as readonly string[]).includes(key);
    if (!known && !(BRANCH_OPS as readonly string[]).includes(key)) {
      sink.node(pair.key as Node, 'unknown-key', `unknown key '${key}' in a condition`);
      return undefined;
    }
  }
  const branch = BRANCH_OPS.filter((op) => entries.has(op));
  if (branch.length > 0) {
    if (entries.size !== 1) {
      sink.node(node, 'bad-condition', `'${branch[0]}' must be the only key of its condition`);
      return undefined;
    }
    return parseBranch(branch[0]!, entries.get(branch[0]!) ?? null, node, sink);
  }
  return parseLeaf(node, entries, sink);
}

function parseBranch(op: 'and' | 'or' | 'not', value: Node | null, at: Node, sink: ProblemSink) {
  if (op === 'not') {
    const inner = parseCondition(value, sink);
    return inner && ({ op, of: inner } as const);
  }
  if (!isSeq(value) || value.items.length === 0) {
    sink.node(value ?? at, 'bad-condition', `'${op}' takes a non-empty list of conditions`);
    return undefined;
  }
  const of = value.items.map((item) => parseCondition(item as Node | null, sink));
  return of.every((c) => c !== undefined) ? ({ op, of } as Condition) : undefined;
}

function parseLeaf(node: Node, entries: Map<string, Node | null>, sink: ProblemSink): Condition | undefined {
  const factNode = entries.get('fact');
  if (!isScalar(factNode) || typeof factNode.value !== 'string') {
    sink.node(factNode ?? node, 'bad-condition', "a condition needs 'fact: PATH' (or and/or/not)");
    return undefined;
  }
  const checked = checkFactPath(factNode.value);
  if (!checked.ok) {
    sink.node(factNode, 'unknown-fact', checked.message);
    return undefined;
  }
  const ops = LEAF_OPS.filter((op) => entries.has(op));
  if (ops.length !== 1) {
    sink.node(node, 'bad-condition', `a fact condition takes exactly one of equals, in, contains`);
    return undefined;
  }
  const op = ops[0]!;
  const valueNode = entries.get(op) ?? null;
  const value: unknown = valueNode?.toJSON() ?? null;
  const path = splitPath(factNode.value);
  if (op !== 'in') return { op, path, value };
  if (!Array.isArray(value)) {
    sink.node(valueNode ?? node, 'bad-condition', "'in' takes a list of values");
    return undefined;
  }
  return { op, path, values: value };
}

/**
 * The phase a condition can only hold in: a `{fact: phase, equals: '…'}` at its top or among the
 * operands of its top `and`. In any other phase (a string) that leaf is false, and so is the whole.
 */
export function conditionPhase(c: Condition): string | undefined {
  const leaves = c.op === 'and' ? c.of : [c];
  for (const leaf of leaves) {
    if (leaf.op !== 'equals' || typeof leaf.value !== 'string') continue;
    if (leaf.path.length === 1 && leaf.path[0] === 'phase') return leaf.value;
  }
  return undefined;
}

export function evaluateCondition(c: Condition, facts: unknown): boolean {
  switch (c.op) {
    case 'and':
      for (const x of c.of) if (!evaluateCondition(x, facts)) return false;
      return true;
    case 'or':
      for (const x of c.of) if (evaluateCondition(x, facts)) return true;
      return false;
    case 'not':
      return !evaluateCondition(c.of, facts);
    case 'equals': {
      const fact = resolvePath(facts, c.path);
      if (fact === undefined) return false;
      return Array.isArray(fact) && !Array.isArray(c.value) ? has(fact, c.value) : same(fact, c.value);
    }
    case 'in': {
      const fact = resolvePath(facts, c.path);
      if (fact === undefined) return false;
      if (!Array.isArray(fact)) return among(fact, c.values);
      for (const x of fact) if (among(x, c.values)) return true;
      return false;
    }
    case 'contains': {
      const fact = resolvePath(facts, c.path);
      if (typeof fact === 'string') return typeof c.value === 'string' && fact.includes(c.value);
      return Array.isArray(fact) && has(fact, c.value);
    }
  }
}

/** Whether `list` holds a value structurally equal to `value` (a loop: no callback per call). */
function has(list: readonly unknown[], value: unknown): boolean {
  for (let i = 0; i < list.length; i++) if (same(list[i], value)) return true;
  return false;
}

/** Whether `value` is structurally equal to one of `values`. */
function among(value: unknown, values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) if (same(value, values[i])) return true;
  return false;
}

/** Structural equality of JSON values. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
