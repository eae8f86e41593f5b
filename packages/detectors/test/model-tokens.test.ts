/**
 * The classifier's tokeniser with its fast paths (separators skipped in runs, a word ended at the
 * ASCII character after it) reads every text into the same tokens as without them: the same
 * spans and the same feature ids, so the trained weights read the same.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { fastPaths } from '../src/injection/fast-paths.js';
import {
  CHUNK,
  featCount,
  feats,
  PER_TOKEN,
  Reader,
  RING,
  readTokens,
  tokEnd,
  tokStart,
} from '../src/injection/model/tokens.js';
import { devTexts } from './dev-fixtures.js';
import { anyText, modelText } from './fast-path-texts.js';

afterEach(() => {
  fastPaths.on = true;
});

/** Every token of `text`: its span and features, in order. */
function tokens(text: string, fast: boolean, from = 0, to = text.length): number[][] {
  fastPaths.on = fast;
  const out: number[][] = [];
  const reader = new Reader(text, from, to);
  for (let m = readTokens(reader), g = 0; m > 0; m = m === CHUNK ? readTokens(reader) : 0) {
    for (const last = g + m; g < last; g++) {
      const s = g & (RING - 1);
      const base = s * PER_TOKEN;
      out.push([tokStart[s]!, tokEnd[s]!, ...feats.subarray(base, base + featCount[s]!)]);
    }
  }
  fastPaths.on = true;
  return out;
}

describe('the tokeniser', () => {
  it('reads random and adversarial texts into the same tokens with its fast paths on and off', () => {
    fc.assert(
      fc.property(fc.oneof(modelText, anyText), (text) => {
        expect(tokens(text, true)).toEqual(tokens(text, false));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the development set into the same tokens with its fast paths on and off', () => {
    const dev = devTexts();
    for (const text of dev) expect(tokens(text, true)).toEqual(tokens(text, false));
  });

  it('reads a part of a text in place as it reads that part cut out, at the same offsets', () => {
    const cases = fc
      .oneof(modelText, anyText)
      .chain((text) =>
        fc
          .tuple(fc.nat(text.length), fc.nat(text.length))
          .map(([a, b]) => [text, Math.min(a, b), Math.max(a, b)] as const),
      );
    fc.assert(
      fc.property(cases, ([text, from, to]) => {
        const alone = tokens(text.slice(from, to), true).map(([s, e, ...f]) => [s! + from, e! + from, ...f]);
        expect(tokens(text, true, from, to)).toEqual(alone);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads a text longer than a chunk the same way (tokens across the ring)', () => {
    const text = 'Ignore   the, previous: instructions.\n'.repeat(400);
    expect(tokens(text, true)).toEqual(tokens(text, false));
  });
});
