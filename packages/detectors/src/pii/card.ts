import type { Finding } from '../types.js';
import { luhnValid } from './checksums.js';
import type { Cluster } from './cluster.js';
import { forEachLayout } from './cluster.js';
import { report } from './report.js';

const MAESTRO = new Set([5018, 5020, 5038, 5893, 6304, 6759, 6761, 6762, 6763]);

/** The scheme whose IIN range and length fit the card number `d` (13–19 digits), if any. */
export function cardScheme(d: string): string | undefined {
  const n = d.length;
  const p2 = Number(d.slice(0, 2));
  const p3 = Number(d.slice(0, 3));
  const p4 = Number(d.slice(0, 4));
  if (p2 >= 40 && p2 <= 49) return n === 16 || n === 19 ? 'Visa' : undefined;
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16 ? 'Mastercard' : undefined;
  if (p2 === 34 || p2 === 37) return n === 15 ? 'American Express' : undefined;
  if (p4 === 6011 || (p3 >= 644 && p3 <= 649) || p2 === 65) return n >= 16 ? 'Discover' : undefined;
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 ? 'JCB' : undefined;
  if (p2 === 36 || p2 === 38 || p2 === 39 || (p3 >= 300 && p3 <= 305))
    return n >= 14 ? 'Diners Club' : undefined;
  if (p2 === 62) return n >= 16 ? 'UnionPay' : undefined;
  if (p4 >= 2200 && p4 <= 2204) return n >= 16 ? 'Mir' : undefined;
  if (MAESTRO.has(p4)) return 'Maestro';
  return undefined;
}

/** Printed layouts: 4-4-4-4 (16), 4-4-4-4-3 (19), Amex 4-6-5, Diners 4-6-4. */
const LAYOUTS: readonly (readonly number[])[] = [
  [4, 4, 4, 4],
  [4, 4, 4, 4, 3],
  [4, 6, 5],
  [4, 6, 4],
];
const SPACE_OR_DASH = [32, 45];

function check(c: Cluster, a: number, b: number, grouped: boolean, out: Finding[]): void {
  const start = c.gs[a]!;
  const end = c.ge[b]!;
  if (c.isClaimed(start, end)) return;
  const d = c.digits(a, b);
  const scheme = cardScheme(d);
  if (scheme === undefined || !luhnValid(d)) return;
  const keyword = c.keyword('card');
  const score = keyword ? 0.95 : grouped ? 0.9 : 0.7;
  report(out, 'payment-card', 'financial', start, end, score, `payment card number (${scheme}, Luhn-valid)`);
  c.claim(start, end);
}

/** Card numbers: 13–19 digits, bare or in a printed layout, in a known IIN range, passing Luhn. */
export function detectCards(c: Cluster, out: Finding[]): void {
  for (let i = 0; i < c.count; i++) {
    const n = c.len(i);
    if (n >= 13 && n <= 19 && c.standsAlone(i, i)) check(c, i, i, false, out);
  }
  for (const layout of LAYOUTS) forEachLayout(c, layout, SPACE_OR_DASH, (a, b) => check(c, a, b, true, out));
}
