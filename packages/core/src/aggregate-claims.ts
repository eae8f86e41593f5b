import type { DataClaims } from './claims.js';
import type { Unknown } from './enums.js';
import { maxLevel, UNKNOWN } from './enums.js';
import { setOf } from './sets.js';

/**
 * Combining data claims. Two kinds: claims from several annotations on the *same* data (joined:
 * each is believed, so the worse wins), and claims on the parts of one response (aggregated per
 * SEP-1913 "Response Annotations Scope": the response is open-world or malicious if any part is,
 * and its sets are the union of its parts').
 */

const FLAGS = ['openWorld', 'malicious', 'private'] as const;
const SETS = ['sources', 'sensitivity'] as const;

/** Several annotations on the same data. `undefined` means "no annotations there at all". */
export function joinClaims(a: DataClaims | undefined, b: DataClaims | undefined): DataClaims | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  const out: DataClaims = {};
  for (const f of FLAGS) {
    if (a[f] === true || b[f] === true) out[f] = true;
    else if (a[f] === false || b[f] === false) out[f] = false;
  }
  return { ...out, ...combined([a, b], () => false) };
}

/**
 * A response from its response-level claims and its blocks' claims. A response-level claim covers
 * every block; without one, a flag is `false` only if every block says so, and a set claimed by
 * some blocks but not others gets `unknown` (partial: "at least these").
 */
export function aggregateClaims(
  response: DataClaims | undefined,
  blocks: readonly (DataClaims | undefined)[],
): DataClaims {
  const parts = [response, ...blocks].filter((p): p is DataClaims => p !== undefined);
  const out: DataClaims = {};
  for (const f of FLAGS) {
    if (parts.some((p) => p[f] === true)) out[f] = true;
    else if (response?.[f] === false || (blocks.length > 0 && blocks.every((b) => b?.[f] === false))) {
      out[f] = false;
    }
  }
  const partial = (field: (typeof SETS)[number]) =>
    response?.[field] === undefined && blocks.some((b) => b?.[field] === undefined);
  return { ...out, ...combined(parts, partial) };
}

/** Unions and maxima over parts; a set field where `partial(field)` also holds `unknown`. */
function combined(
  parts: readonly DataClaims[],
  partial: (field: (typeof SETS)[number]) => boolean,
): DataClaims {
  const out: DataClaims = {};
  const sources = unionOf(
    parts.map((p) => p.sources),
    partial('sources'),
  );
  if (sources !== undefined) out.sources = sources;
  const sensitivity = unionOf(
    parts.map((p) => p.sensitivity),
    partial('sensitivity'),
  );
  if (sensitivity !== undefined) out.sensitivity = sensitivity;
  const levels = parts.flatMap((p) => (p.sensitiveLevel === undefined ? [] : [p.sensitiveLevel]));
  if (levels.length > 0) out.sensitiveLevel = levels.reduce(maxLevel);
  const attribution = unionOf(
    parts.map((p) => p.attribution),
    false,
  );
  if (attribution !== undefined) out.attribution = attribution;
  return out;
}

function unionOf<T extends string>(lists: readonly (readonly T[] | undefined)[], partial: boolean) {
  const claimed = lists.filter((l): l is readonly T[] => l !== undefined);
  if (claimed.length === 0) return undefined;
  const members: (T | Unknown)[] = claimed.flat();
  if (partial) members.push(UNKNOWN);
  return setOf(members);
}
