/**
 * Prompt-injection detector: text in tool output (or any data) that tries to instruct the model.
 * Rules live in `injection/rules/`, one file per family; each is a small grammar over word classes
 * (`injection/lexicon.ts`) run only where its trigger words occur.
 */
import { readInstructions } from './injection/read.js';
import type { Finding } from './types.js';

/** Adds the prompt-injection findings of `text` to `out` (kind `injection`, rule `injection/NAME`). */
export function detectInjection(text: string, out: Finding[]): void {
  if (typeof text !== 'string' || text.length === 0) return;
  for (const h of readInstructions(text, 'data')) {
    out.push({
      rule: `injection/${h.rule}`,
      kind: 'injection',
      start: h.start,
      end: h.end,
      score: h.score,
      message: h.message,
    });
  }
}
