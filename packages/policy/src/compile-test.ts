import type { Node, YAMLMap } from 'yaml';
import { isScalar } from 'yaml';
import { compileCel } from './compile-cel.js';
import type { Condition } from './conditions.js';
import { conditionPhase, evaluateCondition, parseCondition } from './conditions.js';
import type { EvalContext } from './eval-context.js';
import type { ProblemSink } from './yaml-places.js';

export type RuleTest = {
  kind: 'cel' | 'conditions';
  run: (context: EvalContext) => boolean;
  /** When the rule can only hold in one phase: that phase, and a test that may assume it. */
  guard?: { phase: string; run: (context: EvalContext) => boolean };
};

/** Compile a rule's `when` (CEL) or `conditions` (SEP JSON) into its test; exactly one must be there. */
export function compileTest(
  rule: YAMLMap,
  get: (key: string) => { value: unknown } | undefined,
  sink: ProblemSink,
): RuleTest | undefined {
  const when = get('when');
  const conditions = get('conditions');
  if (when && conditions) {
    sink.node(
      conditions.value as Node,
      'when-and-conditions',
      "a rule has either 'when' or 'conditions', not both",
    );
    return undefined;
  }
  if (conditions) {
    const condition: Condition | undefined = parseCondition(conditions.value as Node | null, sink);
    if (condition === undefined) return undefined;
    const run = (context: EvalContext) => evaluateCondition(condition, context.facts);
    const phase = conditionPhase(condition);
    return phase === undefined
      ? { kind: 'conditions', run }
      : { kind: 'conditions', run, guard: { phase, run } };
  }
  if (!when) {
    sink.node(rule, 'no-condition', "a rule needs 'when' (CEL) or 'conditions' (the SEP's JSON form)");
    return undefined;
  }
  const whenNode = when.value as Node;
  const expression = expressionText(whenNode, sink);
  if (expression === undefined) {
    sink.node(whenNode, 'cel-parse', "'when' is a CEL expression written as a string");
    return undefined;
  }
  const compiled = compileCel(expression, true);
  if (!compiled.ok) {
    const offset = sink.offsetInScalar(whenNode, compiled.index ?? 0);
    sink.at(offset, compiled.code, `in 'when': ${compiled.message}`);
    return undefined;
  }
  if (compiled.type !== 'bool') {
    sink.node(
      whenNode,
      'when-not-bool',
      `'when' must be a bool expression, this one is ${compiled.type}` +
        (compiled.type === 'dyn' ? ' (compare explicitly, e.g. `== true`)' : ''),
    );
    return undefined;
  }
  // compileCel made these throw unless they give a bool.
  const run = compiled.program as (context: EvalContext) => boolean;
  const guard = compiled.guard;
  return guard === undefined
    ? { kind: 'cel', run }
    : {
        kind: 'cel',
        run,
        guard: { phase: guard.phase, run: guard.program as (context: EvalContext) => boolean },
      };
}

/** YAML reads `when: true` or `when: 1` as a bool or a number; CEL wants the text as written. */
function expressionText(node: Node, sink: ProblemSink): string | undefined {
  if (!isScalar(node)) return undefined;
  if (typeof node.value === 'string') return node.value;
  if (node.type !== 'PLAIN' || node.range === undefined || node.range === null) return undefined;
  return sink.text.slice(node.range[0], node.range[1]);
}
