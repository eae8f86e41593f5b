import { clearAfter, clearBefore, isDigit } from './chars.js';
import type { KeywordSet } from './context.js';
import { hasKeyword, keywordsBefore } from './context.js';

const SPACE = 32;
const NBSP = 160;

/**
 * A digit cluster: digit groups joined by short runs of separators (`4111 1111 1111 1111`,
 * `(555) 123-4567`, `2024-05-16`). The number validators look for their shapes among its groups.
 */
export class Cluster {
  /** Group starts and ends (UTF-16 offsets), in order. */
  readonly gs: number[] = [];
  readonly ge: number[] = [];
  /** `+` right before the first digit (an international phone number). */
  readonly plus: boolean;
  /** `(` right before the first digit. */
  readonly paren: boolean;
  /** Nothing before (the `+`/`(` and) the first digit joins it to a longer token. */
  readonly leftOk: boolean;
  /** Nothing after the last digit joins it to a longer token. */
  readonly rightOk: boolean;
  /** Digits in the whole cluster. */
  readonly digitTotal: number;
  private claimed: number[] | undefined;
  private keywords = -1;

  constructor(
    readonly text: string,
    readonly start: number,
    readonly end: number,
  ) {
    let i = start;
    let total = 0;
    while (i < end) {
      const s = i;
      while (i < end && isDigit(text.charCodeAt(i))) i++;
      this.gs.push(s);
      this.ge.push(i);
      total += i - s;
      while (i < end && !isDigit(text.charCodeAt(i))) i++;
    }
    this.digitTotal = total;
    const before = start > 0 ? text.charCodeAt(start - 1) : -1;
    this.plus = before === 43;
    this.paren = before === 40;
    this.leftOk = clearBefore(text, start);
    this.rightOk = clearAfter(text, end);
  }

  get count(): number {
    return this.gs.length;
  }

  /** Digits in group `i`. */
  len(i: number): number {
    return this.ge[i]! - this.gs[i]!;
  }

  /** The separator after group `i`. */
  sep(i: number): string {
    return this.text.slice(this.ge[i], this.gs[i + 1]);
  }

  /** The separator after group `i` when it is one character (NBSP counts as a space), else -1. */
  sepChar(i: number): number {
    if (this.gs[i + 1]! - this.ge[i]! !== 1) return -1;
    const c = this.text.charCodeAt(this.ge[i]!);
    return c === NBSP ? SPACE : c;
  }

  /** The digits of groups `a..b` (inclusive), separators dropped. */
  digits(a: number, b: number): string {
    if (a === b) return this.text.slice(this.gs[a], this.ge[a]);
    let d = '';
    for (let i = a; i <= b; i++) d += this.text.slice(this.gs[i], this.ge[i]);
    return d;
  }

  /** How many digits groups `a..b` hold. */
  digitCount(a: number, b: number): number {
    let n = 0;
    for (let i = a; i <= b; i++) n += this.ge[i]! - this.gs[i]!;
    return n;
  }

  /**
   * Groups `a..b` stand apart from their neighbours: at the cluster's edges nothing joins them to a
   * longer token, inside it the separator is loose (a space, a bracket) rather than `.` or `-`.
   */
  standsAlone(a: number, b: number): boolean {
    return this.leftAlone(a) && this.rightAlone(b);
  }

  leftAlone(a: number): boolean {
    return a === 0 ? this.leftOk && !this.plus : looseSep(this.sep(a - 1));
  }

  rightAlone(b: number): boolean {
    return b === this.count - 1 ? this.rightOk : looseSep(this.sep(b));
  }

  /** A keyword of `set` labels the cluster: it appears in the few characters before it. */
  keyword(set: KeywordSet): boolean {
    if (this.keywords === -1) this.keywords = keywordsBefore(this.text, this.start);
    return hasKeyword(this.keywords, set);
  }

  /** Marks a span as reported so weaker rules skip it. */
  claim(start: number, end: number): void {
    this.claimed ??= [];
    this.claimed.push(start, end);
  }

  isClaimed(start: number, end: number): boolean {
    const claimed = this.claimed;
    if (claimed === undefined) return false;
    for (let i = 0; i < claimed.length; i += 2) if (start < claimed[i + 1]! && claimed[i]! < end) return true;
    return false;
  }
}

function looseSep(sep: string): boolean {
  if (sep.includes('.')) return false;
  for (let i = 0; i < sep.length; i++) {
    const c = sep.charCodeAt(i);
    if (c === SPACE || c === NBSP || c === 40 || c === 41) return true;
  }
  return false;
}

/**
 * Calls `found(a, b)` for each run of groups `a..b` laid out as `lens` (digits per group), joined by
 * one of `seps` (the same character throughout), not continued by that separator on either side,
 * and standing apart from its neighbours. A one-group layout is a bare run of digits.
 */
export function forEachLayout(
  c: Cluster,
  lens: readonly number[],
  seps: readonly number[],
  found: (a: number, b: number) => void,
): void {
  const k = lens.length;
  for (let a = 0; a + k <= c.count; a++) {
    if (c.len(a) !== lens[0]) continue;
    const b = a + k - 1;
    const sep = k > 1 ? c.sepChar(a) : -1;
    if (k > 1 && !seps.includes(sep)) continue;
    let ok = true;
    for (let i = 1; ok && i < k; i++) ok = c.len(a + i) === lens[i] && c.sepChar(a + i - 1) === sep;
    if (!ok) continue;
    if (k > 1 && ((a > 0 && c.sepChar(a - 1) === sep) || (b + 1 < c.count && c.sepChar(b) === sep))) continue;
    if (c.standsAlone(a, b)) found(a, b);
  }
}
