import { fastPaths } from '../injection/fast-paths.js';
import { cardScheme } from './card.js';
import { clearAfter, clearBefore, isAlnum, isDigit, isUpper } from './chars.js';
import { bsnValid, luhnValid } from './checksums.js';
import { keywordsBefore } from './context.js';
import { aadhaarValid, ssnValid, steuerIdValid } from './national-ids.js';
import { plainPhonePlausible } from './phone.js';

/**
 * The cheap checks between the prefilter and the validators, for one text. Most digit runs in markup
 * and data are one token with their neighbours (an SVG path, a hex id, 2024-05-16T…, 3.14159):
 * nothing inside them can stand alone, so they are dropped before a `Cluster` is built.
 */

export class Gate {
  /** The first `.` at or after the last run asked about (-1: none left). */
  private nextDot = -2;
  // What `scanShape` saw, kept on the gate so the hot path allocates nothing.
  /** Digits outside decimals. */
  private digits = 0;
  /** Groups of digits. */
  private groups = 0;
  /** Every separator is a lone `.` or `-` (1.2.3, 2024-05-16). */
  private tight = true;

  constructor(private readonly text: string) {}

  /** Whether the digit run `start..end` could hold anything a validator accepts. */
  worthValidating(start: number, end: number): boolean {
    const text = this.text;
    if (fastPaths.on && isLogDate(text, start, end)) return false;
    const left = clearBefore(text, start);
    const right = clearAfter(text, end);
    const clear = left && right;
    if (!clear) {
      // Letters framing an ID: AB123456C, X1234567L, 12345678Z.
      const b1 = text.charCodeAt(start - 1);
      const b2 = text.charCodeAt(start - 2);
      if (isUpper(b1) && (isUpper(b2) ? !isAlnum(text.charCodeAt(start - 3)) : b1 >= 88 && !isAlnum(b2))) {
        return true;
      }
      const after = text.charCodeAt(end) === 45 ? text.charCodeAt(end + 1) : text.charCodeAt(end);
      if (isUpper(after) && trailingDigits(text, end) >= 7) return true;
      // A dot inside a run joined to its neighbours: numeric data (v1.2.3, coordinates, an SVG path).
      if (this.dotBefore(start, end)) return false;
    }
    this.scanShape(start, end);
    if (this.digits < 6) return false;
    // Joined to a neighbour, a run needs a loose separator inside to hold anything standing alone, and
    // a group to give up on each joined side.
    if (!clear) return !this.tight && this.groups >= (left ? 2 : 1) + (right ? 0 : 1);
    return this.groups > 1 || text.charCodeAt(start - 1) === 43 || plainNumberMayBe(text, start, end);
  }

  /** The digits at `start` follow IBAN characters: `GB29NWBK|6016…`, `DE|89…`, `NWBK |6016…`. */
  mayEndIban(start: number): boolean {
    const b1 = this.text.charCodeAt(start - 1);
    if (isUpper(b1)) return true;
    const b2 = this.text.charCodeAt(start - 2);
    return b1 === 32 && (isUpper(b2) || isDigit(b2));
  }

  /** A `.` in `start..end`. Runs are asked about in order, so one cursor keeps this linear. */
  private dotBefore(start: number, end: number): boolean {
    if (this.nextDot === -2 || (this.nextDot !== -1 && this.nextDot < start)) {
      this.nextDot = this.text.indexOf('.', start);
    }
    return this.nextDot !== -1 && this.nextDot < end;
  }

  /**
   * One pass over `start..end`. Two groups joined by a lone `.` (3.14, -33.4) are a decimal, which
   * no validator accepts; dotted runs of three or more groups (phone numbers, IPs) count.
   */
  private scanShape(start: number, end: number): void {
    const text = this.text;
    let digits = 0;
    let groups = 0;
    let tight = true;
    let chainDigits = 0;
    let chainGroups = 0;
    let i = start;
    while (i < end) {
      const s = i;
      while (i < end && isDigit(text.charCodeAt(i))) i++;
      chainDigits += i - s;
      chainGroups++;
      groups++;
      const sep = i;
      while (i < end && !isDigit(text.charCodeAt(i))) i++;
      const c = text.charCodeAt(sep);
      if (i < end && (i - sep > 1 || (c !== 46 && c !== 45))) tight = false;
      if (i === end || i - sep !== 1 || c !== 46) {
        if (chainGroups !== 2) digits += chainDigits;
        chainDigits = 0;
        chainGroups = 0;
      }
    }
    this.digits = digits;
    this.groups = groups;
    this.tight = tight;
  }
}

/** Two digits at `i`, as a number (-1 when they are not digits). */
function twoDigits(text: string, i: number): number {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The run is a date as logs and timestamps print it, `2024-05-16` or `2024-05-16 12` (the hour of
 * `12:30`). Most runs that pass the other checks are these, and none holds a finding: eight or ten
 * digits in groups too short for the IDs, cards and NINO, and a date in its groups rules out a
 * phone number (`hasDate`, with the same year, month and day ranges).
 */
export function isLogDate(text: string, start: number, end: number): boolean {
  const n = end - start;
  if (n !== 10 && n !== 13) return false;
  if (text.charCodeAt(start + 4) !== 45 || text.charCodeAt(start + 7) !== 45) return false;
  if (n === 13 && (text.charCodeAt(start + 10) !== 32 || twoDigits(text, start + 11) === -1)) return false;
  const century = twoDigits(text, start);
  const year = twoDigits(text, start + 2);
  const month = twoDigits(text, start + 5);
  const day = twoDigits(text, start + 8);
  return (
    (century === 19 || century === 20) && year !== -1 && month >= 1 && month <= 12 && day >= 1 && day <= 31
  );
}

/** How many digits (up to 9) end at `end`. */
function trailingDigits(text: string, end: number): number {
  let n = 0;
  while (n < 9 && isDigit(text.charCodeAt(end - n - 1))) n++;
  return n;
}

/**
 * A bare run of digits (the ids and counts of JSON) is a card number when its IIN and Luhn say so;
 * anything else needs a keyword (Phone:, SSN:, BSN:), looked for only when the digits fit that rule.
 */
function plainNumberMayBe(text: string, start: number, end: number): boolean {
  const n = end - start;
  if (n < 8) return false;
  const d = text.slice(start, end);
  if (n >= 13 && n <= 19 && cardScheme(d) !== undefined && luhnValid(d)) return true;
  const labelled =
    plainPhonePlausible(d) ||
    (n === 9 && (ssnValid(d) || bsnValid(d))) ||
    (n === 11 && steuerIdValid(d)) ||
    (n === 12 && aadhaarValid(d));
  return labelled && keywordsBefore(text, start) !== 0;
}
