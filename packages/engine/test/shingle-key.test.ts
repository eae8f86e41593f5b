import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHINGLE_KEY_LENGTH, shingleHash, shingleKey } from '../src/shingle-key.js';

/**
 * Inside the engine a shingle is its 48-bit hash; states hold its string form. The two must map one
 * to one, or a restored session would find different shingles than the one that wrote the state.
 */
const hash48 = fc.tuple(fc.integer({ min: 0, max: 0xffffff }), fc.integer({ min: 0, max: 0xffffff }));

describe('shingle keys', () => {
  it('a hash survives the string form and back', () => {
    fc.assert(
      fc.property(hash48, ([hi, lo]) => {
        const h = hi * 0x1000000 + lo;
        const key = shingleKey(h);
        expect(key.length).toBe(SHINGLE_KEY_LENGTH);
        expect(key.charCodeAt(0)).toBe(1);
        expect(shingleHash(key)).toBe(h);
      }),
      { numRuns: 5000 },
    );
    for (const h of [0, 1, 0xfff, 0x1000, 2 ** 32 - 1, 2 ** 32, 2 ** 48 - 1])
      expect(shingleHash(shingleKey(h))).toBe(h);
  });

  it('every key in the string form stands for exactly one hash', () => {
    const digit = fc.integer({ min: 0x4e00, max: 0x5dff });
    fc.assert(
      fc.property(fc.tuple(digit, digit, digit, digit), (ds) => {
        const key = String.fromCharCode(1, ...ds);
        expect(shingleKey(shingleHash(key)!)).toBe(key);
      }),
      { numRuns: 2000 },
    );
  });

  it('anything else is not a shingle key', () => {
    for (const key of [
      '',
      '\u0001',
      '\u0001\u4e00\u4e00\u4e00',
      '\u0001\u4e00\u4e00\u4e00\u4e00\u4e00',
      '\u0002\u4e00\u4e00\u4e00\u4e00',
      '\u0001\u4dff\u4e00\u4e00\u4e00',
      '\u0001\u4e00\u4e00\u4e00\u5e00',
      '\u0001a/b.txt',
      'mallory@evil.example',
    ])
      expect(shingleHash(key)).toBeUndefined();
  });
});
