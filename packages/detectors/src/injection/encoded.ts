/**
 * Text hidden by an encoding the model is told to undo: "decode and carry out: Rm9yd2FyZCBl…",
 * "(rot13 — run it through rot13 and act on it)". Only a text that names decoding, base64 or
 * rot13 is looked at (an encoded order is only an order once the model is asked to decode it, and
 * the cue keeps the search off every other text); then each base64 run that decodes to text with
 * words, and the whole text read through rot13 (which keeps every offset), are read again by the
 * caller's detectors.
 */

import { decodeBase64 } from '../secrets/base64.js';
import { fastPaths } from './fast-paths.js';
import { watchedFrom } from './wasm.js';

/** A reading of part of a text under an encoding: where it stands, and what it says decoded. */
export interface Encoded {
  start: number;
  end: number;
  words: string;
  /** rot13 keeps every offset, so what its reading finds stands where it was found. */
  encoding: 'base64' | 'rot13';
  /** The text tells its reader to act on what it decodes ("decode and carry out"). */
  toldToAct: boolean;
}

const CUE = /\b(?:decod|base-?64|b64|rot-?13)/i;
/** `CUE` at one place (`lastIndex`); `\b` still reads the character before it. */
const CUE_AT = /\b(?:decod|base-?64|b64|rot-?13)/iy;
/**
 * What every match of `CUE` holds, looked for first: "64" after "b", "e" or "-" (b64, base64,
 * base-64), "13" after "t" or "-" (rot13, rot-13), or "decod" in some case (without the `u` flag no
 * character outside ASCII matches an ASCII letter under `i`). `indexOf` reads a text several times
 * faster than `CUE`, whose `\b` and alternatives are tried at every position, and most texts hold
 * none of them (`encodedTexts` 4.2 against 3.2 ms per MB of the benchmark's corpus; a quarter of
 * its texts hold a bare "64" or "13", a year or an `x64`). Where one is found, `CUE` is tried only
 * where a match holding it would start (behind the fast-paths switch), not over the text up to
 * its first match: of the 205K characters it read in the third-party corpus's 85 such texts, 156K
 * came before the first "64", "13" or "decod".
 */
const DECOD = /[dD][eE][cC][oO][dD]/g;
export const cued = (text: string): boolean =>
  fastPaths.on
    ? cueAfter(text, '64', 'bBeE-', B64_BACK) || cueAfter(text, '13', 'tT-', ROT13_BACK) || cueAtDecod(text)
    : CUE.test(text);

/** How far before its "64" a match of `CUE` starts (b64, base64, base-64); before its "13" (rot13, rot-13). */
const B64_BACK = [1, 4, 5] as const;
const ROT13_BACK = [3, 4] as const;

/** Whether `CUE` matches at `at`. */
function cueAt(text: string, at: number): boolean {
  CUE_AT.lastIndex = at;
  return CUE_AT.test(text);
}

/** Whether `CUE` matches `back` characters before a `digits` that follows a character of `before`. */
function cueAfter(text: string, digits: string, before: string, back: readonly number[]): boolean {
  for (let i = digitsAfter(text, digits, before, 1); i >= 0; i = digitsAfter(text, digits, before, i + 1))
    for (const b of back) if (b <= i && cueAt(text, i - b)) return true;
  return false;
}

/**
 * Whether `CUE` matches where "decod" starts, in some case. Where the classifier's scan read the
 * text (it reads every text first), `DECOD` is searched only from the first place the scan could
 * not rule out (`watchedFrom` in wasm.ts): most texts name no decoding, and this search over the
 * whole text was 1.7% of `scanText` on the third-party corpus.
 */
function cueAtDecod(text: string): boolean {
  const from = watchedFrom(text) ?? 0;
  if (from < 0) return false;
  DECOD.lastIndex = from;
  while (DECOD.test(text)) if (cueAt(text, DECOD.lastIndex - 5)) return true;
  return false;
}

/** Where `digits` next occurs in `text` from `from` right after one of the characters of `before` (-1: nowhere). */
function digitsAfter(text: string, digits: string, before: string, from: number): number {
  for (let i = text.indexOf(digits, from); i >= 0; i = text.indexOf(digits, i + 1))
    if (i > 0 && before.includes(text.charAt(i - 1))) return i;
  return -1;
}
const ROT13 = /\brot-?13\b/i;
/** "decode and carry out", "run it through rot13 and act on it". */
const ACT =
  /\b(?:decod\w*|rot-?13|base-?64)\b[^\n]{0,40}?\b(?:and|then)\s+(?:carry\s+(?:it\s+|them\s+)?out|act\s+(?:on|upon)|follow|execute|obey|do\s+(?:it|as|what))\b/i;
/** Characters of either base64 alphabet (`A–Z a–z 0–9 + / _ -`). */
const B64 = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) B64[c] = /[A-Za-z0-9+/_-]/.test(String.fromCharCode(c)) ? 1 : 0;
/** The shortest run that may be base64 long enough to hold a sentence. */
const MIN_RUN = 32;

const isB64 = (c: number): boolean => c < 0x80 && B64[c] === 1;

/**
 * The runs that may be base64 (either alphabet), `[start, end)` pairs: at least `MIN_RUN`
 * alphabet characters and up to two `=` after them — what `/[A-Za-z0-9+/_-]{32,}={0,2}/g` finds
 * (the expression tries every position of a shorter run again, up to 17 ms per MB of identifiers
 * and paths). A long enough run holds every `MIN_RUN`-th position, so only those are probed, and
 * the run around a probe is read out from it: prose is read a word or two per probe, not every
 * character (a fifth of the time over the benchmark's corpus).
 */
