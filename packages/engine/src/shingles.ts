import { hashWords, WORDS } from './shingle-words.js';

/**
 * Word shingles: hashed windows of consecutive words of normalised text, so a passage copied out
 * of a result into a long argument (an e-mail body, a message) is recognised even when the values
 * in it are ordinary words. Results index a winnowed sample (the minimum hash of every window of
 * WINNOW shingles), which guarantees that any shared run of SHINGLE + WINNOW - 1 words is found;
 * arguments look up every shingle they hold.
 */

export const SHINGLE = 5;
export const WINNOW = 6;
/** Keys of shingles start with a control char, which normalised values never contain. */
export const SHINGLE_PREFIX = '\u0001';

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
 * 48 bits as four 12-bit digits drawn from the CJK block (U+4E00…U+5DFF): one short string per
 * shingle, built without number formatting, and valid UTF-16 that any store keeps intact.
 */
export function shingleKey(hash: number): string {
  // Split as integers (hash = a·2^16 + low, a < 2^32): exact, and no floating-point modulo.
  const a = Math.floor(hash / 0x10000);
  const low = hash - a * 0x10000;
  const hi = a >>> 8;
  const lo = ((a & 0xff) << 16) | low;
  return String.fromCharCode(
    1,
    0x4e00 + (hi >>> 12),
    0x4e00 + (hi & 0xfff),
    0x4e00 + (lo >>> 12),
    0x4e00 + (lo & 0xfff),
  );
}

/** Every shingle of `text` (what an argument looks up); `lower` as for windowHashes. */
export function allShingles(
  text: string,
  emit: (key: string) => void,
  lower: string | null | undefined = undefined,
): void {
  const count = windowHashes(text, lower);
  if (count === 0) return;
  // Copied out of the scratch space, so that an `emit` that shingles text of its own cannot clobber them.
  const hashes = windows.slice(0, count);
  for (const h of hashes) if (!Number.isNaN(h)) emit(shingleKey(h));
}

/**
 * The winnowed sample of `text`'s shingles (what a result indexes), at most `max` of them: past
 * that, the smallest hashes, a sample that stays consistent from one text to the next.
 */
export function sampledShingles(
  text: string,
  max: number,
  lower: string | null | undefined = undefined,
): string[] {
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
  const out: string[] = [];
  if (picked.size <= max) {
    for (const h of picked) out.push(shingleKey(h));
    return out;
  }
  const sorted = [...picked].sort((x, y) => x - y);
  for (let k = 0; k < max; k++) out.push(shingleKey(sorted[k]!));
  return out;
}
