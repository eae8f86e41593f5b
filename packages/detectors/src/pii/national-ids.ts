import type { Finding } from '../types.js';
import { bsnValid, mod11_10CheckDigit, verhoeffValid } from './checksums.js';
import type { Cluster } from './cluster.js';
import { forEachLayout } from './cluster.js';
import type { KeywordSet } from './context.js';
import { isRepetitive } from './look-alikes.js';
import { report } from './report.js';

const SPACE = [32];
const DASH = [45];

/** The SSA's rules: area 001–899 but not 666, group 01–99, serial 0001–9999; minus famous voided numbers. */
export function ssnValid(d: string): boolean {
  const area = Number(d.slice(0, 3));
  if (area === 0 || area === 666 || area >= 900) return false;
  if (d.slice(3, 5) === '00' || d.slice(5) === '0000') return false;
  return d !== '078051120' && d !== '219099999';
}

/**
 * The German tax ID (IdNr): 11 digits, no leading zero; among the first ten one digit occurs two or
 * three times (never three in a row) and the others at most once; ISO 7064 MOD 11,10 check digit.
 */
export function steuerIdValid(d: string): boolean {
  if (d.charCodeAt(0) === 48) return false;
  const counts = new Array<number>(10).fill(0);
  for (let i = 0; i < 10; i++) counts[d.charCodeAt(i) - 48]!++;
  let repeated = 0;
  for (const n of counts) {
    if (n > 3) return false;
    if (n > 1) repeated++;
  }
  if (repeated !== 1) return false;
  for (let i = 2; i < 10; i++) if (d[i] === d[i - 1] && d[i] === d[i - 2]) return false;
  return mod11_10CheckDigit(d.slice(0, 10)) === d.charCodeAt(10) - 48;
}

/** Aadhaar: 12 digits, not starting 0 or 1, Verhoeff check digit. */
export function aadhaarValid(d: string): boolean {
  return d.charCodeAt(0) >= 50 && verhoeffValid(d) && !isRepetitive(d);
}

interface IdRule {
  readonly name: string;
  readonly label: string;
  readonly keywords: KeywordSet;
  /** Layouts accepted only after a keyword, with the separators each may use. */
  readonly layouts: readonly (readonly [readonly number[], readonly number[]])[];
  readonly valid: (d: string) => boolean;
  readonly score: number;
}

/** Formats too weak to report on their own: each needs its keyword (e.g. "BSN:") just before it. */
const KEYWORD_RULES: readonly IdRule[] = [
  {
    name: 'us-ssn',
    label: 'US Social Security number',
    keywords: 'ssn',
    layouts: [
      [[9], []],
      [[3, 2, 4], SPACE],
    ],
    valid: ssnValid,
    score: 0.85,
  },
  {
    name: 'nl-bsn',
    label: 'Dutch citizen service number (BSN, 11-proof)',
    keywords: 'bsn',
    layouts: [
      [[9], []],
      [[4, 2, 3], [46]],
      [
        [3, 3, 3],
        [32, 45, 46],
      ],
    ],
    valid: (d) => bsnValid(d) && !isRepetitive(d),
    score: 0.85,
  },
  {
    name: 'de-tax-id',
    label: 'German tax ID (Steuer-IdNr, check digit valid)',
    keywords: 'steuerId',
    layouts: [
      [[11], []],
      [[2, 3, 3, 3], SPACE],
    ],
    valid: steuerIdValid,
    score: 0.85,
  },
  {
    name: 'in-aadhaar',
    label: 'Indian Aadhaar number (Verhoeff-valid)',
    keywords: 'aadhaar',
    layouts: [
      [[12], []],
      [
        [4, 4, 4],
        [32, 45],
      ],
    ],
    valid: aadhaarValid,
    score: 0.9,
  },
];

function claimIfNew(c: Cluster, a: number, b: number): boolean {
  const start = c.gs[a]!;
  const end = c.ge[b]!;
  if (c.isClaimed(start, end)) return false;
  c.claim(start, end);
  return true;
}

/** NNN-NN-NNNN is distinctive enough alone; a keyword only raises the score. */
export function detectDashedSsn(c: Cluster, out: Finding[]): void {
  forEachLayout(c, [3, 2, 4], DASH, (a, b) => {
    if (!ssnValid(c.digits(a, b)) || !claimIfNew(c, a, b)) return;
    const score = c.keyword('ssn') ? 0.95 : 0.8;
    report(out, 'us-ssn', 'pii', c.gs[a]!, c.ge[b]!, score, 'US Social Security number');
  });
}

/** Some group or run of groups has the length of a keyword rule's layout. */
export function hasIdShape(c: Cluster): boolean {
  for (let i = 0; i < c.count; i++) {
    const n = c.len(i);
    if (n === 9 || n === 11 || n === 12) return true;
    if (i + 2 < c.count) {
      const shape = n * 100 + c.len(i + 1) * 10 + c.len(i + 2);
      if (shape === 324 || shape === 423 || shape === 333 || shape === 444 || shape === 233) return true;
    }
  }
  return false;
}

/**
 * Digit-only national identifiers after their keyword: US SSN (bare or spaced), Dutch BSN, German
 * tax ID, Aadhaar.
 */
export function detectLabelledIds(c: Cluster, out: Finding[]): void {
  for (const rule of KEYWORD_RULES) {
    for (const [lens, seps] of rule.layouts) {
      forEachLayout(c, lens, seps, (a, b) => {
        if (!rule.valid(c.digits(a, b)) || !c.keyword(rule.keywords)) return;
        if (claimIfNew(c, a, b)) report(out, rule.name, 'pii', c.gs[a]!, c.ge[b]!, rule.score, rule.label);
      });
    }
  }
}
