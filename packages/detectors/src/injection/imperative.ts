/**
 * Whether the word at `at` is said as an imperative: what `IMPERATIVE_LEFT` decides of the 48
 * characters before it, read from the end instead of tried at each of them. The expression has
 * three branches, all anchored at the end:
 * - a line break, or punctuation and then only spaces (`[\n.!?;:,>\])*•\-–—→]\s*$`);
 * - an opening quote after a space, bracket or colon (`[\s([:]["'“‘]\s*$`);
 * - a word ("please", "you must", "make sure to", "can you" …) and then spaces.
 * The first two are decided here from the last characters; the third only runs the expression
 * (from the end: `endTest`) when the last word is one its phrases end with, which few words are.
 */
import { isAsciiLetter, isSpace, isWordChar } from './chars.js';
import { fastPaths } from './fast-paths.js';
import { IMPERATIVE_LEFT } from './lexicon.js';
import { before } from './rule.js';
import { endTest } from './tail.js';

/** How much of the text before a word `IMPERATIVE_LEFT` reads. */
const REACH = 48;

const PUNCTUATION = new Set([...'\n.!?;:,>])*•-–—→'].map((c) => c.charCodeAt(0)));
const QUOTES = new Set([...`"'“‘`].map((c) => c.charCodeAt(0)));
const BEFORE_QUOTE = new Set([...'([:'].map((c) => c.charCodeAt(0)));
/** The expression, run from the end of the text before the word. */
const ENDS_IMPERATIVE = endTest(IMPERATIVE_LEFT);
/** The last word of every phrase of the third branch. */
const LAST_WORDS = new Set(
  'please kindly now then also first immediately and just finally next afterwards urgently quickly simply instead must should to will shall can may you'.split(
    ' ',
  ),
);

/**
 * The words that are a phrase of the third branch on their own ("and", "please"): all those
 * phrases that end with one of them ("go ahead and") hold a space before it.
 */
const ALONE = new Set(
  'please kindly now then also first immediately and just finally next afterwards urgently quickly simply instead'.split(
    ' ',
  ),
);

/** `IMPERATIVE_LEFT.test(before(text, at, 48))`. */
export function isImperativeBefore(text: string, at: number): boolean {
  if (!fastPaths.on) return IMPERATIVE_LEFT.test(before(text, at, REACH));
  // `before` reads a text's start as a line break.
  const from = at - REACH;
  const lo = Math.max(0, from);
  let k = at;
  let newline = false;
  while (k > lo && isSpace(text.charCodeAt(k - 1))) {
    if (text.charCodeAt(k - 1) === 10) newline = true;
    k--;
  }
  if (newline) return true;
  if (k === lo) return from <= 0;
  const last = text.charCodeAt(k - 1);
  if (PUNCTUATION.has(last)) return true;
  if (QUOTES.has(last)) {
    if (k - 1 === lo) return from <= 0;
    const c = text.charCodeAt(k - 2);
    return isSpace(c) || BEFORE_QUOTE.has(c);
  }
  if (k === at || !isAsciiLetter(last)) return false;
  let w = k - 1;
  while (w > lo && isAsciiLetter(text.charCodeAt(w - 1))) w--;
  const word = text.slice(w, k).toLowerCase();
  if (!LAST_WORDS.has(word)) return false;
  // A phrase of one word: the expression matches exactly where a word boundary comes before it
  // (the longer phrases that end with such a word have a space before it).
  if (ALONE.has(word)) return w === lo || !isWordChar(text.charCodeAt(w - 1));
  return ENDS_IMPERATIVE(before(text, at, REACH));
}
