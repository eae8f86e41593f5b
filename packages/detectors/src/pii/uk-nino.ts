import type { Finding } from '../types.js';
import { isUpper, isWordChar } from './chars.js';
import type { Cluster } from './cluster.js';
import { report } from './report.js';

/** Prefixes HMRC never issues (besides those with D, F, I, Q, U, V, or O second). */
const UNUSED_PREFIXES = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);

export function ninoPrefixValid(prefix: string): boolean {
  return !/^[DFIQUV]|^.[DFIOQUV]/.test(prefix) && !UNUSED_PREFIXES.has(prefix);
}

/**
 * UK National Insurance numbers: two prefix letters, six digits (bare or in pairs), suffix A–D.
 * The digits are the cluster's first group(s); the letters sit around it. Without the suffix a
 * keyword must label it.
 */
export function detectNino(c: Cluster, out: Finding[]): void {
  const t = c.text;
  const p = t.charCodeAt(c.start - 1) === 32 ? c.start - 3 : c.start - 2;
  if (p < 0 || !isUpper(t.charCodeAt(p)) || !isUpper(t.charCodeAt(p + 1))) return;
  if ((p > 0 && isWordChar(t.charCodeAt(p - 1))) || !ninoPrefixValid(t.slice(p, p + 2))) return;
  let b: number;
  if (c.len(0) === 6) b = 0;
  else if (c.count >= 3 && c.len(0) === 2 && c.len(1) === 2 && c.len(2) === 2) b = 2;
  else return;
  if (b !== c.count - 1 || (b === 2 && (c.sepChar(0) !== 32 || c.sepChar(1) !== 32))) return;
  const digitsEnd = c.ge[b]!;
  const q = t.charCodeAt(digitsEnd) === 32 ? digitsEnd + 1 : digitsEnd;
  const suffix = t.charCodeAt(q);
  const keyword = c.keyword('nino');
  let end: number;
  if (suffix >= 65 && suffix <= 68 && !isWordChar(t.charCodeAt(q + 1))) end = q + 1;
  else if (keyword && c.rightOk) end = digitsEnd;
  else return;
  report(out, 'uk-nino', 'pii', p, end, keyword ? 0.95 : 0.85, 'UK National Insurance number');
  c.claim(p, end);
}
