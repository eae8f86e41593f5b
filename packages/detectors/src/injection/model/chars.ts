/**
 * Character tables for the learned injection classifier: one lookup per UTF-16 code unit tells
 * the scanner what a character is and what it folds to, so the hot loop needs no regular
 * expression and no string allocation. Built once, at module load (~2 ms).
 *
 * Folding makes obfuscated text read like plain text: case, diacritics (é → e), full-width forms,
 * the Cyrillic and Greek letters that look Latin (а → a), mathematical bold/italic letters, and
 * leetspeak digits inside words (see `scan.ts`) all fold to the ASCII letter a reader sees.
 * Zero-width characters, soft hyphens and combining marks are skipped without breaking a word.
 */

/** Not part of any token: spaces, most punctuation, symbols, emoji. */
export const SEP = 0;
/** A letter or digit of a word. */
export const WORD = 1;
/** Invisible inside words (zero-width characters, soft hyphen, combining marks, variation selectors). */
export const SKIP = 2;
/** Punctuation that is a token of its own: `: < > [ ] | # { } * @ ! ?` (role markers, HTML, templates). */
export const PUNCT = 3;
/** A CJK ideograph or kana: a one-character token (those scripts do not separate words). */
export const IDEO = 4;
/** Line feed: a sentence boundary. */
export const NL = 5;
/** `.`, `;`: a sentence boundary when no word character follows directly. */
export const STOP = 6;

/** Class of each code unit (`SEP` … `STOP`). Surrogates are `SEP`; the scanner decodes them. */
export const CLASS = new Uint8Array(0x10000);
/** What a `WORD` code unit folds to (lower-case ASCII where one looks the same), else itself. */
export const FOLD = new Uint16Array(0x10000);
/** For ASCII: what a word character folds to, 0 for any other character (one lookup, hot path). */
export const ASCII_WORD = new Uint8Array(0x80);
/** Mathematical alphanumerics U+1D400–U+1D7FF folded to ASCII (0 where none). */
export const MATH_FOLD = new Uint16Array(0x400);

/** Cyrillic and Greek letters that are drawn like Latin ones (homoglyph attacks use them). */
const LOOKALIKE: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ɡ: 'g',
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ε: 'e',
};

const PUNCT_CHARS = ':<>[]|#{}*@!?';

function build(): void {
  const letter = /[\p{L}\p{N}]/u;
  const mark = /\p{M}/u;
  for (let c = 0; c < 0x3000; c++) {
    if (c >= 0xd800) break;
    const s = String.fromCharCode(c);
    if (letter.test(s)) {
      CLASS[c] = WORD;
      const lower = s.toLowerCase();
      const base = lower.normalize('NFD').charCodeAt(0);
      const look = LOOKALIKE[lower];
      FOLD[c] = look !== undefined ? look.charCodeAt(0) : base < 0x80 ? base : lower.charCodeAt(0);
    } else if (mark.test(s)) CLASS[c] = SKIP;
  }
  for (const ch of PUNCT_CHARS) {
    CLASS[ch.charCodeAt(0)] = PUNCT;
    FOLD[ch.charCodeAt(0)] = ch.charCodeAt(0);
  }
  CLASS[10] = NL;
  CLASS[46] = STOP;
  CLASS[59] = STOP;
  for (const c of [0xad, 0x34f, 0x180e, 0xfeff]) CLASS[c] = SKIP;
  for (let c = 0x200b; c <= 0x200f; c++) CLASS[c] = SKIP;
  for (let c = 0x2060; c <= 0x2064; c++) CLASS[c] = SKIP;
  for (let c = 0xfe00; c <= 0xfe0f; c++) CLASS[c] = SKIP;
  const ideo = [
    [0x3040, 0x30ff],
    [0x3400, 0x4dbf],
    [0x4e00, 0x9fff],
    [0xf900, 0xfaff],
  ];
  for (const [a, b] of ideo) for (let c = a!; c <= b!; c++) CLASS[c] = IDEO;
  for (let c = 0xac00; c <= 0xd7a3; c++) {
    CLASS[c] = WORD;
    FOLD[c] = c;
  }
  // Full-width ASCII (U+FF01–U+FF5E) behaves like the ASCII it imitates.
  for (let c = 0xff01; c <= 0xff5e; c++) {
    const a = c - 0xfee0;
    CLASS[c] = CLASS[a]!;
    FOLD[c] = FOLD[a]!;
  }
  for (let c = 0; c < 0x80; c++) ASCII_WORD[c] = CLASS[c] === WORD ? FOLD[c]! : 0;
  for (let i = 0; i < 0x400; i++) {
    const k = String.fromCodePoint(0x1d400 + i)
      .normalize('NFKC')
      .toLowerCase();
    const a = k.charCodeAt(0);
    if (k.length === 1 && a < 0x80 && CLASS[a] === WORD) MATH_FOLD[i] = a;
  }
}

build();

/** Width in code units of the character `decode` read last (1, or 2 for a surrogate pair). */
export let width = 1;

/**
 * The character at `i` as the classifier reads it: a BMP code unit as is; a Unicode tag character
 * (U+E0000–U+E007F, invisible) as `TAGGED` + the ASCII it encodes; a mathematical letter or digit
 * (U+1D400–U+1D7FF) as `MATH` + its ASCII; any other astral character as a space.
 */
export function decode(text: string, i: number, end = text.length): number {
  const c = text.charCodeAt(i);
  width = 1;
  if (c < 0xd800 || c >= 0xdc00) return c;
  const lo = i + 1 < end ? text.charCodeAt(i + 1) : 0;
  if (lo < 0xdc00 || lo >= 0xe000) return 0x20;
  width = 2;
  if (c === 0xdb40 && lo < 0xdc80) return TAGGED + lo - 0xdc00;
  if (c === 0xd835 && MATH_FOLD[lo - 0xdc00] !== 0) return MATH + MATH_FOLD[lo - 0xdc00]!;
  return 0x20;
}
export const TAGGED = 0x10000;
export const MATH = 0x20000;
