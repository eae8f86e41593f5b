/**
 * The timeline the example prints: one line per tool call (tool, decision, why), and the session's
 * label whenever a call raised it. Nothing here decides anything; it words what the session said.
 */
import type { EscalationQuestion, TrustSession } from '@mcp-trust/client';

type Label = TrustSession['label'];

/** A label in a few words: `open-world, malicious, sources internal+untrustedPublic, data pii`. */
export function labelText(label: Label): string {
  const flags = [label.openWorld && 'open-world', label.malicious && 'malicious'].filter(Boolean);
  const sources = label.sources.length === 0 ? 'none' : label.sources.join('+');
  const data = label.sensitivity.length === 0 ? 'none' : label.sensitivity.join('+');
  return [...flags, `sources ${sources}`, `data ${data}`].join(', ');
}

export interface Step {
  tool: string;
  decision: string;
  /** The rules that matched, in the verdicts or the refusal. */
  rules: readonly string[];
  /** The question the person was asked during the call, if any. */
  asked?: EscalationQuestion | undefined;
  /** A refusal's reasons: for a withheld result, they include what the detectors found. */
  reasons?: readonly string[];
}

export function timeline(): (step: Step, session: Label) => void {
  let last = '';
  return ({ tool, decision, rules, asked, reasons = [] }, session) => {
    const why = rules.length === 0 ? ['no rule matched'] : [...new Set(rules)];
    // Where the data in a question came from: per argument, the origins of the values in it.
    if (asked?.phase === 'call') {
      for (const [arg, origins] of Object.entries(asked.origins)) why.push(`${arg} ← ${origins.join(' ')}`);
    }
    // What the detectors found in a flagged result (rule names and scores, never the content).
    why.push(...reasons.filter((r) => r.startsWith('detectors:')));
    console.log(`  ${tool.padEnd(18)} ${decision.padEnd(22)} ${why.join('; ')}`);
    const now = labelText(session);
    if (now !== last) console.log(`  ${''.padEnd(41)} ↳ session now: ${now}`);
    last = now;
  };
}
