import type { Node } from 'yaml';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { CompiledRule } from './compile-rule.js';
import { compileRule } from './compile-rule.js';
import type { PolicyProblem } from './problems.js';
import type { Mode } from './verdict.js';
import { MODES } from './verdict.js';
import { ProblemSink } from './yaml-places.js';

/** One policy file (or pack), compiled: its settings and rules. Problems go to `problems`. */
export interface PolicyFile {
  mode?: Mode;
  strict?: boolean;
  rules: CompiledRule[];
}

const TOP_KEYS = ['rules', 'mode', 'strict'];

export function parsePolicyFile(file: string, text: string, problems: PolicyProblem[]): PolicyFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const sink = new ProblemSink(file, text, lines, problems);
  const out: PolicyFile = { rules: [] };
  for (const error of doc.errors)
    sink.at(error.pos[0], 'yaml-syntax', error.message.split('\n')[0] ?? error.code);
  if (doc.errors.length > 0) return out;
  const root = doc.contents;
  if (!isMap(root)) {
    sink.node(root, 'not-a-policy', 'a policy file is a map with a `rules:` list');
    return out;
  }
  let rulesNode: Node | null | undefined;
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const value = pair.value as Node | null;
    if (key === 'rules') rulesNode = value;
    else if (key === 'mode') {
      if (isScalar(value) && (MODES as readonly unknown[]).includes(value.value))
        out.mode = value.value as Mode;
      else sink.node(value, 'bad-mode', `mode is one of ${MODES.join(', ')}`);
    } else if (key === 'strict') {
      if (isScalar(value) && typeof value.value === 'boolean') out.strict = value.value;
      else sink.node(value, 'bad-strict', 'strict is true or false');
    } else {
      sink.node(
        pair.key as Node,
        'unknown-key',
        `unknown key '${key}' (a policy file has ${TOP_KEYS.join(', ')})`,
      );
    }
  }
  if (!isSeq(rulesNode)) {
    sink.node(rulesNode ?? root, 'rules-not-list', '`rules:` must be a list of rules');
    return out;
  }
  const seen = new Map<string, CompiledRule>();
  for (const item of rulesNode.items) {
    const rule = compileRule(item as Node | null, sink);
    if (rule === undefined) continue;
    const first = seen.get(rule.name);
    if (first !== undefined) {
      const at = `${first.source.line}:${first.source.col}`;
      sink.node(
        item as Node,
        'duplicate-rule',
        `rule '${rule.name}' is already defined in this file at ${at}`,
      );
      continue;
    }
    seen.set(rule.name, rule);
    out.rules.push(rule);
  }
  return out;
}
