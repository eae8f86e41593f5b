/**
 * `voice` runs REPORTING only where `mayReport` finds one of its phrases' last words at the end of
 * the left context; with the fast paths off it runs it on every one. `mayReport` must pass every
 * string REPORTING matches, and `voice` answer the same either way.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { fastPaths } from '../src/injection/fast-paths.js';
import { before } from '../src/injection/rule.js';
import { mayReport, REPORTING, voice } from '../src/injection/rules/context.js';
import { devTexts } from './dev-fixtures.js';
import { anyText, glued } from './fast-path-texts.js';

afterEach(() => {
  fastPaths.on = true;
});

/** REPORTING's phrases, each way their letters and spaces can be written, and their near misses. */
const PHRASES = REPORTING.source
  .slice(8, -26)
  .split('|')
  .flatMap((p) => {
    const plain = p.replace(/\\w\*/, 'ery').replace(/\\s\+/, ' ').replace(/\\\./g, '.').replace(/\?/g, '');
    return [
      plain,
      plain.toUpperCase(),
      `${plain}s`,
      `x${plain}`,
      plain.slice(0, -1),
      p.replace(/\\s\+/, '\n\t'),
    ];
  })
  .concat(['e.g', 'E.G', 'i.e', 'e.g..', '.g.', "can'", 'won’t', '\u212aNOWN as']);
const GLUE = [
  ' ',
  '  ',
  '',
  '\n',
  '\u00a0',
  '\u2028',
  ':',
  ',',
  ' : ',
  ', "',
  '"',
  "'",
  '“',
  '‘',
  '«',
  '`',
  '”',
  '.',
  '!',
  ')',
  '-',
  'x',
  '1',
  '_',
  '\u212a',
];

const lefts = fc.oneof(glued(PHRASES, GLUE, 6), anyText);

describe('mayReport', () => {
  it('passes every left context REPORTING matches, generated', () => {
    expect(PHRASES.length).toBeGreaterThan(300);
    let matched = 0;
    fc.assert(
      fc.property(lefts, (s) => {
        if (!REPORTING.test(s)) return;
        matched++;
        expect(mayReport(s), JSON.stringify(s)).toBe(true);
      }),
      { numRuns: 20000 },
    );
    expect(matched).toBeGreaterThan(2000);
  });

  it('passes every left context REPORTING matches in the development set', () => {
    const missed: string[] = [];
    for (const text of devTexts())
      for (let at = 0; at <= text.length; at++) {
        const left = before(text, at, 48);
        if (REPORTING.test(left) && !mayReport(left)) missed.push(left);
      }
    expect(missed).toEqual([]);
  });

  it('turns away left contexts that end in other words', () => {
    expect(mayReport('the cat sat on the mat ')).toBe(false);
    expect(mayReport('see the docs. ')).toBe(false);
    expect(mayReport('into ')).toBe(false);
    expect(mayReport('the ')).toBe(true);
  });
});

describe('voice', () => {
  it('answers the same with the fast paths off, at every position', () => {
    fc.assert(
      fc.property(glued(PHRASES, GLUE, 30), (t) => {
        for (let at = 0; at <= t.length; at++) {
          const fast = voice(t, at);
          fastPaths.on = false;
          const slow = voice(t, at);
          fastPaths.on = true;
          expect(fast, `at ${at}`).toBe(slow);
        }
      }),
      { numRuns: 500 },
    );
  });
});
