/**
 * Where the classifier's scan has read a text, the PII search for runs of digits starts where the
 * scan saw six digits in words at most three characters apart (`digitRunFrom`): never after the
 * first run the search's expression finds, and -1 only where it finds none; and it reads only the
 * runs of such words the scan listed (`digitRuns`), each of which must hold every run the
 * expression finds there. Digits, the run's separators and characters that join or part words
 * differently (letters, `_`, digits past ASCII, zero-width, soft hyphen, thin and no-break spaces,
 * tabs) in every mix; and PII's findings the same as the slow way's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectInjectionModel } from '../src/injection/model/classify.js';
import { digitRunFrom, digitRuns, runEnd, runStart, wasmReady } from '../src/injection/wasm.js';
import { DIGIT_RUN, detectPii } from '../src/pii.js';
import type { Finding } from '../src/types.js';
import { glued, slowly } from './fast-path-texts.js';

const PIECES = ['1', '12', '123', '2024', '555', '0', 'a1', '1b', 'x', 'abc', '１', '٣', 'é', 'İ', '😀'];
const GLUE = [
  '',
  '',
  ' ',
  '  ',
  '   ',
  '    ',
  '-',
  '.',
  '(',
  ')',
  '\u00a0',
  '_',
  ',',
  '\t',
  '\n',
  '/',
  '\u200b',
  '\u00ad',
  '\u2009',
  ' - ',
];

describe('the digit-run guard', () => {
  it('starts no later than the first run of digits the expression finds', () => {
    expect(wasmReady()).toBe(true);
    const re = new RegExp(DIGIT_RUN.source, 'g');
    let runs = 0;
    let none = 0;
    let ruledOut = 0;
    fc.assert(
      fc.property(glued(PIECES, GLUE, 10), (text) => {
        // The classifier reads no empty text.
        if (text === '') return;
        detectInjectionModel(text, []);
        const from = digitRunFrom(text);
        expect(from).toBeDefined();
        re.lastIndex = 0;
        const first = re.exec(text);
        if (from === -1) ruledOut++;
        if (first === null) none++;
        else {
          runs++;
          expect(from).toBeGreaterThanOrEqual(0);
          expect(from).toBeLessThanOrEqual(first.index);
        }
      }),
      { numRuns: 20000 },
    );
    // Counted so that texts drifting away from either outcome are seen, not passed silently.
    expect(runs).toBeGreaterThan(2000);
    expect(none).toBeGreaterThan(2000);
    expect(ruledOut).toBeGreaterThan(1000);
  });

  it('lists runs that hold every run of digits the expression finds', () => {
    const re = new RegExp(DIGIT_RUN.source, 'g');
    let listed = 0;
    fc.assert(
      fc.property(glued(PIECES, GLUE, 12), (text) => {
        if (text === '') return;
        detectInjectionModel(text, []);
        const n = digitRuns(text);
        expect(n).toBeGreaterThanOrEqual(0);
        const runs = Array.from({ length: n }, (_, k) => [runStart(k), runEnd(k)] as const);
        for (let k = 1; k < n; k++) expect(runs[k]![0]).toBeGreaterThan(runs[k - 1]![1]);
        if (n > 0) listed++;
        for (const m of text.matchAll(re)) {
          const end = m.index + m[0].length;
          expect(runs.some(([a, b]) => a <= m.index && end <= b)).toBe(true);
        }
      }),
      { numRuns: 20000 },
    );
    expect(listed).toBeGreaterThan(2000);
  });

  it('leaves PII finding the same in the listed runs, and in texts with more runs than the list holds', () => {
    const pii = (text: string): Finding[] => {
      const out: Finding[] = [];
      detectPii(text, out);
      return out;
    };
    const numbers = [
      'Phone: +1 (415) 555-0132',
      'card 4111 1111 1111 1111',
      'IBAN DE89 3704 0044 0532 0130 00',
      'SSN 123-45-6789',
      '2024-05-16 12:00',
      'x@y1234567.com',
      'id 1234567890',
      'BSN 111222333',
    ];
    const text = fc.oneof(
      glued([...PIECES, ...numbers], GLUE, 16),
      // More runs than the list holds (the search then reads the whole text).
      fc.array(fc.constantFrom(...numbers), { minLength: 460, maxLength: 520 }).map((a) => a.join(' and ')),
    );
    let cut = 0;
    fc.assert(
      fc.property(text, (t) => {
        if (t === '') return;
        detectInjectionModel(t, []);
        if (digitRuns(t) < 0) cut++;
        expect(pii(t)).toEqual(slowly(() => pii(t)));
      }),
      { numRuns: 3000 },
    );
    expect(cut).toBeGreaterThan(100);
  });
});
