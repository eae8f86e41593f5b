import { actionFor, failClosedEffect, strongest } from './combine.js';
import type { CompiledRule } from './compile-rule.js';
import { EvalContext } from './eval-context.js';
import type { Facts } from './facts.js';
import { renderMessage } from './render-message.js';
import type { Effect, MatchedRule, Mode, RuleError, RuleSource, Verdict } from './verdict.js';
import { EFFECTS } from './verdict.js';

/** What a loaded policy tells about each of its rules. */
export interface RuleInfo {
  readonly name: string;
  readonly effect: Effect;
  readonly source: RuleSource;
  readonly description: string;
  readonly kind: 'cel' | 'conditions';
}

export interface Policy {
  readonly mode: Mode;
  readonly strict: boolean;
  readonly rules: readonly RuleInfo[];
  /** Decide on one set of facts. No parsing, no I/O: everything was compiled at load. */
  evaluate(facts: Facts): Verdict;
}

/**
 * A rule as one phase runs it, flat, so the decision loop reads one object per rule; `rank` is
 * its effect's place in EFFECTS (the decision is kept as a rank while rules run).
 */
interface Step {
  readonly rule: CompiledRule;
  readonly test: (context: EvalContext) => boolean;
  readonly rank: number;
}

const step = (rule: CompiledRule, test: Step['test']): Step => ({
  rule,
  test,
  rank: EFFECTS.indexOf(rule.effect),
});

/**
 * Which rules to run for a decision, chosen by its phase at load: a rule guarded by
 * `phase == 'call'` cannot match a result, so the result phase never runs it, and the call phase
 * runs it without the guard. Facts whose phase is not a string run every rule in full.
 */
function planByPhase(rules: readonly CompiledRule[]) {
  const every: Step[] = rules.map((rule) => step(rule, rule.test));
  const unguarded = every.filter((s) => s.rule.guard === undefined);
  const byPhase: Record<string, readonly Step[]> = Object.create(null);
  for (const { guard } of rules) {
    if (guard === undefined || Object.hasOwn(byPhase, guard.phase)) continue;
    const phase = guard.phase;
    const steps: Step[] = [];
    for (const rule of rules) {
      if (rule.guard === undefined) steps.push(step(rule, rule.test));
      else if (rule.guard.phase === phase) steps.push(step(rule, rule.guard.test));
    }
    byPhase[phase] = steps;
  }
  return (facts: Facts): readonly Step[] => {
    const phase =
      typeof facts === 'object' && facts !== null && Object.hasOwn(facts, 'phase') ? facts.phase : 0;
    if (typeof phase !== 'string') return every;
    return byPhase[phase] ?? unguarded;
  };
}

export function makePolicy(rules: readonly CompiledRule[], mode: Mode, strict: boolean): Policy {
  const infos: RuleInfo[] = rules.map(({ name, effect, source, description, kind }) =>
    Object.freeze({ name, effect, source, description, kind }),
  );
  const plan = planByPhase(rules);
  // One context serves every decision; a second is made only if evaluate is re-entered.
  let spare: EvalContext | undefined = new EvalContext();
  return Object.freeze({
    mode,
    strict,
    rules: Object.freeze(infos),
    evaluate(facts: Facts): Verdict {
      const context = (spare ?? new EvalContext()).begin(facts);
      spare = undefined;
      try {
        return decide(plan(facts), context, mode, strict);
      } finally {
        context.end();
        spare = context;
      }
    },
  });
}

/** One pass over the phase's rules; allocates the verdict and its entries, nothing else. */
function decide(steps: readonly Step[], context: EvalContext, mode: Mode, strict: boolean): Verdict {
  let rank = 0;
  const matched: MatchedRule[] = [];
  const errors: RuleError[] = [];
  for (let i = 0; i < steps.length; i++) {
    const { rule, test } = steps[i]!;
    let hit: boolean;
    try {
      hit = test(context);
    } catch (error) {
      errors.push({ rule: rule.name, message: errorMessage(error), source: rule.source });
      continue;
    }
    if (!hit) continue;
    if (steps[i]!.rank > rank) rank = steps[i]!.rank;
    const message = renderMessage(rule.message, context);
    matched.push({ rule: rule.name, effect: rule.effect, message, source: rule.source });
  }
  let decision: Effect = EFFECTS[rank]!;
  if (errors.length > 0) decision = strongest(decision, failClosedEffect(strict));
  return { decision, action: actionFor(decision, mode), mode, matched, errors };
}

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}
