import type { ContractField } from './contract.js';

/**
 * A server said something outside its own contract: a resolution wider than the declaration, or
 * a result whose annotations fall outside the declared possible set. The label model takes the
 * worse of the two; the violation is kept so the operator can see who contradicted whom.
 */
export interface ContractViolation {
  readonly tool: string;
  readonly field: ContractField;
  /** `resolve`: from tools/resolve or an overlay resolver; `result`: from a result's annotations. */
  readonly phase: 'resolve' | 'result';
  readonly declared: readonly string[];
  readonly claimed: readonly string[];
  readonly message: string;
}

export function violation(
  tool: string,
  field: ContractField,
  phase: ContractViolation['phase'],
  declared: readonly string[],
  claimed: readonly string[],
): ContractViolation {
  const what = phase === 'resolve' ? 'resolved' : 'a result claimed';
  const fmt = (xs: readonly string[]) => (xs.length === 0 ? 'none' : xs.join(', '));
  return {
    tool,
    field,
    phase,
    declared,
    claimed,
    message: `${tool}: ${what} ${field} = {${fmt(claimed)}}, outside the declared {${fmt(declared)}}; the worse of the two is kept`,
  };
}
