/** Reads a text for injection: the plain reading, a de-obfuscated one where needed, settled. */
import { collect, windows } from './engine.js';
import { fold } from './obfuscation.js';
import type { Hit, Mode } from './rule.js';
import { agentGuide } from './rules/context.js';
import { settle } from './settle.js';

/** What disguising a signal adds to it. */
const DISGUISED = 0.25;
/** How far around a disguised word the second reading looks. */
const REACH = 1500;

/**
 * The settled hits of `text`, read as tool output (`data`) or as a tool definition (`tool`).
 * `near: false` skips the rules' everyday trigger words (send, export, call…, `nearWords` and
 * `nearSymbols`), which otherwise count near another hit or anywhere in a short text.
 */
export function readInstructions(text: string, mode: Mode, near = true): Hit[] {
  const { hits, hidden, suspects } = collect(text, mode, near);
  // Most texts: nothing found, nothing disguised.
  if (hits.length === 0 && hidden.length === 0 && suspects.length === 0) return hits;
  const spots = suspects.map((at) => ({ start: at, end: at + 1 }));
  for (const [a, b] of windows(spots, text.length, REACH)) {
    const folded = fold(text.slice(a, b));
    const second = collect(folded.text, mode, near);
    const at = (i: number): number => a + (folded.map[i] ?? b - a);
    for (const h of second.hits) {
      const start = at(h.start);
      const end = at(h.end);
      if (hits.some((r) => r.rule === h.rule && r.start < end && start < r.end)) continue;
      hits.push({ ...h, start, end });
      hits.push({
        rule: 'obfuscated',
        start,
        end,
        score: DISGUISED,
        message: `disguised spelling (look-alike letters, leetspeak or hidden characters) of ${h.rule}`,
      });
    }
    for (const [s, e] of second.hidden) hidden.push([at(s), at(e)]);
  }
  const settled = settle(hits, hidden);
  if (mode === 'data' && agentGuide(text))
    for (let i = 0; i < settled.length; i++) {
      const h = settled[i]!;
      if (FORM_ONLY.has(h.rule))
        settled[i] = { ...h, score: h.score * GUIDE, message: `${h.message} (in a guide for coding agents)` };
    }
  return settled;
}

/** What an agent guide's form alone weighs: its address, orders and role words are its purpose. */
const GUIDE = 0.5;
/** Findings about a text's form (whom it speaks to, that it gives orders), not about what it asks. */
const FORM_ONLY = new Set(['addressed-to-model', 'directive', 'tool-call', 'output-control', 'role-marker']);
