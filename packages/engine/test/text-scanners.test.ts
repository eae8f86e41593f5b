import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseValue } from '../src/normalise.js';
import { forEachShingle, sampledShingles } from '../src/shingles.js';
import { listValues } from '../src/value-extract.js';

/**
 * The hand-written scanners (value-tokens.ts, shingle-words.ts, the plain-ASCII path of
 * normalise.ts) replace regex and split passes for ASCII text; these pin them to the general
 * paths they must agree with, and keep them linear.
 */

// The general normal form, as normalise.ts computes it for any text.
function normaliseReference(raw: string): string {
  const EDGE = new Set([...'\'"`.,;:!?()[]{}<>*_“”‘’«»']);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control chars is the point
  let s = raw.normalize('NFKC').replace(/[\x00-\x1f\x7f]/g, ' ');
  s = s.replace(/\s+/g, ' ').toLowerCase().trim();
  let start = 0;
  let end = s.length;
  while (start < end && EDGE.has(s[start]!)) start++;
  while (end > start && EDGE.has(s[end - 1]!)) end--;
  return s.slice(start, end);
}

// ASCII text rich in what the scanners branch on: separators, full stops before capitals, ids.
const PIECES = [
  'a',
  'Z',
  'id',
  'ID',
  'no.',
  '#',
  ' ',
  '  ',
  '\t',
  '\n',
  '.',
  '.The ',
  '.A\n',
  '@',
  '/',
  '\\',
  '0',
  '7',
  '-',
  '_',
  ':',
  '=',
  "'",
  '"',
  '`',
  '(',
  ')',
  '<',
  ';',
  '|',
  'www.',
  'https://',
  '.com',
  '.txt',
  'GB29 ',
  'NWBK ',
  '+1 (555) 123-4567',
  'x@y.org',
  '\u0001',
  '\u007f',
  'number',
];
const asciiText = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((p) => p.join(''));

describe('text scanners', () => {
  it('normalise plain ASCII as the general path does', () => {
    fc.assert(
      fc.property(asciiText, (t) => {
        expect(normaliseValue(t)).toBe(normaliseReference(t));
      }),
      { numRuns: 2000 },
    );
  });

  it('extract the same values from ASCII text whether or not the text also holds non-ASCII', () => {
    // A separate non-ASCII word sends the text down the general path without adding a value. It is
    // compared with the same text plus an ASCII word of the same shape, not with the bare text: the
    // space before the added word is itself meaningful ("no.Za é" ends a sentence at the full stop).
    fc.assert(
      fc.property(asciiText, (t) => {
        expect(listValues(`${t} é`)).toEqual(listValues(`${t} e`));
      }),
      { numRuns: 2000 },
    );
  });

  it('shingle ASCII text as its lower-cased form, and keep shingles while another text is hashed', () => {
    const text = 'Quarterly budget review meeting with the client about the invoice and travel plans';
    const other = 'an unrelated passage of several ordinary words hashed in between, and then some more';
    const hashes: number[] = [];
    const nested: number[][] = [];
    forEachShingle(text, (h) => {
      hashes.push(h);
      sampledShingles(other, 10);
      const inner: number[] = [];
      forEachShingle(other, (g) => inner.push(g));
      nested.push(inner);
    });
    const again: number[] = [];
    forEachShingle(text.toLowerCase(), (h) => again.push(h));
    const alone: number[] = [];
    forEachShingle(other, (g) => alone.push(g));
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).toEqual(again);
    for (const inner of nested) expect(inner).toEqual(alone);
  });

  it('are linear on hostile ASCII input', () => {
    const hostile = [
      '.Ab '.repeat(50_000),
      'id '.repeat(50_000),
      '#1'.repeat(50_000),
      `${'a.'.repeat(50_000)}com`,
      'DE12 '.repeat(50_000),
      'x: y\n'.repeat(50_000),
    ].join(' ');
    const t0 = performance.now();
    listValues(hostile);
    sampledShingles(hostile, 1000);
    forEachShingle(hostile, () => {});
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});
