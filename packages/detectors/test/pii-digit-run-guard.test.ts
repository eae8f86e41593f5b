/**
 * Where the classifier's scan has read a text, the PII search for runs of digits starts where the
 * scan saw six digits in words at most three characters apart (`digitRunFrom`): never after the
 * first run the search's expression finds, and -1 only where it finds none. Digits, the run's
 * separators and characters that join or part words differently (letters, `_`, digits past ASCII,
 * zero-width, soft hyphen, thin and no-break spaces, tabs) in every mix.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectInjectionModel } from '../src/injection/model/classify.js';
import { digitRunFrom, wasmReady } from '../src/injection/wasm.js';
import { DIGIT_RUN } from '../src/pii.js';
import { glued } from './fast-path-texts.js';

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
});
