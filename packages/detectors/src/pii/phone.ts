import type { Finding } from '../types.js';
import type { Cluster } from './cluster.js';
import { hasDate, hasIpv4, isRepetitive } from './look-alikes.js';
import { report } from './report.js';

/** Two-digit country calling codes; the other codes of a zone have three digits (ITU E.164). */
const CC2 = new Set([
  20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 60,
  61, 62, 63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
]);
const CC3_ZONES = new Set([
  21, 22, 23, 24, 25, 26, 29, 35, 37, 38, 42, 50, 59, 67, 68, 69, 85, 87, 88, 96, 97, 99,
]);

/** National number lengths of common countries, as `CC:min-max`; others may have 6–12 digits. */
const NSN_LENGTHS: ReadonlyMap<string, readonly [number, number]> = new Map(
  (
    '1:10-10 7:10-10 20:8-10 27:9-9 30:10-10 31:9-9 32:8-9 33:9-9 34:9-9 36:8-9 39:6-11 40:9-9 41:9-9 ' +
    '44:9-10 45:8-8 47:8-8 48:9-9 52:10-10 55:10-11 61:9-9 62:8-12 63:8-10 64:8-10 65:8-8 66:8-9 81:9-10 ' +
    '82:8-10 86:9-11 90:10-10 91:10-10 92:9-10 351:9-9 353:7-9 380:9-9 420:9-9 966:9-9 971:8-9 972:8-9'
  )
    .split(' ')
    .map((e): [string, readonly [number, number]] => {
      const [cc, range] = e.split(':') as [string, string];
      const [min, max] = range.split('-').map(Number) as [number, number];
      return [cc, [min, max]];
    }),
);
const DEFAULT_NSN: readonly [number, number] = [6, 12];

export function countryCodeLength(d: string): number {
  const first = d.charCodeAt(0);
  if (first === 49 || first === 55) return 1;
  const p2 = Number(d.slice(0, 2));
  return CC2.has(p2) ? 2 : CC3_ZONES.has(p2) ? 3 : 0;
}

/** The separator after group `i` may sit inside a phone number: one of ` -.()`, or ` (`, `) `, `)-`. */
function phoneSepAfter(c: Cluster, i: number): boolean {
  const s = c.ge[i]!;
  const a = c.text.charCodeAt(s);
  const n = c.gs[i + 1]! - s;
  if (n === 1) return a === 32 || a === 45 || a === 46 || a === 40 || a === 41 || a === 160;
  const b = c.text.charCodeAt(s + 1);
  return n === 2 && ((a === 32 && b === 40) || (a === 41 && (b === 32 || b === 45)));
}

/** Brackets enclose exactly one group, at most once; `.` is not mixed with other separators. */
function sepsFit(c: Cluster, a: number, b: number, intl: boolean): boolean {
  let open = c.paren && a === 0 ? a : -1;
  let brackets = open === -1 ? 0 : 1;
  let dots = 0;
  let plain = 0;
  for (let i = a; i < b; i++) {
    const sep = c.sep(i);
    const closes = sep.includes(')');
    if (closes !== (open === i)) return false;
    if (closes) open = -1;
    if (sep.includes('(')) {
      if (open !== -1 || ++brackets > 1) return false;
      open = i + 1;
    }
    if (sep === '.') dots++;
    else if (!(intl && i === a)) plain++;
  }
  return open === -1 && (dots === 0 || plain === 0 || (c.paren && plain === 1));
}

function international(c: Cluster, b: number, d: string): boolean {
  const cc = countryCodeLength(d);
  if (cc === 0 || c.len(0) < cc || !sepsFit(c, 0, b, true)) return false;
  // "+44 (0) 20 …": the bracketed trunk zero is not dialled from abroad.
  const trunk =
    b > 0 && c.len(0) === cc && c.len(1) === 1 && d.charCodeAt(cc) === 48 && c.sep(0).includes('(') ? 1 : 0;
  const nsn = d.length - cc - trunk;
  const [min, max] = NSN_LENGTHS.get(d.slice(0, cc)) ?? DEFAULT_NSN;
  if (nsn < min || nsn > max || d.length - trunk > 15) return false;
  return cc !== 1 || d.charCodeAt(1) >= 50; // NANP area codes start 2–9
}

