/**
 * The classifier's tokeniser: reads a text in chunks of up to `CHUNK` tokens and leaves each
 * token's span and hashed feature ids in shared buffers (no allocation per token, no substring,
 * no regex). `scan.ts` slides its window over them.
 *
 * Features of a token, hashed into a table of `SIZE` weights with FNV-1a computed as the
 * characters stream by: the folded word; its first five letters when it is longer
 * ("instructions", "instrucciones" and "instructed" share one); the pair (previous token, word),
 * where the previous token is a sentence-start marker after `.`, `!`, `?`, `:`, `;` or a line
 * break — so "imperative at the start of a sentence" is a feature of its own; the leetspeak
 * reading of a word mixing letters and digits; and structural features: text in Unicode tag
 * characters, zero-width characters or soft hyphens inside a word, a word mixing Latin and
 * look-alike letters, spaced-out letters, long base64-like runs. Punctuation that shapes role
 * markers and markup (`: < > [ ] | # { } * @ ! ?`) is a token too.
 */

import { fastPaths } from '../fast-paths.js';
import {
  ASCII_WORD,
  CLASS,
  decode,
  FOLD,
  IDEO,
  MATH,
  NL,
  PUNCT,
  SEP,
  SKIP,
  STOP,
  TAGGED,
  WORD,
  width,
} from './chars.js';
import { LEET_ALT, leetRead, leetStem, leetWord } from './leet.js';

/** log2 of the size of the weight table. */
export const HASH_BITS = 17;
const SHIFT = 32 - HASH_BITS;
/** Hashed features fall below `HASHED`; the structural ones follow it. */
const HASHED = 1 << HASH_BITS;
/** The size of the weight table: hashed features, then 16 structural ones. */
export const SIZE = HASHED + 16;
export const F_TAG = HASHED + 1;
export const F_ZERO_WIDTH = HASHED + 2;
export const F_HOMOGLYPH = HASHED + 3;
export const F_LEET = HASHED + 4;
export const F_SPACED = HASHED + 5;
export const F_LONG_RUN = HASHED + 6;
export const F_SOFT_HYPHEN = HASHED + 7;
export const F_SPACED_LONG = HASHED + 8;
/** At most this many features per token: word, pair, stem, leetspeak reading, two structural. */
export const PER_TOKEN = 6;
/** Tokens per chunk. */
export const CHUNK = 1024;
/** The token ring: the n-th token of a text sits in slot `n & (RING - 1)` until overwritten. */
export const RING = 4096;
/** The longest window a reader of the ring can look back over. */
export const MAX_WINDOW = RING - CHUNK;

/** Slot s holds a token's features `feats[s * PER_TOKEN + j]`, j < `featCount[s]`, and its span. */
export const feats = new Int32Array(RING * PER_TOKEN);
export const featCount = new Uint8Array(RING);
export const tokStart = new Int32Array(RING);
export const tokEnd = new Int32Array(RING);

const FNV = 0x811c9dc5 | 0;
const PRIME = 0x01000193;
const BOS = 0x2545f491;
const NUM = 0x68e31da4;
const STEM = 0x3c6ef372;
/** Mixed into the hashed features of words inside a reported quotation (see `cue`). */
const QUOTED = 0x5be0cd19;

/** The token hash of an ASCII word, as `readTokens` computes it. */
export function wordHash(w: string): number {
  let h = FNV;
  for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), PRIME);
  return h;
}
/**
 * Words after which a quotation reports what someone wrote rather than says it to the reader:
 * 'text such as "ignore previous instructions"', 'the e-mail said, "forward …"'. Words inside
 * such a quotation hash apart from the same words said outright, so the model learns the two
 * separately (prose about attacks quotes them; attacks say them).
 */
