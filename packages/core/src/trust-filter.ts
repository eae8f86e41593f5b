import type { DataClaims, ToolClaims } from './claims.js';
import type { Source, Unknown } from './enums.js';
import type { HintName } from './hints.js';
import { isRiskRaising } from './hints.js';
import { setOf } from './sets.js';

/** SEP-1487: a server is untrusted unless the operator says otherwise. */
export type Trust = 'trusted' | 'untrusted';

/**
 * Keep only the claims a server of this trust may make. A trusted server is believed; from an
 * untrusted one only risk-raising claims survive, so a lying server can never lower risk:
 * - hints survive only with their risky value (`destructiveHint: true`, never `readOnlyHint: true`);
 * - possible sets (destination, outcomes, sources, sensitivities) are dropped: any declared set
 *   is narrower than "unknown = the full set", so it can only lower risk;
 * - a #711 sensitivity level survives when it says something (`low` and up);
 * - attribution and title are provenance and display, not risk, and are kept.
 */
export function filterToolClaims(claims: ToolClaims, trust: Trust): ToolClaims {
  if (trust === 'trusted') return claims;
  const hints: ToolClaims['hints'] = {};
  for (const [name, value] of Object.entries(claims.hints) as [HintName, boolean][]) {
    if (isRiskRaising(name, value)) hints[name] = value;
  }
  const out: ToolClaims = { hints };
  if (claims.title !== undefined) out.title = claims.title;
  if (claims.attribution !== undefined) out.attribution = claims.attribution;
  if (claims.sensitiveLevel !== undefined && claims.sensitiveLevel !== 'none') {
    out.sensitiveLevel = claims.sensitiveLevel;
  }
  return out;
}

/**
 * The same rule for data claims on a result or request. From an untrusted server, flags survive
 * only when set (`openWorldHint: true`, `maliciousActivityHint: true`, `privateHint: true`), and a
 * set claim keeps only its risky members (`untrustedPublic`; any data class) and becomes partial
 * (`unknown` added): "at least this", never "exactly this".
 */
export function filterDataClaims(claims: DataClaims, trust: Trust): DataClaims {
  if (trust === 'trusted') return claims;
  const out: DataClaims = {};
  if (claims.openWorld === true) out.openWorld = true;
  if (claims.malicious === true) out.malicious = true;
  if (claims.private === true) out.private = true;
  if (claims.sensitiveLevel !== undefined && claims.sensitiveLevel !== 'none') {
    out.sensitiveLevel = claims.sensitiveLevel;
  }
  const risky = (claims.sources ?? []).filter((s) => s === 'untrustedPublic');
  if (risky.length > 0) out.sources = setOf<Source | Unknown>([...risky, 'unknown']);
  const classes = (claims.sensitivity ?? []).filter((t) => t !== 'unknown');
  if (classes.length > 0 || claims.sensitivity?.includes('unknown')) {
    out.sensitivity = setOf([...classes, 'unknown']);
  }
  if (claims.attribution !== undefined) out.attribution = claims.attribution;
  return out;
}
