import type { Node, YAMLMap } from 'yaml';
import { isMap, isScalar } from 'yaml';
import { compileTest } from './compile-test.js';
import type { EvalContext } from './eval-context.js';
import type { MessagePart } from './render-message.js';
import { compileTemplate } from './render-message.js';
import type { Effect, RuleSource } from './verdict.js';
import { EFFECTS } from './verdict.js';
import type { ProblemSink } from './yaml-places.js';

/** A rule ready to run: its test and message template were compiled at load. */
export interface CompiledRule {
  readonly name: string;
  readonly effect: Effect;
  readonly kind: 'cel' | 'conditions';
  readonly description: string;
  readonly source: RuleSource;
  readonly override: boolean;
  readonly message: readonly MessagePart[];
  /** Whether the rule matches; throws when it cannot be evaluated (the caller fails closed). */
  readonly test: (context: EvalContext) => boolean;
  /**
   * When the rule can only match in one phase: that phase, and a test that gives the same as
   * `test` in it. In any other phase the rule does not match and need not run.
   */
  readonly guard?: { readonly phase: string; readonly test: (context: EvalContext) => boolean };
}

const RULE_KEYS = ['name', 'effect', 'when', 'conditions', 'message', 'description', 'override'];

function scalarString(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

/** Compile one `rules:` item, reporting every problem in it; undefined if it has any. */
export function compileRule(node: Node | null, sink: ProblemSink): CompiledRule | undefined {
  if (!isMap(node)) {
    sink.node(node, 'rule-not-map', 'a rule is a map with name, effect, when or conditions, and message');
    return undefined;
  }
  const before = sink.problems.length;
  const get = (key: string) => node.items.find((p) => isScalar(p.key) && p.key.value === key);
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!RULE_KEYS.includes(key)) {
      sink.node(
        pair.key as Node,
        'unknown-key',
        `unknown key '${key}' in a rule (keys: ${RULE_KEYS.join(', ')})`,
      );
    }
  }
  const name = scalarString(get('name')?.value)?.trim();
  if (!name)
    sink.node((get('name')?.value as Node | undefined) ?? node, 'missing-name', 'a rule needs a name');
  const effect = checkEffect(node, get('effect')?.value as Node | undefined, sink);
  const test = compileTest(node, get, sink);
  const message = compileMessage(get('message')?.value as Node | undefined, sink);
  const overrideNode = get('override')?.value;
  if (overrideNode !== undefined && !(isScalar(overrideNode) && typeof overrideNode.value === 'boolean')) {
    sink.node(overrideNode as Node, 'unknown-key', "'override' is true or false");
  }
  if (sink.problems.length > before || !name || !effect || !test || !message) return undefined;
  const { line, col } = sink.placeOf(node);
  const description = scalarString(get('description')?.value) ?? '';
  const guard = test.guard && { phase: test.guard.phase, test: test.guard.run };
  return {
    ...(guard && { guard }),
    name,
    effect,
    kind: test.kind,
    description,
    source: { file: sink.file, line, col },
    override: isScalar(overrideNode) && overrideNode.value === true,
    message: message.length > 0 ? message : [description || `rule '${name}' matched`],
    test: test.run,
  };
}

function checkEffect(rule: YAMLMap, node: Node | undefined, sink: ProblemSink): Effect | undefined {
  if (node === undefined) {
    sink.node(rule, 'missing-effect', `a rule needs an effect (${EFFECTS.join(', ')})`);
    return undefined;
  }
  const value = scalarString(node);
  if (value === undefined || !(EFFECTS as readonly string[]).includes(value)) {
    sink.node(
      node,
      'unknown-effect',
      `unknown effect '${String(isScalar(node) ? node.value : '')}' (effects: ${EFFECTS.join(', ')})`,
    );
    return undefined;
  }
  return value as Effect;
}

function compileMessage(node: Node | undefined, sink: ProblemSink): readonly MessagePart[] | undefined {
  if (node === undefined) return [];
  const text = scalarString(node);
  if (text === undefined) {
    sink.node(node, 'bad-message', "'message' is a string");
    return undefined;
  }
  const template = compileTemplate(text.trim());
  if (!template.ok) {
    // trim() moved the text; find the index again in the untrimmed value.
    const lead = text.length - text.trimStart().length;
    sink.at(sink.offsetInScalar(node, lead + template.index), 'bad-message', template.message);
    return undefined;
  }
  return template.parts;
}
