/**
 * `packedLinks` and `nextLink` read where a link ends in code (`isLinkChar`); with the fast paths
 * off they run the link expression. Both must find the same links, the same spans.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextLink, packedLinks } from '../src/injection/links.js';
import { glued, slowly } from './fast-path-texts.js';

/** A link's start and a path that packs words, so that `packedLinks` reports where it ends. */
const LINK = 'https://x.example/a-b-c-d-e-f';

/**
 * The characters that end a link, those next to them in the code unit order, and the characters
 * past ASCII that `\s` holds and some it does not (`\u0085`, `\u180e`, `\u200b`).
 */
const EDGES = [
  ...'<>"\'`)] \t\n\u000b\f\r',
  ...';=?@[(^_{}~!#\u0008\u000e\u001f\u007f',
  ...'\u0085\u00a0\u00a1\u1680\u180e\u1fff\u2000\u2005\u200a\u200b\u2027\u2028\u2029\u202a',
  ...'\u202f\u205f\u2060\u3000\u3001\ufeff\ufeffé\ud83d\ude00',
];

/** What the link expression and `nextLink` find in `t` from every position, with and without the fast paths. */
function linksFrom(t: string): unknown[] {
  const found: unknown[] = [];
  for (let from = 0; from <= t.length; from++) {
    const m = nextLink(t, from);
    found.push(m === null ? null : [m.index, m[0]]);
  }
  return found;
}

describe('the link end read in code', () => {
  it('ends a link where the expression does, at every code unit', () => {
    const fast: unknown[] = [];
    const texts: string[] = [];
    for (let c = 0; c < 0x10000; c++)
      texts.push(`${LINK}${String.fromCharCode(c)}-g-h https://y.example/i-j-k-l-m-n`);
    for (const t of texts) fast.push(packedLinks(t));
    expect(fast).toEqual(slowly(() => texts.map((t) => packedLinks(t))));
  });

  it('finds the links the expression finds, 24 characters after the scheme or more', () => {
    const starts = ['https://', 'http://', 'http:', 'https:/', '://', 'xhttps://', 'ahttp://', 'ftp://'];
    const pieces = [
      ...starts,
      ...EDGES,
      'a',
      'ab-',
      'a-b-c-d-e-f',
      '/',
      '%20',
      'x'.repeat(7),
      'y'.repeat(23),
    ];
    const text = glued(pieces, ['', '', 'q', '-', ...EDGES], 10);
    fc.assert(
      fc.property(text, (t) => {
        expect(packedLinks(t)).toEqual(slowly(() => packedLinks(t)));
        expect(linksFrom(t)).toEqual(slowly(() => linksFrom(t)));
      }),
      { numRuns: 5000 },
    );
  });
});
