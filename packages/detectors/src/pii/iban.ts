import type { Finding } from '../types.js';
import { isAlnum, isDigit, isUpper } from './chars.js';
import { mod97Step } from './checksums.js';
import { report } from './report.js';

/** IBAN length by country (SWIFT IBAN registry), as `CCnn`. */
const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  (
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18 ' +
    'DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 HU28 IE22 IL23 ' +
    'IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 ' +
    'MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19 ' +
    'SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30'
  )
    .split(' ')
    .map((e): [string, number] => [e.slice(0, 2), Number(e.slice(2))]),
);

/** An IBAN can start this far before its first run of digits (country, check digits, a bank code, spaces). */
const LOOKBACK = 42;

function isIbanChar(c: number): boolean {
  return isUpper(c) || isDigit(c);
}

/**
 * The end of a valid IBAN starting at `q` (compact, or printed in groups of four), or -1. Its
 * characters are read in place: character `k` sits at `q + k`, or after `k / 4` spaces when the
 * IBAN is printed in groups. The caller has checked that `q + 2` and `q + 3` are digits.
 */
function ibanAt(text: string, q: number): number {
  const length = IBAN_LENGTHS.get(text.slice(q, q + 2));
  if (length === undefined) return -1;
  const spaced = text.charCodeAt(q + 4) === 32;
  const at = (k: number): number => (spaced ? q + k + (k >> 2) : q + k);
  for (let k = 4; k < length; k++) {
    if (spaced && k % 4 === 0 && text.charCodeAt(at(k) - 1) !== 32) return -1;
    if (!isIbanChar(text.charCodeAt(at(k)))) return -1;
  }
  const end = at(length - 1) + 1;
  if (end < text.length && isAlnum(text.charCodeAt(end))) return -1;
  const check = (text.charCodeAt(q + 2) - 48) * 10 + text.charCodeAt(q + 3) - 48;
  if (check < 2 || check > 98) return -1;
  // ISO 13616: the country and check digits move to the end (`ibanMod97`, without building the string).
  let rem = 0;
  for (let k = 4; k < length + 4; k++) rem = mod97Step(rem, text.charCodeAt(at(k < length ? k : k - length)));
  return rem === 1 ? end : -1;
}

/**
 * Looks for an IBAN that holds the digit run starting at `digitsStart` (GB29 NWBK 6016 1331 9268 19:
 * the run is `6016…`). Reports it and returns its end, or returns -1.
 */
export function detectIbanAround(text: string, digitsStart: number, out: Finding[]): number {
  let j = digitsStart;
  const limit = digitsStart - LOOKBACK;
  while (j > 0 && j > limit) {
    const c = text.charCodeAt(j - 1);
    if (!(isIbanChar(c) || (c === 32 && j > 1 && isIbanChar(text.charCodeAt(j - 2))))) break;
    j--;
  }
  for (let q = j; q < digitsStart; q++) {
    if (q > 0 && isAlnum(text.charCodeAt(q - 1))) continue;
    if (!(isUpper(text.charCodeAt(q)) && isUpper(text.charCodeAt(q + 1)))) continue;
    if (!(isDigit(text.charCodeAt(q + 2)) && isDigit(text.charCodeAt(q + 3)))) continue;
    const end = ibanAt(text, q);
    if (end > digitsStart) {
      report(
        out,
        'iban',
        'financial',
        q,
        end,
        0.95,
        `IBAN (${text.slice(q, q + 2)}) with valid check digits`,
      );
      return end;
    }
  }
  return -1;
}
