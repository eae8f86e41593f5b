/**
 * Prompt-injection detector: text in tool output (or any data) that tries to instruct the model.
 * Rules live in `injection/rules/`, one file per family; each is a small grammar over word classes
 * (`injection/lexicon.ts`) run only where its trigger words occur.
 */
import { readInstructions } from './injection/read.js';
import type { Finding } from './types.js';

/** Adds the prompt-injection findings of `text` to `out` (kind `injection`, rule `injection/NAME`). */
export function detectInjection(text: string, out: Finding[]): void {
  readRules(text, out, true);
}

/**
 * `detectInjection`, with the rules' everyday trigger words (send, export, call…) read only when
 * `near` (scan.ts leaves them out where the classifier is sure the text is benign).
 */
export function readRules(text: string, out: Finding[], near: boolean): void {
  if (typeof text !== 'string' || text.length === 0) return;
  for (const h of readInstructions(text, 'data', near)) {
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
