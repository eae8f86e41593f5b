import { actionFor, failClosedEffect, strongest } from './combine.js';
import type { CompiledRule } from './compile-rule.js';
import { evalContext } from './eval-context.js';
import type { Facts } from './facts.js';
import { renderMessage } from './render-message.js';
import type { Effect, MatchedRule, Mode, RuleError, RuleSource, Verdict } from './verdict.js';

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

export function makePolicy(rules: readonly CompiledRule[], mode: Mode, strict: boolean): Policy {
  const infos: RuleInfo[] = rules.map(({ name, effect, source, description, kind }) =>
    Object.freeze({ name, effect, source, description, kind }),
  );
  return Object.freeze({
    mode,
    strict,
    rules: Object.freeze(infos),
    evaluate(facts: Facts): Verdict {
      // Shared by every rule and message of this decision.
      const context = evalContext(facts);
      let decision: Effect = 'allow';
      const matched: MatchedRule[] = [];
      const errors: RuleError[] = [];
      for (const rule of rules) {
        let hit: boolean;
        try {
          hit = rule.test(context);
        } catch (error) {
          errors.push({ rule: rule.name, message: errorMessage(error), source: rule.source });
          continue;
        }
        if (!hit) continue;
        decision = strongest(decision, rule.effect);
        const message = renderMessage(rule.message, context);
        matched.push({ rule: rule.name, effect: rule.effect, message, source: rule.source });
      }
      if (errors.length > 0) decision = strongest(decision, failClosedEffect(strict));
      return { decision, action: actionFor(decision, mode), mode, matched, errors };
    },
  });
}

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}
