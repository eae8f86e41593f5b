import type { DeepPartial } from './complete-facts.js';
import { completeFacts } from './complete-facts.js';
import type { Facts } from './facts.js';
import type { Policy } from './policy.js';
import type { Effect, Verdict } from './verdict.js';

/** One `policy test` case: partial facts, the decision expected, and rules that must match. */
export interface PolicyCase {
  name: string;
  facts: DeepPartial<Facts>;
  expect: Effect;
  /** Rules that must be among the matched ones (others may match too). */
  rules?: readonly string[];
}

export interface PolicyCaseResult {
  name: string;
  pass: boolean;
  expected: Effect;
  /** The verdict's `decision` (what the rules say, whatever the mode). */
  actual: Effect;
  /** Listed rules that did not match. */
  missingRules: string[];
  verdict: Verdict;
}

/**
 * Run cases against a policy, for `mcp-trust policy test`. A case passes when the decision is
 * the expected one and every listed rule matched. The decision, not the action, is compared, so
 * the same cases hold in audit, warn and enforce mode.
 */
export function runPolicyCases(policy: Policy, cases: readonly PolicyCase[]): PolicyCaseResult[] {
  return cases.map((c) => {
    const verdict = policy.evaluate(completeFacts(c.facts));
    const matched = new Set(verdict.matched.map((m) => m.rule));
    const missingRules = (c.rules ?? []).filter((r) => !matched.has(r));
    const pass = verdict.decision === c.expect && missingRules.length === 0;
    return { name: c.name, pass, expected: c.expect, actual: verdict.decision, missingRules, verdict };
  });
}
