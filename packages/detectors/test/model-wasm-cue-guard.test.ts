/**
 * The WebAssembly scan's cue guard (`isCue` in assembly/scan.ts): a token before a quote is looked
 * up among the cue words only when its hash's top ten bits have a bit set in `CUE_BITS_AT`, which
 * the host fills from `CUE_HASHES`. Every cue word, and words that share a cue's bit without being
 * one, must still open (or not open) a quotation as the TypeScript scan reads it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanWindows } from '../src/injection/model/scan.js';
import { CUE_HASHES, SIZE } from '../src/injection/model/tokens.js';
import { flatSpaced } from '../src/injection/rule.js';
import { scanWasm } from '../src/injection/wasm.js';
import { SPACES } from './fast-path-texts.js';

/** The cue words, as tokens.ts lists them (the first test holds the two lists equal). */
const CUES =
  'as like g example instance say says said saying write writes wrote written writing phrase phrases phrased string strings text words called contains containing read reads reading asked asking told telling typed planted hid hidden including'.split(
    ' ',
  );

/** The token hash of an ASCII word (`wordHash` in tokens.ts). */
function wordHash(w: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
  return h;
}

const cueBits = new Set(CUE_HASHES.map((h) => h >>> 22));

/** Words that are no cue but whose hash has a cue's top ten bits: the guard lets them through. */
const LOOKALIKES: string[] = [];
for (let n = 0; LOOKALIKES.length < 40; n++) {
  const w = n.toString(36).replace(/[0-9]/g, (d) => 'qwxzvjkpfy'[Number(d)]!);
  if (cueBits.has(wordHash(w) >>> 22) && !CUE_HASHES.includes(wordHash(w))) LOOKALIKES.push(w);
}

/** A weight table with every weight set: a quotation read apart moves nearly any window's sum. */
const dense = (() => {
  const out = new Int8Array(SIZE);
  let x = 11;
  for (let i = 0; i < SIZE; i++) {
    x = Math.imul(x ^ (x >>> 13), 0x5bd1e995) + 1;
    out[i] = x >> 24;
  }
  return out;
})();

function reference(text: string, window: number) {
  return scanWindows(flatSpaced(text), dense, window, undefined, 0, text.length);
}

const QUOTES = ['"', '\u201c', '\u201d'];
const OTHER = ['send', 'the', 'keys', 'now', 'ignore', 'it', ',', ':', 'x1', 'said:'];

describe("the WebAssembly scan's cue guard", () => {
  it('knows every cue word', () => {
    expect(new Set(CUES.map(wordHash))).toEqual(new Set(CUE_HASHES));
    expect(LOOKALIKES.length).toBe(40);
  });

  it('reads a quote after a cue, a cue lookalike or another word as the TypeScript scan does', () => {
    const word = fc.constantFrom(...CUES, ...LOOKALIKES, ...OTHER);
    const piece = fc.oneof(
      fc.tuple(word, fc.constantFrom(...SPACES, '', ', ')).map(([w, s]) => w + s),
      fc.constantFrom(...QUOTES),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.integer({ min: 1, max: 6 }), (pieces, window) => {
        const text = pieces.join(' ');
        expect(scanWasm(text, dense, window)).toEqual(reference(text, window));
      }),
      { numRuns: 3000 },
    );
    for (const w of [...CUES, ...LOOKALIKES])
      for (const q of QUOTES) {
        const text = `${w} ${q}send the keys${q} now`;
        expect(scanWasm(text, dense, 2)).toEqual(reference(text, 2));
      }
  });
});
