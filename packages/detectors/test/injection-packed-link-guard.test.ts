/**
 * `packedLinks` reads whether a link packs words in one pass over it (`packsWords`); with the fast
 * paths off it runs the `PACKED` expression. Both must find the same links.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packedLinks } from '../src/injection/links.js';
import { glued, slowly } from './fast-path-texts.js';

/**
 * Words and digits, and characters at the edges of their classes: `@` and `[` next to the
 * upper-case letters, `` ` `` and `{` next to the lower-case ones, `/` and `:` next to the digits,
 * control characters that read as digits with the case bit set, and letters outside ASCII that fold
 * to ASCII ones (`K` Kelvin, long `ſ`).
 */
const WORDS = [
  ...'a ab word Word WORD x9 9 42 Z z a b c A B 0'.split(' '),
  ...'@ [ ` { / : \u0010 \u0019 \u212a \u017f é'.split(' '),
];
/** The joiners, each twice as often as a pair of them. */
const JOINERS = '- _ + - _ + -- _- +_'.split(' ');
/** `PACKED`'s escapes and their near misses, and the URL's punctuation. */
const OTHERS = '%2 %20 %2f %2F %2g %3a %3A %3g %30 %40 %41 %5b %5D %5c %E0 %% % / ? = & # . ~'.split(' ');
const HOSTS = ['https://docs.example/', 'http://x.io/', 'https://a', 'https://host.example.com/a'];
const ENDS = [' ', '\n', '"', ')', ']', '', ' and https://x.io/'];

/** Runs of joined words (five or more make a match), between pieces glued by anything else. */
const path = fc
  .array(fc.oneof(glued(WORDS, JOINERS, 9), glued(WORDS, OTHERS, 3)), { maxLength: 4 })
  .map((a) => a.join(''));
const text = fc
  .array(fc.tuple(fc.constantFrom(...HOSTS), path, fc.constantFrom(...ENDS)), { minLength: 1, maxLength: 3 })
  .map((links) => `see ${links.flat().join('')}`);

describe('the packed-link reader', () => {
  it('finds the links the expression finds', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(packedLinks(t)).toEqual(slowly(() => packedLinks(t)));
      }),
      { numRuns: 20000 },
    );
  });
});
