/**
 * Tool-poisoning detector: a tool definition whose description or schema carries instructions to
 * the model — demands for secrets and files, rewrites of other tools' behaviour (shadowing),
 * concealment, hidden characters, `<IMPORTANT>` framing. Every string of the definition is read
 * with the injection rules in their tool-description mode, where the everyday imperatives of tool
 * documentation ("Use this tool to …", "Returns …") do not count.
 */
import { readInstructions } from './injection/read.js';
import type { Hit } from './injection/rule.js';
import { textsOf } from './poisoning/walk.js';
import type { Finding } from './types.js';

/** What the poisoning detector reads of a tool definition. */
export interface ToolDefinitionText {
  name: string;
  description?: string | undefined;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}

/** A hit this strong stands on its own; weaker ones count once per rule across the definition. */
const STRONG = 0.5;

/**
 * Adds the poisoning findings of `tool` to `out` (kind `poisoning`, rule `poisoning/NAME`). Spans
 * are offsets in the string named by the JSON path at the start of the message.
 */
export function detectPoisoning(tool: ToolDefinitionText, out: Finding[]): void {
  if (tool === null || typeof tool !== 'object') return;
  const { description, inputSchema, outputSchema, annotations } = tool;
  const found: { path: string; hit: Hit }[] = [];
  for (const { path, text } of textsOf({ description, inputSchema, outputSchema, annotations })) {
    for (const hit of readInstructions(text, 'tool')) found.push({ path, hit });
  }
  // A long schema repeats its weak phrases: across the definition, each weak rule counts once.
  const weakest = new Map<string, { path: string; hit: Hit }>();
  for (const f of found) {
    if (f.hit.score >= STRONG) continue;
    const best = weakest.get(f.hit.rule);
    if (best === undefined || f.hit.score > best.hit.score) weakest.set(f.hit.rule, f);
  }
  for (const f of found) {
    if (f.hit.score < STRONG && weakest.get(f.hit.rule) !== f) continue;
    const { rule, start, end, score, message } = f.hit;
    out.push({
      rule: `poisoning/${rule}`,
      kind: 'poisoning',
      start,
      end,
      score,
      message: `${f.path}: ${message}`,
    });
  }
}
