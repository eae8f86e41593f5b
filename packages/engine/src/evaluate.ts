import type { Effect, Facts, Mode, Verdict } from '@mcp-trust/policy';
import { actionFor } from '@mcp-trust/policy';

/**
 * What the engine needs of a policy. `@mcp-trust/policy`'s `Policy` (from `loadPolicy`) fits it
 * structurally; tests and embedders can hand in any object of this shape.
 */
export interface EnginePolicy {
  readonly mode: Mode;
  readonly strict?: boolean;
  evaluate(facts: Facts): Verdict;
}

/**
 * `policy.evaluate`, fail-closed: a policy that throws (it should not: rule errors are part of
 * the verdict) is treated like a rule that failed to evaluate — escalate, or block when strict.
 */
export function evaluate(policy: EnginePolicy, facts: Facts): Verdict {
  try {
    return policy.evaluate(facts);
  } catch (error) {
    const decision: Effect = policy.strict === true ? 'block' : 'escalate';
    const mode = policy.mode;
    return {
      decision,
      action: actionFor(decision, mode),
      mode,
      matched: [],
      errors: [
        {
          rule: '(policy)',
          message: `the policy threw: ${error instanceof Error ? error.message : String(error)}`,
          source: { file: '', line: 0, col: 0 },
        },
      ],
    };
  }
}