/** (NXX) NXX-XXXX, NXX-NXX-XXXX, 1-NXX-NXX-XXXX and the like. */
function northAmerican(c: Cluster, a: number, b: number, d: string): boolean {
  const k = b - a + 1;
  const lead = k === 4 && c.len(a) === 1 && d.charCodeAt(0) === 49 ? 1 : 0;
  if (k - lead !== 3 || c.len(a + lead) !== 3 || c.len(a + lead + 1) !== 3 || c.len(b) !== 4) return false;
  const area = d.slice(lead, lead + 3);
  if (area.charCodeAt(0) < 50 || area.slice(1) === '11') return false;
  return sepsFit(c, a, b, false);
}

/** A trunk-prefixed national number: 020 7946 0958, 01 23 45 67 89, 06-12345678, (030) 1234567. */
function trunkPrefixed(c: Cluster, a: number, b: number, d: string): boolean {
  if (b === a || d.charCodeAt(0) !== 48 || d.charCodeAt(1) === 48 || d.length < 10 || d.length > 12)
    return false;
  if (c.len(a) > 5) return false;
  for (let i = a; i <= b; i++) if (c.len(i) < 2) return false;
  if (!sepsFit(c, a, b, false)) return false;
  if (c.sepChar(a) === 46) for (let i = a; i <= b; i++) if (c.len(i) > 4) return false;
  return true;
}

/**
 * Unformatted digits that could be a phone number: trunk-prefixed (0…), North American (NXX NXX
 * XXXX, perhaps after a 1), or a country code and a national number of that country's length.
 */
export function plainPhonePlausible(d: string): boolean {
  const n = d.length;
  if (n < 8 || n > 15) return false;
  if (d.charCodeAt(0) === 48) return d.charCodeAt(1) !== 48 && n >= 9 && n <= 12;
  const nanp = n === 11 && d.charCodeAt(0) === 49 ? 1 : 0;
  if (n - nanp === 10 && d.charCodeAt(nanp) >= 50 && d.charCodeAt(nanp + 3) >= 50) return true;
  const cc = countryCodeLength(d);
  if (cc === 0 || d.charCodeAt(0) === 49) return false;
  const [min, max] = NSN_LENGTHS.get(d.slice(0, cc)) ?? DEFAULT_NSN;
  return n - cc >= min && n - cc <= max;
}

/**
 * A run of digits a phone keyword may vouch for: groups of two or more digits, no decimal points;
 * bare digits must also be plausible as a phone number.
 */
function labelled(c: Cluster, a: number, b: number, n: number, d: string): boolean {
  if (n > 15 || (a === b && !plainPhonePlausible(d))) return false;
  for (let i = a; i <= b; i++) if (c.len(i) < 2 || (i < b && c.sepChar(i) === 46)) return false;
  return sepsFit(c, a, b, false) && c.keyword('phone');
}

function check(c: Cluster, a: number, b: number, out: Finding[]): void {
  const intl = a === 0 && c.plus;
  const n = c.digitCount(a, b);
  if (n < 8 || n > 16) return;
  const start = a === 0 && (c.plus || c.paren) ? c.start - 1 : c.gs[a]!;
  const end = c.ge[b]!;
  if ((a === 0 && !c.leftOk) || (b === c.count - 1 && !c.rightOk) || c.isClaimed(start, end)) return;
  if (hasDate(c, a, b) || hasIpv4(c, a, b)) return;
  const d = c.digits(a, b);
  if (isRepetitive(d.slice(1))) return;
  let format: string;
  let scores: readonly [number, number];
  if (intl) {
    if (!international(c, b, d)) return;
    [format, scores] = ['international', [0.85, 0.95]];
  } else if (northAmerican(c, a, b, d)) {
    [format, scores] = ['North American', [0.75, 0.9]];
  } else if (trunkPrefixed(c, a, b, d)) {
    [format, scores] = ['national', [0.7, 0.9]];
  } else if (labelled(c, a, b, n, d)) {
    [format, scores] = ['labelled', [0.7, 0.7]];
  } else {
    return;
  }
  const score = scores[0] === scores[1] || !c.keyword('phone') ? scores[0] : scores[1];
  report(out, 'phone', 'pii', start, end, score, `phone number (${format} format)`);
  c.claim(start, end);
}

/**
 * Phone numbers: E.164 (+CC, a known country code, a national number of that country's length) and
 * common national layouts (North American, trunk-prefixed European); other digit runs only after a
 * phone keyword. Dates, IP addresses and digit runs joined to words are never phone numbers.
 */
export function detectPhones(c: Cluster, out: Finding[]): void {
  let a = 0;
  while (a < c.count) {
    let b = a;
    while (b + 1 < c.count && phoneSepAfter(c, b)) b++;
    check(c, a, b, out);
    a = b + 1;
  }
}