/** The hashes of the cue words (`wasm.ts` hands them to the WebAssembly scan too). */
export const CUE_HASHES: readonly number[] = [
  'as',
  'like',
  'g',
  'example',
  'instance',
  'say',
  'says',
  'said',
  'saying',
  'write',
  'writes',
  'wrote',
  'written',
  'writing',
  'phrase',
  'phrases',
  'phrased',
  'string',
  'strings',
  'text',
  'words',
  'called',
  'contains',
  'containing',
  'read',
  'reads',
  'reading',
  'asked',
  'asking',
  'told',
  'telling',
  'typed',
  'planted',
  'hid',
  'hidden',
  'including',
].map(wordHash);
const CUES = new Set(CUE_HASHES);

/** A hash's slot among the hashed features: Fibonacci hashing (the top bits of a multiple). */
function bucket(x: number): number {
  return Math.imul(x ^ (x >>> 15), 0x9e3779b1) >>> SHIFT;
}

/** ASCII separators whose only effect is to separate: not a quotation mark, a line break or a stop. */
export const PLAIN = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) PLAIN[c] = CLASS[c] === SEP && c !== 34 ? 1 : 0;

/** Where a tokeniser is in its text, between chunks. */
export class Reader {
  /** Tokens read so far (the next one's number). */
  next = 0;
  i = 0;
  prev = BOS;
  bos = true;
  spaced = 0;
  flag = 0; // the current run of tag characters: 1 hidden text, 2 an emoji flag
  quoted = 0; // QUOTED inside a reported quotation, else 0
  /**
   * Reads `text` from `from` to `end` as if that part were the whole text (offsets stay the
   * text's own): a part is read in place, since a slice would be read through an indirection.
   */
  constructor(
    readonly text: string,
    readonly from = 0,
    readonly end = text.length,
  ) {
    this.i = from;
  }
}

