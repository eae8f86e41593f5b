import type { Effect, Facts, Mode, Verdict } from '@mcp-trust/policy';

/** A hand-written policy: each rule is a predicate over the facts, combined as the real policy does. */
export interface TestRule {
  name: string;
  effect: Effect;
  when: (f: Facts) => boolean;
}

const RANK: Record<Effect, number> = { allow: 0, warn: 1, escalate: 2, block: 3 };

export function testPolicy(rules: TestRule[], mode: Mode = 'enforce') {
  const seen: Facts[] = [];
  return {
    mode,
    seen,
    evaluate(facts: Facts): Verdict {
      seen.push(facts);
      let decision: Effect = 'allow';
      const matched = [];
      for (const r of rules) {
        if (!r.when(facts)) continue;
        if (RANK[r.effect] > RANK[decision]) decision = r.effect;
        matched.push({
          rule: r.name,
          effect: r.effect,
          message: r.name,
          source: { file: 'test', line: 1, col: 1 },
        });
      }
      return { decision, action: mode === 'audit' ? 'allow' : decision, mode, matched, errors: [] };
    },
  };
}

/** The SEP's example rules, by hand: open-world data to public → block; untrusted args steering action → escalate. */
export const SEP_RULES: TestRule[] = [
  {
    name: 'open-world-to-public',
    effect: 'block',
    when: (f) => f.phase === 'call' && f.tool.destination.includes('public') && f.argsLabel.openWorld,
  },
  {
    name: 'sensitive-to-public',
    effect: 'escalate',
    when: (f) =>
      f.phase === 'call' &&
      f.tool.destination.includes('public') &&
      Object.values(f.args).some((a) => !a.endorsed && a.label.sensitivity.some((t) => t !== 'unknown')),
  },
  {
    name: 'malicious-result',
    effect: 'escalate',
    when: (f) => f.phase === 'result' && f.response.label.malicious,
  },
];

export const text = (t: string, meta?: Record<string, unknown>) => ({
  content: [{ type: 'text', text: t }],
  ...(meta === undefined ? {} : { _meta: meta }),
});
