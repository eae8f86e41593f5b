import { hashWords, WORDS } from './shingle-words.js';

/**
 * Word shingles: hashed windows of consecutive words of normalised text, so a passage copied out
 * of a result into a long argument (an e-mail body, a message) is recognised even when the values
 * in it are ordinary words. Results index a winnowed sample (the minimum hash of every window of
 * WINNOW shingles), which guarantees that any shared run of SHINGLE + WINNOW - 1 words is found;
 * arguments look up every shingle they hold. A shingle is its hash (shingle-key.ts gives the
 * string form that states store).
 */

export const SHINGLE = 5;
export const WINNOW = 6;

// Phrases of stop words ("let me know if you have any questions") occur in every mailbox; a
// window needs MIN_CONTENT other words to be evidence that text was copied.
const MIN_CONTENT = 3;

// Scratch space for window hashes, reused like WORDS (shingle-words.ts).
let windows = new Float64Array(256);

/**
 * The 48-bit hash of each window (NaN for windows with too few content words), in text order,
 * into `windows`; returns how many. `lower` is `asciiLower(raw)` when the caller has it already.
 */
function windowHashes(raw: string, lower: string | null | undefined): number {
  const words = hashWords(raw, lower);
  if (windows.length < words) windows = new Float64Array(Math.max(words, windows.length * 2));
  const { a: wordsA, b: wordsB, content: wordsContent } = WORDS;
  let out = 0;
  let inWindow = 0;
  for (let k = 0; k < words; k++) {
    inWindow += wordsContent[k]!;
    if (k >= SHINGLE) inWindow -= wordsContent[k - SHINGLE]!;
    if (k < SHINGLE - 1) continue;
    if (inWindow < MIN_CONTENT) {
      windows[out++] = Number.NaN;
      continue;
    }
    let a = 0x12345678;
    let b = 0x9abcdef0;
    for (let j = k - SHINGLE + 1; j <= k; j++) {
      a = Math.imul(a ^ wordsA[j]!, 0x01000193);
      b = Math.imul(b ^ wordsB[j]!, 0x5bd1e995);
      b ^= b >>> 15;
    }
    windows[out++] = (a >>> 0) * 0x10000 + (b & 0xffff);
  }
  return out;
}

/**
 * Scratch buffers for `forEachShingle` to hash into while an earlier call is still handing out its
 * own hashes (an `emit` that shingles text of its own); empty unless that happens.
 */
const spare: Float64Array<ArrayBuffer>[] = [];

/**
 * The hash of every shingle of `text`, in text order (what an argument looks up and a prompt
 * endorses); `lower` as for windowHashes.
 */
export function forEachShingle(
  text: string,
  emit: (hash: number) => void,
  lower: string | null | undefined = undefined,
): void {
  const count = windowHashes(text, lower);
  if (count === 0) return;
  // Lend the scratch space out rather than copy it: a nested call hashes into another buffer.
  const hashes = windows;
  windows = spare.pop() ?? new Float64Array(256);
  for (let k = 0; k < count; k++) {
    const h = hashes[k]!;
    if (!Number.isNaN(h)) emit(h); // NaN: too few content words
  }
  spare.push(windows);
  windows = hashes;
}

/**
 * The hashes of the winnowed sample of `text`'s shingles (what a result indexes), at most `max` of
 * them: past that, the smallest hashes, a sample that stays consistent from one text to the next.
 */
export function sampledShingles(
  text: string,
  max: number,
  lower: string | null | undefined = undefined,
): number[] {
  const count = windowHashes(text, lower);
  const picked = new Set<number>();
  let last = Number.NaN;
  for (let start = 0; start + WINNOW <= Math.max(count, WINNOW); start++) {
    let best = Number.NaN;
    for (let k = start; k < Math.min(start + WINNOW, count); k++) {
      const h = windows[k]!;
      if (!Number.isNaN(h) && (Number.isNaN(best) || h <= best)) best = h;
    }
    // Neighbouring windows mostly share their minimum: skip the set for a repeat.
    if (!Number.isNaN(best) && best !== last) {
      picked.add(best);
      last = best;
    }
  }
  if (picked.size <= max) return [...picked];
  return [...picked].sort((x, y) => x - y).slice(0, max);
}
