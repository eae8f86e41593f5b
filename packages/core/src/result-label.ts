import type { DataClaims } from './claims.js';
import type { ContractSetField, ToolContract } from './contract.js';
import type { ContractViolation } from './contract-violation.js';
import { violation } from './contract-violation.js';
import type { SensitivityTag } from './data-class.js';
import type { Source, Unknown } from './enums.js';
import type { DataLabel } from './label.js';
import { makeLabel } from './label.js';
import { fieldWithin } from './narrow-contract.js';
import { setOf, union } from './sets.js';

/**
 * The label of a result: the contract's possible set for each field, narrowed by the result's own
 * (already trust-filtered) claims. A complete claim inside the declared set narrows it; a claim
 * outside it is a violation and the label takes both (the worse). A partial claim (holding
 * `unknown`) only adds. Where the contract declares nothing, the label says `unknown`, which
 * counts as possibly open-world: missing annotations are unknown, not safe.
 */
export function labelResult(
  contract: ToolContract,
  claims: DataClaims,
): { label: DataLabel; violations: ContractViolation[] } {
  const violations: ContractViolation[] = [];
  const pick = <T extends string>(field: ContractSetField, claimed: readonly T[] | undefined): T[] => {
    const declared = contract.declared[field];
    const base = (declared ? contract[field] : ['unknown']) as T[];
    if (claimed === undefined) return base;
    const partial = claimed.includes('unknown' as T);
    const members = setOf(claimed.filter((m) => m !== 'unknown'));
    if (declared && !fieldWithin(field, members, contract[field])) {
      violations.push(violation(contract.tool, field, 'result', contract[field], members));
      return union(base, members);
    }
    if (partial) return union(base, members);
    return members;
  };
  let sources = pick<Source | Unknown>('returnSource', claims.sources);
  const sensitivity = pick<SensitivityTag>('returnSensitivity', claims.sensitivity);
  let openWorld =
    claims.openWorld === true || sources.includes('untrustedPublic') || sources.includes('unknown');
  if (claims.openWorld === false && !claimedOpenWorldSource(claims)) {
    // A believed "not open-world" rules out the untrusted source the contract allowed.
    const rest = sources.filter((s) => s !== 'untrustedPublic');
    if (rest.length > 0) sources = rest;
    openWorld = sources.includes('untrustedPublic');
  }
  const label = makeLabel({
    openWorld,
    malicious: claims.malicious === true,
    private: claims.private ?? contract.hints.privateHint === true,
    sensitiveLevel: claims.sensitiveLevel ?? contract.sensitiveLevel ?? 'none',
    sources,
    sensitivity,
    attribution: claims.attribution ?? contract.attribution,
  });
  return { label, violations };
}

function claimedOpenWorldSource(claims: DataClaims): boolean {
  return claims.sources?.includes('untrustedPublic') === true;
}

/** What a result of this tool is labelled when it carries no annotations of its own. */
export function expectedLabel(contract: ToolContract): DataLabel {
  return labelResult(contract, {}).label;
}
