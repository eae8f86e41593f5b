import type { Finding } from '../types.js';
import { isUpper, isWordChar } from './chars.js';
import { dniLetter } from './checksums.js';
import type { Cluster } from './cluster.js';
import { report } from './report.js';

/**
 * Spanish DNI (8 digits and a control letter, 12345678Z) and NIE (X/Y/Z, 7 digits, control letter).
 * The control letter is the number mod 23 in a fixed alphabet. The digits end the cluster; the
 * letter follows directly or after a dash (after a space only when labelled).
 */
export function detectSpanishId(c: Cluster, out: Finding[]): void {
  const t = c.text;
  const b = c.count - 1;
  const n = c.len(b);
  if (n !== 7 && n !== 8) return;
  let q = c.ge[b]!;
  const sep = t.charCodeAt(q);
  if (sep === 45 || sep === 32) q++;
  if (!isUpper(t.charCodeAt(q)) || isWordChar(t.charCodeAt(q + 1))) return;
  let start = c.gs[b]!;
  let value = Number(t.slice(start, c.ge[b]));
  if (n === 7) {
    const prefix = 'XYZ'.indexOf(t[start - 1] ?? '');
    if (b !== 0 || prefix === -1 || (start > 1 && isWordChar(t.charCodeAt(start - 2)))) return;
    start--;
    value += prefix * 1e7;
  } else if (!c.leftAlone(b)) {
    return;
  }
  if (t[q] !== dniLetter(value)) return;
  const keyword = c.keyword('dni');
  if (sep === 32 && !keyword) return;
  const nie = n === 7;
  const score = keyword ? 0.95 : nie ? 0.85 : 0.75;
  const message = nie ? 'Spanish foreigner ID (NIE)' : 'Spanish national ID (DNI)';
  report(out, nie ? 'es-nie' : 'es-dni', 'pii', start, q + 1, score, message);
  c.claim(start, q + 1);
}