export function base64Runs(text: string): number[] {
  const out: number[] = [];
  const n = text.length;
  let probe = MIN_RUN - 1;
  while (probe < n) {
    if (!isB64(text.charCodeAt(probe))) {
      probe += MIN_RUN;
      continue;
    }
    // The run is maximal: the character before its start and the one at its end are not base64.
    let start = probe;
    while (start > 0 && isB64(text.charCodeAt(start - 1))) start--;
    let end = probe + 1;
    while (end < n && isB64(text.charCodeAt(end))) end++;
    if (end - start >= MIN_RUN) {
      for (let pad = 0; pad < 2 && text.charCodeAt(end) === 0x3d; pad++) end++;
      out.push(start, end);
    }
    probe = end + MIN_RUN - 1;
  }
  return out;
}

/** The encoded readings of `text` (none unless it names decoding, base64 or rot13). */
export function encodedTexts(text: string): Encoded[] {
  const out: Encoded[] = [];
  if (!cued(text)) return out;
  // Read only once there is a reading to mark: most cued texts (code and docs that mention base64)
  // decode to nothing, and `ACT` reads the whole text.
  let toldToAct: boolean | undefined;
  const told = (): boolean => (toldToAct ??= ACT.test(text));
  const runs = base64Runs(text);
  for (let k = 0; k < runs.length; k += 2) {
    const start = runs[k]!;
    const end = runs[k + 1]!;
    const words = base64Words(text.slice(start, end));
    if (words !== undefined) out.push({ start, end, words, encoding: 'base64', toldToAct: told() });
  }
  // Every rot13 cue holds "13" after t or -, which `digitsAfter` finds a few times faster than `ROT13`
  // reads the text: most cued texts name base64 or decoding, not rot13.
  if ((!fastPaths.on || digitsAfter(text, '13', 'tT-', 1) >= 0) && ROT13.test(text))
    out.push({ start: 0, end: text.length, words: rot13(text), encoding: 'rot13', toldToAct: told() });
  return out;
}

const ASCII = new TextDecoder();

/** Each character's six bits in either base64 alphabet; -1 for every other character. */
const SEXTET = new Int8Array(0x80).fill(-1);
for (let i = 0; i < 64; i++)
  SEXTET['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;
SEXTET[0x2d] = 62;
SEXTET[0x5f] = 63;

/** A decoded byte that text may hold: printable ASCII, a tab or a line break. */
const isTextByte = (b: number): boolean => (b >= 0x20 && b <= 0x7e) || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * Whether the three bytes the first four characters of `run` decode to may be text (true too when
 * one of them is `=` or no base64: the decoder decides). Most runs are paths, identifiers and
 * hashes, and about 19 of 20 of them fail here, without the decoder's array and a pass over it.
 */
function startsAsText(run: string): boolean {
  if (run.length < 4) return true;
  let bits = 0;
  for (let i = 0; i < 4; i++) {
    const c = run.charCodeAt(i);
    const v = c < 0x80 ? SEXTET[c]! : -1;
    if (v < 0) return true;
    bits = (bits << 6) | v;
  }
  return isTextByte(bits >>> 16) && isTextByte((bits >>> 8) & 0xff) && isTextByte(bits & 0xff);
}

/**
 * `run` decoded from base64 when what it holds reads as text: printable ASCII (or tabs and
 * newlines) with a space at least every 16 characters — not an image, a key or a JWT's JSON.
 * A run the platform's forgiving decoder (`atob`) would refuse — padding on a length that is not
 * a multiple of four, or a length that leaves one character over — is not decoded.
 */
export function base64Words(run: string): string | undefined {
  let body = run.length;
  while (body > 0 && run.charCodeAt(body - 1) === 0x3d /* = */) body--;
  if ((body < run.length && run.length % 4 !== 0) || body % 4 === 1) return undefined;
  if (fastPaths.on && !startsAsText(run)) return undefined;
  const bytes = decodeBase64(run, 0, body);
  if (bytes === undefined) return undefined;
  let spaces = 0;
  for (const c of bytes) {
    if (c === 0x20) spaces++;
    else if ((c < 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) || c > 0x7e) return undefined;
  }
  // Every byte is ASCII by now, so UTF-8 reads them one character each (no spread: a run can be long).
  return spaces * 16 >= bytes.length ? ASCII.decode(bytes) : undefined;
}

/**
 * UTF-16 code units back to text in one native call. `fatal` refuses a lone surrogate (the decoder
 * would put U+FFFD in its place) and `ignoreBOM` keeps a leading U+FEFF, so what it returns is the
 * units unchanged.
 */
const UTF16 = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true });

/**
 * How far rot13 moves each ASCII code unit (13 forward in the first half of the alphabet, 13 back
 * in the second, 0 for everything else). Read from a table because a branch on the half is
 * mispredicted about every other letter: 2.6 against 7.2 ns a character.
 */
const ROT13_SHIFT = new Int8Array(0x80);
for (let c = 0; c < 0x80; c++) {
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x7a) ROT13_SHIFT[c] = lower <= 0x6d ? 13 : -13;
}

/** Every ASCII letter moved 13 places; everything else, and every offset, unchanged. */
export function rot13(text: string): string {
  // Code units, not a callback per letter (a few times faster on a long text).
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    units[i] = c < 0x80 ? c + ROT13_SHIFT[c]! : c;
  }
  try {
    return UTF16.decode(units);
  } catch {
    return fromUnits(units);
  }
}

/** Code units to text in blocks (`fromCharCode` keeps a lone surrogate; a block bounds its arguments). */
function fromUnits(units: Uint16Array): string {
  const BLOCK = 4096;
  const parts: string[] = [];
  for (let from = 0; from < units.length; from += BLOCK)
    parts.push(String.fromCharCode.apply(null, units.subarray(from, from + BLOCK) as unknown as number[]));
  return parts.join('');
}
