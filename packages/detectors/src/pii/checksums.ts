/**
 * Check-digit arithmetic for the PII validators. Every function takes ASCII digit (or, for IBANs,
 * digit and upper-case letter) strings that the caller has already checked.
 */

function digit(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

/** The Luhn (mod 10) sum of `d`, payment cards' check. */
export function luhnValid(d: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = d.length - 1; i >= 0; i--) {
    let v = digit(d, i);
    if (double) v = v > 4 ? v * 2 - 9 : v * 2;
    sum += v;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The Luhn digit that completes `body`. */
export function luhnCheckDigit(body: string): number {
  for (let c = 0; c < 10; c++) if (luhnValid(body + c)) return c;
  return 0;
}

/** ISO 13616 mod 97 of an IBAN (`CCkk` + BBAN): 1 when it is valid. */
export function ibanMod97(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (let i = 0; i < moved.length; i++) rem = mod97Step(rem, moved.charCodeAt(i));
  return rem;
}

/** `rem` followed by the IBAN character `c`, mod 97. Letters count as two digits (A = 10 … Z = 35). */
export function mod97Step(rem: number, c: number): number {
  return c >= 65 ? (rem * 100 + c - 55) % 97 : (rem * 10 + c - 48) % 97;
}

/** The two IBAN check digits for a country code and BBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const check = 98 - ibanMod97(`${country}00${bban}`);
  return check < 10 ? `0${check}` : String(check);
}

const VERHOEFF_D = [
  '0123456789',
  '1234067895',
  '2340178956',
  '3401289567',
  '4012395678',
  '5987604321',
  '6598710432',
  '7659821043',
  '8765932104',
  '9876543210',
].map((row) => [...row].map(Number));
const VERHOEFF_P = [
  '0123456789',
  '1576283094',
  '5803796142',
  '8916043527',
  '9453126870',
  '4286573901',
  '2793806415',
  '7046913258',
].map((row) => [...row].map(Number));
const VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function verhoeffState(d: string, shift: number): number {
  let c = 0;
  // Right to left: the dihedral group does not commute.
  for (let k = 0; k < d.length; k++) {
    c = VERHOEFF_D[c]![VERHOEFF_P[(k + shift) % 8]![digit(d, d.length - 1 - k)]!]!;
  }
  return c;
}

/** Verhoeff's dihedral check (Aadhaar). */
export function verhoeffValid(d: string): boolean {
  return verhoeffState(d, 0) === 0;
}

/** The Verhoeff digit that completes `body`. */
export function verhoeffCheckDigit(body: string): number {
  return VERHOEFF_INV[verhoeffState(body, 1)]!;
}

/** The Dutch "elfproef" for a 9-digit BSN: 9·d1 + 8·d2 + … + 2·d8 − d9 ≡ 0 (mod 11). */
export function bsnValid(d: string): boolean {
  let sum = -digit(d, 8);
  for (let i = 0; i < 8; i++) sum += (9 - i) * digit(d, i);
  return sum % 11 === 0;
}

/** ISO 7064 MOD 11,10 check digit over `body` (German Steuer-ID). */
export function mod11_10CheckDigit(body: string): number {
  let product = 10;
  for (let i = 0; i < body.length; i++) {
    let sum = (digit(body, i) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/** The control letter of a Spanish DNI (or NIE, after replacing X/Y/Z by 0/1/2). */
export function dniLetter(number: number): string {
  return 'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]!;
}
