import type { Verdict } from '@mcp-trust/policy';
import type { Json } from '../wire.js';

/** A tool error the model can read and a person can act on; the verdict rides in `_meta`. */
export function toolError(text: string, meta: Json = {}): Json {
  return { content: [{ type: 'text', text }], isError: true, _meta: meta };
}

/** "what was refused and why": every matched rule's message, strongest first. */
export function reasons(verdict: Verdict): string[] {
  const order = { block: 0, escalate: 1, warn: 2, allow: 3 } as const;
  const out = [...verdict.matched]
    .sort((a, b) => order[a.effect] - order[b.effect])
    .map((m) => `${m.rule}: ${m.message}`);
  for (const e of verdict.errors) out.push(`${e.rule} failed to evaluate (${e.message}); failing closed`);
  return out;
}

export function verdictMeta(verdict: Verdict): Json {
  return {
    decision: verdict.decision,
    action: verdict.action,
    mode: verdict.mode,
    rules: verdict.matched.map((m) => ({ rule: m.rule, effect: m.effect, message: m.message })),
    errors: verdict.errors.map((e) => ({ rule: e.rule, message: e.message })),
  };
}