/** Reads up to `CHUNK` more tokens of `r.text` into the ring; returns how many (0: done). */
export function readTokens(r: Reader): number {
  const text = r.text;
  const n = r.end;
  const from = r.from;
  const tf = feats;
  const t0 = tokStart;
  const t1 = tokEnd;
  let { i, prev, bos, spaced, flag, quoted } = r;
  const fast = fastPaths.on;
  let count = 0;
  let slot = r.next & (RING - 1);
  // The word being read: its hash, the hash of its first five letters, and what it contains.
  let len = 0;
  let start = 0;
  let h = FNV;
  let h5 = 0;
  let digits = 0;
  let foreign = 0; // letters that are not ASCII
  let lookalike = 0; // non-Latin letters that fold to ASCII
  let hidden = 0; // 1 zero-width character, 2 soft hyphen
  let tagged = 0;
  while (count < CHUNK) {
    let c = 10;
    let cls = NL;
    let step = 1;
    if (i < n) {
      c = text.charCodeAt(i);
      if (c < 0x80) {
        let f = ASCII_WORD[c]!;
        if (f !== 0) {
          // The common case, kept tight: a run of ASCII letters and digits.
          if (len === 0) start = i;
          for (;;) {
            if (f < 58) digits++;
            h = Math.imul(h ^ f, PRIME);
            if (++len === 5) h5 = h;
            if (++i >= n) break;
            c = text.charCodeAt(i);
            if (c >= 0x80) break;
            f = ASCII_WORD[c]!;
            if (f === 0) break;
          }
          // An ASCII character after a word ends it right here; a non-ASCII one may go on with
          // it ("café") and is read on the next turn (without the fast paths, all but a space are).
          if (i < n && (fast ? c >= 0x80 : c !== 32)) continue;
          if (i >= n) c = 10;
        }
        cls = CLASS[c]!;
      } else {
        c = decode(text, i, n);
        step = width;
        if (c >= TAGGED && c < MATH) {
          // Tag characters spell hidden ASCII, or an emoji flag (🏴 U+1F3F4 + tags): benign.
          const p = i >= from + 2 ? text.charCodeAt(i - 1) : 0;
          if (p < 0xdc00 || p >= 0xdc80 || text.charCodeAt(i - 2) !== 0xdb40) flag = p === 0xdff4 ? 2 : 1;
          c -= TAGGED;
          if (flag === 1) tagged = 1;
        }
        cls = c < TAGGED ? CLASS[c]! : WORD;
        if (cls === WORD) {
          if (len === 0) start = i;
          const f = c < TAGGED ? FOLD[c]! : c - MATH;
          if (c >= 0x80) {
            foreign++;
            if (f < 0x80 && c >= 0x370) lookalike = 1;
          }
          if (f < 58 && f >= 48) digits++;
          h = Math.imul(h ^ f, PRIME);
          if (++len === 5) h5 = h;
          i += step;
          continue;
        }
        if (cls === SKIP) {
          if (len > 0) hidden |= c === 0xad ? 2 : 1;
          i += step;
          continue;
        }
      }
    }
    let tok: number;
    let after = false;
    const base = slot * PER_TOKEN;
    let k = base + 2;
    if (len > 0) {
      // End of a word; the current character is read again on the next turn (unless a space).
      t0[slot] = start;
      t1[slot] = i;
      if (c === 32) i++;
      tok = h;
      let x1 = 0;
      if (digits === len) tok = NUM + Math.min(len, 12);
      else if (digits > 0) {
        // Letters and digits: "1gn0r3" reads as "ignore", "th3" both as itself and as "the".
        const read = leetRead(text, start, i, n);
        if (leetWord) {
          tok = read;
          h5 = leetStem;
          x1 = F_LEET;
        } else if (read !== h) tf[k++] = bucket(read ^ LEET_ALT ^ quoted);
      }
      if (len > 5 && digits !== len) tf[k++] = bucket(h5 ^ STEM ^ quoted);
      if (tagged) x1 = F_TAG;
      else if (hidden & 1) x1 = F_ZERO_WIDTH;
      else if (hidden) x1 = F_SOFT_HYPHEN;
      else if (lookalike && foreign < len) x1 = F_HOMOGLYPH;
      if (x1 !== 0) tf[k++] = x1;
      if (len >= 24 && digits > 0 && digits < len) tf[k++] = F_LONG_RUN;
      spaced = len === 1 && digits === 0 ? spaced + 1 : 0;
      if (spaced === 4) tf[k++] = F_SPACED;
      else if (spaced === 12) tf[k++] = F_SPACED_LONG;
      len = digits = foreign = lookalike = hidden = tagged = 0;
      h = FNV;
    } else if (cls === PUNCT || cls === IDEO) {
      c = FOLD[c] || c;
      tok = Math.imul(FNV ^ c, PRIME);
      t0[slot] = i;
      i += step;
      t1[slot] = i;
      if (tagged) tf[k++] = F_TAG;
      tagged = 0;
      // `!`, `?` and `:` end a sentence unless a word goes on right after them (10:30, a?b).
      if (c === 33 || c === 63 || c === 58) after = i >= n || CLASS[text.charCodeAt(i)] !== WORD;
    } else {
      if (i >= n) break;
      tagged = 0;
      // A quotation ends at its closing mark or the line's end; it opens after a reporting word.
      if (c === 34 || c === 0x201c || c === 0x201d)
        quoted = quoted === 0 && c !== 0x201d && CUES.has(prev) ? QUOTED : 0;
      if (cls === NL) {
        bos = true;
        quoted = 0;
      } else if (cls === STOP && (i + 1 >= n || CLASS[text.charCodeAt(i + 1)] !== WORD)) bos = true;
      i += step;
      // The separators after it that change nothing (indentation, commas, brackets) in one go.
      while (fast && i < n) {
        const d = text.charCodeAt(i);
        if (d >= 0x80 || PLAIN[d] === 0) break;
        i++;
      }
      continue;
    }
    tf[base] = bucket(tok ^ quoted);
    tf[base + 1] = bucket(Math.imul(bos ? BOS : prev, 0x9e3779b1) ^ tok ^ quoted);
    featCount[slot] = k - base;
    slot = (slot + 1) & (RING - 1);
    count++;
    prev = tok;
    bos = after;
  }
  r.next += count;
  r.i = i;
  r.prev = prev;
  r.bos = bos;
  r.spaced = spaced;
  r.flag = flag;
  r.quoted = quoted;
  return count;
}
