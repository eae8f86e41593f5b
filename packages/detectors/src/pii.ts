import { fastPaths } from './injection/fast-paths.js';
import { digitRunFrom, digitRuns, runEnd, runStart } from './injection/wasm.js';
import { detectCards } from './pii/card.js';
import { Cluster } from './pii/cluster.js';
import { detectEmails } from './pii/email.js';
import { detectSpanishId } from './pii/es-dni.js';
import { Gate } from './pii/gate.js';
import { detectIbanAround } from './pii/iban.js';
import { detectDashedSsn, detectLabelledIds, hasIdShape } from './pii/national-ids.js';
import { detectPhones } from './pii/phone.js';
import { detectNino } from './pii/uk-nino.js';
import type { Finding } from './types.js';

/** Up to three separators, then a digit: one more digit of a run. */
const NEXT_DIGIT = '[ \\-.()\\u00a0]{0,3}\\d';

/**
 * Six or more digits joined by at most three separators at a time: every number the validators know
 * holds such a run. Linear: the separator and digit classes are disjoint, so there is one way to
 * match and a failed attempt costs at most a few characters. The first six digits are written out
 * rather than counted (`{5,}`): V8 searches for the unrolled form about a quarter faster.
 */
export const DIGIT_RUN = new RegExp(`\\d${NEXT_DIGIT.repeat(5)}(?:${NEXT_DIGIT})*`, 'g');
/** `DIGIT_RUN` at one place (`digitsInRuns`). */
const DIGIT_RUN_AT = new RegExp(DIGIT_RUN.source, 'y');

/**
 * Finds personal and financial data: e-mail addresses, phone numbers, payment cards, IBANs and
 * national identifiers (US SSN, UK NINO, Spanish DNI/NIE, Dutch BSN, German tax ID, Aadhaar). Each
 * candidate must pass its format's validator (check digits, number ranges, a country's lengths);
 * weak formats also need a keyword just before them. Cheap prefilters keep ordinary text fast: the
 * e-mail check runs only at `@`, the number checks only at runs of six or more digits.
 */
export function detectPii(text: string, out: Finding[]): void {
  if (typeof text !== 'string' || text.length === 0) return;
  const emails: number[] = [];
  detectEmails(text, out, emails);
  const gate = new Gate(text);
  let e = 0;
  /** Reads the run of digits `[start, end)`; returns where the search goes on. */
  const readRun = (start: number, end: number): number => {
    while (e < emails.length && emails[e + 1]! <= start) e += 2;
    // Digits inside an e-mail address are part of it.
    if (e >= emails.length || emails[e]! >= end) {
      const ibanEnd = gate.mayEndIban(start) ? detectIbanAround(text, start, out) : -1;
      if (ibanEnd !== -1) return ibanEnd;
      if (gate.worthValidating(start, end)) detectNumbers(new Cluster(text, start, end), out);
    }
    return end;
  };
  // Where the classifier's scan read the text first (as `scanText` has it), the search reads only
  // the runs of words with digits the scan listed (`digitRuns`), else from where the scan saw six
  // digits close together (`digitRunFrom`): most texts hold no such run.
  const runs = fastPaths.on ? digitRuns(text) : -1;
  if (runs >= 0) {
    digitsInRuns(text, runs, readRun);
    return;
  }
  const from = (fastPaths.on ? digitRunFrom(text) : undefined) ?? 0;
  DIGIT_RUN.lastIndex = from;
  let match = from < 0 ? null : DIGIT_RUN.exec(text);
  while (match !== null) {
    DIGIT_RUN.lastIndex = readRun(match.index, DIGIT_RUN.lastIndex);
    match = DIGIT_RUN.exec(text);
  }
}

/**
 * `DIGIT_RUN`'s matches in order, each read by `read` (which says where the search goes on), found
 * inside the scan's `runs` listed runs alone: the expression is tried at each digit in them, in
 * order, which is where its search from the text's start would find them.
 */
function digitsInRuns(text: string, runs: number, read: (start: number, end: number) => number): void {
  let next = 0;
  for (let r = 0; r < runs; r++) {
    const end = runEnd(r);
    for (let p = Math.max(runStart(r), next); p < end; p++) {
      const c = text.charCodeAt(p);
      if (c < 48 || c > 57) continue;
      DIGIT_RUN_AT.lastIndex = p;
      if (!DIGIT_RUN_AT.test(text)) continue;
      next = read(p, DIGIT_RUN_AT.lastIndex);
      // The next place to try: where the search goes on (the loop's `p++` comes after).
      p = next - 1;
    }
  }
}

/** The number validators, strongest first; a span one of them reports is not reported again. */
function detectNumbers(c: Cluster, out: Finding[]): void {
  detectNino(c, out);
  detectSpanishId(c, out);
  // The shortest number each rule accepts gates it: cards 13 digits, IDs 9, phones 8.
  if (c.digitTotal >= 13) detectCards(c, out);
  if (c.digitTotal >= 9) {
    detectDashedSsn(c, out);
    if (hasIdShape(c)) detectLabelledIds(c, out);
  }
  if (c.digitTotal >= 8) detectPhones(c, out);
}
