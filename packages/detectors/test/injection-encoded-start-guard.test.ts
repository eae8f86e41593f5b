/**
 * `base64Words` refuses a run whose first four characters decode to a byte text does not hold
 * before it decodes the run; with the fast paths off every run is decoded. Both must read every
 * run the same: either alphabet, padded or not, with `=` or a foreign character among the first
 * four, and bytes at the edges of what text holds (tab, line breaks, space, `~`, DEL, 0x80…).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Words } from '../src/injection/encoded.js';
import { slowly } from './fast-path-texts.js';

/** Bytes at the edges of printable ASCII and the line breaks, spaces (so a run may read as words). */
const EDGE_BYTES = [
  0x00, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x1f, 0x20, 0x21, 0x41, 0x7e, 0x7f, 0x80, 0xff,
];
const bytes = fc.array(
  fc.oneof(fc.constantFrom(...EDGE_BYTES), fc.constant(0x20), fc.integer({ min: 0, max: 255 })),
  {
    maxLength: 40,
  },
);

/** Base64 of `b` in either alphabet, padded or not. */
const encoded = fc
  .tuple(bytes, fc.constantFrom('base64', 'base64url'), fc.boolean())
  .map(([b, alphabet, pad]) => {
    const s = Buffer.from(b).toString(alphabet as BufferEncoding);
    return pad ? s : s.replace(/=+$/, '');
  });

/** An encoding with a character put in at one of its first places (where the guard reads). */
const spoiled = fc
  .tuple(encoded, fc.constantFrom('=', '.', ' ', 'é', '\u0100', '-', '_', '+', '/'), fc.nat(5))
  .map(([s, c, at]) => s.slice(0, at) + c + s.slice(at));

/** Characters of both alphabets, `=` and a few others, at random. */
const loose = fc.array(fc.constantFrom(...'AQgwZz09+/-_=. é'), { maxLength: 12 }).map((a) => a.join(''));

describe('the base64 start guard', () => {
  it('reads every run as decoding it whole does', () => {
    let words = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.oneof(encoded, spoiled, loose), (run) => {
        const want = slowly(() => base64Words(run));
        if (want === undefined) refused++;
        else words++;
        expect(base64Words(run)).toBe(want);
      }),
      { numRuns: 20000 },
    );
    // Counted so that runs drifting away from either outcome are seen, not passed silently.
    expect(words).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  });
});
