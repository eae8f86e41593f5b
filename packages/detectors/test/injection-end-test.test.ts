/**
 * `endTest` reads an end-anchored expression backwards from the end of the string; it must answer
 * as the expression does, on any string, for every expression the rules read that way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectInjection } from '../src/index.js';
import { before, endTest, endTests } from '../src/injection/rule.js';
import { devTexts } from './dev-fixtures.js';
import { anyText } from './fast-path-texts.js';
import { ATTACKS, CLEAN } from './injection-cases.js';

// Loads the rules, which make their end tests.
detectInjection('', []);

/** The words of an expression's source, in the cases and with the marks the texts around them use. */
function wordsOf(re: RegExp): string[] {
  const words = re.source.match(/[a-z]+(?:['’][a-z]+)?/gi) ?? [];
  return words.flatMap((w) => [w, w.toUpperCase(), `${w[0]!.toUpperCase()}${w.slice(1)}`, `x${w}`, `${w}s`]);
}

const SEPARATORS = [
  ' ',
  '  ',
  '\n',
  '\t',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '',
  ':',
  ',',
  ' : ',
  '"',
  '“',
  "'",
  '«',
  '`',
  '.',
  '-',
  '\u212a',
];

describe('endTest', () => {
  it('is made for every end-anchored expression the rules test that way', () => {
    expect(endTests().length).toBeGreaterThanOrEqual(4);
    expect(() => endTest(/a$/m)).toThrow();
    expect(() => endTest(/a\$/)).toThrow();
  });

  it('answers as the expression on strings of its own words', () => {
    for (const [re, test] of endTests()) {
      const text = fc
        .array(fc.tuple(fc.constantFrom(...wordsOf(re)), fc.constantFrom(...SEPARATORS)), { maxLength: 8 })
        .map((a) => a.flat().join(''));
      fc.assert(
        fc.property(text, (s) => {
          expect(test(s)).toBe(re.test(s));
        }),
        { numRuns: 3000 },
      );
    }
  });

  it('answers as the expression on random texts, wherever they are cut', () => {
    fc.assert(
      fc.property(anyText, fc.nat(), fc.integer({ min: 1, max: 200 }), (text, k, n) => {
        const left = before(text, k % (text.length + 1), n);
        for (const [re, test] of endTests()) expect(test(left)).toBe(re.test(left));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers as the expression before every word of the hand-written cases and the development set', () => {
    const differ: string[] = [];
    for (const text of [...ATTACKS, ...CLEAN, ...devTexts()])
      for (const m of text.matchAll(/\S+/g)) {
        const left = before(text, m.index, 160);
        for (const [re, test] of endTests())
          if (test(left) !== re.test(left)) differ.push(`${re.source}: ${left}`);
      }
    expect(differ).toEqual([]);
  });
});
