import { buildContract } from './build-contract.js';
import type { ToolClaims } from './claims.js';
import type { ContractSetField, FieldOrigin, ToolContract } from './contract.js';
import { CONTRACT_SET_FIELDS } from './contract.js';
import type { ContractViolation } from './contract-violation.js';
import { violation } from './contract-violation.js';
import { tagsWithin } from './data-class.js';
import { maxLevel, rankOf, SENSITIVE_LEVELS } from './enums.js';
import type { HintName } from './hints.js';
import { HINT_NAMES, isRiskRaising } from './hints.js';
import { isSubset, setOf, union } from './sets.js';

export function fieldWithin(field: ContractSetField, a: readonly string[], b: readonly string[]): boolean {
  return field === 'inputSensitivity' || field === 'returnSensitivity' ? tagsWithin(a, b) : isSubset(a, b);
}

/**
 * Narrow a contract by a resolution (`tools/resolve`, or an overlay resolver) for one call's
 * arguments. A resolution must narrow: resolved ⊆ declared. A wider answer is a violation; where
 * DESIGN says "keep the declared set" we keep declared ∪ resolved instead, because a server that
 * contradicts itself is believed in its worse claim (as with results). The resolution is expected
 * to be trust-filtered already (an untrusted server cannot narrow anything).
 */
export function narrowContract(
  contract: ToolContract,
  resolved: ToolClaims,
  origin: FieldOrigin = 'resolved',
): { contract: ToolContract; violations: ContractViolation[] } {
  const violations: ContractViolation[] = [];
  const narrowed: ToolClaims = { hints: {} };
  for (const field of CONTRACT_SET_FIELDS) {
    const r = resolved[field];
    if (r === undefined) continue;
    const claimed = setOf<string>(r);
    if (fieldWithin(field, claimed, contract[field])) {
      (narrowed as Record<ContractSetField, string[]>)[field] = claimed;
    } else {
      violations.push(violation(contract.tool, field, 'resolve', contract[field], claimed));
      (narrowed as Record<ContractSetField, string[]>)[field] = union(
        setOf<string>(contract[field]),
        claimed,
      );
    }
  }
  for (const name of HINT_NAMES) {
    const r = resolved.hints[name];
    if (r === undefined) continue;
    const d = contract.hints[name];
    if (d !== undefined && d !== r && isRiskRaising(name, r)) {
      violations.push(violation(contract.tool, name, 'resolve', [String(d)], [String(r)]));
    }
    narrowed.hints[name] = r;
  }
  if (resolved.sensitiveLevel !== undefined) {
    const d = contract.sensitiveLevel ?? 'none';
    const r = resolved.sensitiveLevel;
    if (contract.sensitiveLevel !== undefined && rankOf(SENSITIVE_LEVELS, r) > rankOf(SENSITIVE_LEVELS, d)) {
      violations.push(violation(contract.tool, 'sensitiveLevel', 'resolve', [d], [r]));
      narrowed.sensitiveLevel = maxLevel(d, r);
    } else {
      narrowed.sensitiveLevel = r;
    }
  }
  if (resolved.attribution !== undefined) narrowed.attribution = resolved.attribution;
  return { contract: overlay(contract, narrowed, origin), violations };
}

/** The contract with the given claims laid over it, field by field. */
function overlay(contract: ToolContract, claims: ToolClaims, origin: FieldOrigin): ToolContract {
  const top = buildContract(contract.tool, [{ origin, claims }]);
  const hints = { ...contract.hints, ...top.hints };
  const pick = <F extends ContractSetField>(f: F): ToolContract[F] =>
    claims[f] !== undefined ? top[f] : contract[f];
  const declared = { ...contract.declared };
  for (const f of CONTRACT_SET_FIELDS) if (claims[f] !== undefined) declared[f] = true;
  const origins = { ...contract.origin };
  for (const [k, v] of Object.entries(top.origin)) origins[k as HintName] = v;
  return {
    tool: contract.tool,
    destination: pick('destination'),
    outcomes: pick('outcomes'),
    inputSensitivity: pick('inputSensitivity'),
    returnSource: pick('returnSource'),
    returnSensitivity: pick('returnSensitivity'),
    hints,
    ...(claims.sensitiveLevel !== undefined
      ? { sensitiveLevel: claims.sensitiveLevel }
      : contract.sensitiveLevel !== undefined
        ? { sensitiveLevel: contract.sensitiveLevel }
        : {}),
    attribution: claims.attribution !== undefined ? setOf(claims.attribution) : contract.attribution,
    declared,
    origin: origins,
  };
}
