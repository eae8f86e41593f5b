import type { Finding } from '@mcp-trust/detectors';
import type { Verdict } from '@mcp-trust/policy';

const ORDER = { block: 0, escalate: 1, warn: 2, allow: 3 } as const;

/**
 * "What was refused and why", for people and models: every matched rule as `rule: message`,
 * strongest effect first, then every rule that failed to evaluate (the verdict failed closed on
 * it). Drivers (gateway, client library) word their refusals and questions around this list, so a
 * policy reads the same whichever of them enforces it.
 */
export function verdictReasons(verdict: Verdict): string[] {
  const out = [...verdict.matched]
    .sort((a, b) => ORDER[a.effect] - ORDER[b.effect])
    .map((m) => `${m.rule}: ${m.message}`);
  for (const e of verdict.errors) out.push(`${e.rule} failed to evaluate (${e.message}); failing closed`);
  return out;
}

/** A verdict as plain JSON for `_meta["mcp-trust/verdict"]`: no rule sources, nothing a model needn't see. */
export interface VerdictJson {
  decision: Verdict['decision'];
  action: Verdict['action'];
  mode: Verdict['mode'];
  rules: { rule: string; effect: Verdict['decision']; message: string }[];
  errors: { rule: string; message: string }[];
}

export function verdictJson(verdict: Verdict): VerdictJson {
  return {
    decision: verdict.decision,
    action: verdict.action,
    mode: verdict.mode,
    rules: verdict.matched.map((m) => ({ rule: m.rule, effect: m.effect, message: m.message })),
    errors: verdict.errors.map((e) => ({ rule: e.rule, message: e.message })),
  };
}

/**
 * The detectors' strongest reasons to call a result malicious, as one line (or none): rule names
 * and scores only, since this text reaches the model and a finding's message may quote the
 * content being withheld.
 */
export function findingReasons(findings: readonly Finding[]): string[] {
  const strongest = findings
    .filter((f) => f.kind === 'injection' || f.kind === 'poisoning')
    .sort((a, b) => b.score - a.score)
    .slice(0, 3);
  if (strongest.length === 0) return [];
  return [`detectors: ${strongest.map((f) => `${f.rule} (${f.score.toFixed(2)})`).join(', ')}`];
}
