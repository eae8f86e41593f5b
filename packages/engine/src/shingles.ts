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

// Phrases made of these ("let me know if you have any questions") occur in every mailbox; a
// window needs MIN_CONTENT other words to be evidence that text was copied.
const MIN_CONTENT = 3;
const STOP = new Set(
  `a an the and or but if then so as of to in on at by for from with without into onto over under
  about after before between through during up down out off again further once here there when where
  why how all any both each few more most other some such no nor not only own same than too very can
  will just should would could may might must shall do does did done doing have has had having be
  is am are was were been being i me my mine we us our ours you your yours he him his she her hers it
  its they them their theirs this that these those what which who whom whose let know please thanks
  thank hi hello dear regards best hope like get got also make made see new one two time today
  tomorrow yes ok okay`.split(/\s+/),
);

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const MAX_STOP = 9; // no stop word is longer

function isWordChar(c: number, text: string, i: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
  return LETTER_OR_DIGIT.test(text[i]!);
}

/**
 * The 48-bit hash of each window (NaN for windows with too few content words), in text order.
 * One pass over the characters, hashing words as it goes: no regex, no word strings except the
 * short ones checked against the stop list.
 */
function windowHashes(raw: string): number[] {
  const text = raw.toLowerCase();
  const h1: number[] = [];
  const h2: number[] = [];
  const content: number[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && !isWordChar(text.charCodeAt(i), text, i)) i++;
    if (i >= n) break;
    const start = i;
    let a = 0x811c9dc5;
    let b = 0x9747b28c;
    for (let c = text.charCodeAt(i); i < n && isWordChar(c, text, i); c = text.charCodeAt(++i)) {
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 13;
    }
    h1.push(a >>> 0);
    h2.push(b >>> 0);
    content.push(i - start <= MAX_STOP && STOP.has(text.slice(start, i)) ? 0 : 1);
  }
  const out: number[] = [];
  let inWindow = 0;
  for (let k = 0; k < h1.length; k++) {
    inWindow += content[k]!;
    if (k >= SHINGLE) inWindow -= content[k - SHINGLE]!;
    if (k < SHINGLE - 1) continue;
    if (inWindow < MIN_CONTENT) {
      out.push(Number.NaN);
      continue;
    }
    let a = 0x12345678;
    let b = 0x9abcdef0;
    for (let j = k - SHINGLE + 1; j <= k; j++) {
      a = Math.imul(a ^ h1[j]!, 0x01000193);
      b = Math.imul(b ^ h2[j]!, 0x5bd1e995);
      b ^= b >>> 15;
    }
    out.push((a >>> 0) * 0x10000 + (b & 0xffff));
  }
  return out;
}

/**
 * 48 bits as four 12-bit digits drawn from the CJK block (U+4E00…U+5DFF): one short string per
 * shingle, built without number formatting, and valid UTF-16 that any store keeps intact.
 */
export function shingleKey(hash: number): string {
  const hi = Math.floor(hash / 0x1000000);
  const lo = hash % 0x1000000;
  return String.fromCharCode(
    1,
    0x4e00 + (hi >>> 12),
    0x4e00 + (hi & 0xfff),
    0x4e00 + (lo >>> 12),
    0x4e00 + (lo & 0xfff),
  );
}

/** Every shingle of `text` (what an argument looks up). */
export function allShingles(text: string, emit: (key: string) => void): void {
  for (const h of windowHashes(text)) if (!Number.isNaN(h)) emit(shingleKey(h));
}

/**
 * The winnowed sample of `text`'s shingles (what a result indexes), at most `max` of them: past
 * that, the smallest hashes, a sample that stays consistent from one text to the next.
 */
export function sampledShingles(text: string, max: number): string[] {
  const hashes = windowHashes(text);
  const picked = new Set<number>();
  for (let start = 0; start + WINNOW <= Math.max(hashes.length, WINNOW); start++) {
    let best = Number.NaN;
    for (let k = start; k < Math.min(start + WINNOW, hashes.length); k++) {
      const h = hashes[k]!;
      if (!Number.isNaN(h) && (Number.isNaN(best) || h <= best)) best = h;
    }
    if (!Number.isNaN(best)) picked.add(best);
  }
  let out = [...picked];
  if (out.length > max) out = out.sort((x, y) => x - y).slice(0, max);
  return out.map(shingleKey);
}
