/**
 * `nextLink` finds each `://` through its `//` (`schemeAt`). From every position of a text, it must
 * find what the link expression finds, links that start right at that position included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextLink } from '../src/injection/links.js';

const LINK = /https?:\/\/[^\s<>"'`)\]]{24,}/g;
const PIECES = [
  ...'http https http:// https:// :// :/ // /// : / h s x example.com/path/to/a/page'.split(' '),
  ' ',
  '"',
  ')',
];

describe('nextLink from every position', () => {
  it('finds what the link expression finds', () => {
    const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, (t) => {
        for (let from = 0; from <= t.length; from++) {
          LINK.lastIndex = from;
          const want = LINK.exec(t);
          const got = nextLink(t, from);
          expect([got?.index, got?.[0]]).toEqual([want?.index, want?.[0]]);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
