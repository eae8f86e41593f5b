import type { Cluster } from './cluster.js';

/** Numbers that look like PII but are not: dates, IP addresses, filler. */

function num(text: string, s: number, e: number): number {
  let v = 0;
  for (let i = s; i < e; i++) v = v * 10 + text.charCodeAt(i) - 48;
  return v;
}

function isYear(c: Cluster, i: number): boolean {
  if (c.len(i) !== 4) return false;
  const y = num(c.text, c.gs[i]!, c.ge[i]!);
  return y >= 1900 && y <= 2099;
}

function isDayOrMonth(c: Cluster, i: number, max: number): boolean {
  const n = c.len(i);
  if (n < 1 || n > 2) return false;
  const v = num(c.text, c.gs[i]!, c.ge[i]!);
  return v >= 1 && v <= max;
}

/** Some three consecutive groups in `a..b` read as a date (2024-05-16, 16.05.2024, 16 05 2024). */
export function hasDate(c: Cluster, a: number, b: number): boolean {
  for (let i = a; i + 2 <= b; i++) {
    if (isYear(c, i) && isDayOrMonth(c, i + 1, 12) && isDayOrMonth(c, i + 2, 31)) return true;
    if (isYear(c, i + 2) && isDayOrMonth(c, i, 31) && isDayOrMonth(c, i + 1, 31)) return true;
  }
  return false;
}

/** Four consecutive dot-joined groups in `a..b` read as an IPv4 address. */
export function hasIpv4(c: Cluster, a: number, b: number): boolean {
  let run = 0;
  for (let i = a; i <= b; i++) {
    const ok = c.len(i) <= 3 && num(c.text, c.gs[i]!, c.ge[i]!) <= 255;
    run = ok ? (i > a && c.sepChar(i - 1) === 46 ? run + 1 : 1) : 0;
    if (run >= 4) return true;
  }
  return false;
}

/** All the same digit: filler, not data. */
export function isRepetitive(d: string): boolean {
  for (let i = 1; i < d.length; i++) if (d.charCodeAt(i) !== d.charCodeAt(0)) return false;
  return true;
}
