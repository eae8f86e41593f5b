import * as policy from '@mcp-trust/policy';
import { describe, expect, it } from 'vitest';

/**
 * The runtime surface of @mcp-trust/policy (type-only exports leave no trace at runtime). A name
 * that appears or disappears here by accident is a breaking change or a leak.
 */
const EXPORTS = [
  'CEL_HELPERS',
  'EFFECTS',
  'MODES',
  'PACKS',
  'PACK_NAMES',
  'PROBLEM_CODES',
  'actionFor',
  'checkFactPath',
  'completeFacts',
  'defaultFacts',
  'formatProblem',
  'loadPolicy',
  'runPolicyCases',
  'strongest',
];

describe('@mcp-trust/policy exports', () => {
  it('are exactly the pinned names', () => {
    expect(Object.keys(policy).sort()).toEqual([...EXPORTS].sort());
  });

  it('pin the packs and the effects order', () => {
    expect(policy.PACK_NAMES).toEqual(['default', 'sep-examples']);
    expect(policy.EFFECTS).toEqual(['allow', 'warn', 'escalate', 'block']);
  });
});
