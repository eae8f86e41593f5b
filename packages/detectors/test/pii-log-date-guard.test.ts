/**
 * The gate drops a run printed like a log's date (2024-05-16, 2024-05-16 12) before any validator
 * reads it; with the shortcut off the validators read it. Both must find the same, whatever sits
 * around the date: letters of an ID, a `+` or `(`, a keyword, more digits.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { fastPaths } from '../src/injection/fast-paths.js';
import { isLogDate } from '../src/pii/gate.js';
import { detectPii } from '../src/pii.js';
import type { Finding } from '../src/types.js';

afterEach(() => {
  fastPaths.on = true;
});

function findings(text: string, skip: boolean): Finding[] {
  fastPaths.on = skip;
  const out: Finding[] = [];
  detectPii(text, out);
  return out;
}

/** Dates at and past the edges of the guard's ranges, with and without the hour. */
const year = fc.constantFrom('1899', '1900', '1985', '1999', '2024', '2024', '2099', '2100', '0000', '5555');
const twoDigits = fc.constantFrom('00', '01', '05', '09', '10', '12', '12', '13', '28', '31', '32', '99');
const date = fc
  .tuple(year, twoDigits, twoDigits, fc.constantFrom('', ' ', '-', '.'), twoDigits)
  .map(([y, m, d, sep, h]) => `${y}-${m}-${d}${sep === '' ? '' : sep + h}`);

const PIECES = [
  'Phone: ',
  'Tel ',
  'SSN ',
  'card ',
  'BSN ',
  'DNI ',
  'NINO ',
  'AB',
  'QQ',
  'X',
  'Z',
  'A',
  'D',
  '+',
  '(',
  ')',
  '12',
  '123',
  '4111',
  '555',
  '0',
  ':30',
  'T',
  'GB29 NWBK ',
  'x@y.com',
];
const GLUE = ['', '', ' ', '-', '.', ':', '\u00a0', '\n'];
const text = fc
  .array(fc.tuple(fc.oneof(date, fc.constantFrom(...PIECES)), fc.constantFrom(...GLUE)), { maxLength: 12 })
  .map((a) => a.flat().join(''));

describe('the log-date guard', () => {
  it('finds what the validators find', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(findings(t, true)).toEqual(findings(t, false));
      }),
      { numRuns: 5000 },
    );
  });

  it('is reached by the generated texts', () => {
    const runs = fc.sample(date, { numRuns: 1000, seed: 1 }).filter((d) => isLogDate(d, 0, d.length));
    expect(runs.length).toBeGreaterThan(50);
  });
});
