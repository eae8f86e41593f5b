/**
 * Expressions anchored at the end of the text before a position (`…\s+$` over `before(text, at,
 * n)`), behind a guard on the last words there. The engine tries such an expression at each of
 * the `n` characters; most need a particular word among the last few, which the guard reads from
 * the end in one short pass. A guard only rules an expression out, never in: when it passes, the
 * expression decides.
 */
import { isSpace, isWordChar, wordRunStart } from './chars.js';
import { fastPaths } from './fast-paths.js';
import { before } from './rule.js';

/** How many tokens a guard may look at: the guards read the last two at most (`instructions.ts`). */
const TOKENS = 2;

export interface LeftMatcher {
  readonly re: RegExp;
  /** How much text before the position the expression reads. */
  readonly n: number;
  /** `re.exec(before(text, at, n))`. */
  exec(text: string, at: number): RegExpExecArray | null;
  /** Whether the guard lets the expression run at `at`. */
  mayMatch(text: string, at: number): boolean;
}

const MATCHERS: LeftMatcher[] = [];

/** Every guarded expression (for tests). */
export const leftMatchers = (): readonly LeftMatcher[] => MATCHERS;

/**
 * `re` (which must end with whitespace and `$`) read over the `n` characters before a position,
 * run only where `mayEndWith` accepts the last tokens there (see `lastTokens`).
 */
export function leftMatcher(re: RegExp, n: number, mayEndWith: (tokens: Tokens) => boolean): LeftMatcher {
  const matcher: LeftMatcher = {
    re,
    n,
    mayMatch(text, at) {
      const tokens = lastTokens(text, at, n);
      return tokens !== undefined && mayEndWith(tokens);
    },
    exec(text, at) {
      if (fastPaths.on && !matcher.mayMatch(text, at)) return null;
      return re.exec(before(text, at, n));
    },
  };
  MATCHERS.push(matcher);
  return matcher;
}

/**
 * The last few whitespace-separated tokens before a position, the last first (token 0), read in
 * place: each is compared in lower case as the expressions' `i` flag reads it, with nothing sliced
 * or lower-cased (most guards say no, and a slice per token cost more than the comparisons).
 */
export interface Tokens {
  /** How many tokens were read: at most `TOKENS`. */
  readonly length: number;
  /** Whether token `k` is `word` (lower case, ASCII or `’`). */
  is(k: number, word: string): boolean;
  /** Whether token `k` ends with `word` (lower case, starting with a letter) right after a word boundary. */
  endsWithWord(k: number, word: string): boolean;
  /** Whether the run of word characters token `k` ends with is one of `words` (lower case), whole. */
  endsWithOneOf(k: number, words: readonly string[]): boolean;
}

/**
 * Whether `text` from `at` reads as `word` in lower case, as the expressions' `i` flag compares.
 * Only an ASCII capital lowers to an ASCII letter there: the Kelvin sign, whose lower case is `k`,
 * is no `k` to an expression without the `u` flag (and `\b` sees no letter in it), and "İ" lowers to
 * "i" and a combining dot no word holds; so a character of any other kind must be the word's own.
 */
function readsAs(text: string, at: number, word: string): boolean {
  for (let j = 0; j < word.length; j++) {
    const c = text.charCodeAt(at + j);
    const w = word.charCodeAt(j);
    if (c !== w && !(c >= 0x41 && c <= 0x5a && (c | 0x20) === w)) return false;
  }
  return true;
}

/** The reader over the tokens last read: one object, its bounds updated in place. */
class TokenReader implements Tokens {
  length = 0;
  text = '';
  /** Token `k` is `text.slice(starts[k], ends[k])`. */
  readonly starts = [0, 0];
  readonly ends = [0, 0];

  is(k: number, word: string): boolean {
    return this.ends[k]! - this.starts[k]! === word.length && readsAs(this.text, this.starts[k]!, word);
  }

  endsWithWord(k: number, word: string): boolean {
    const from = this.ends[k]! - word.length;
    if (from < this.starts[k]! || !readsAs(this.text, from, word)) return false;
    return from === this.starts[k] || !isWordChar(this.text.charCodeAt(from - 1));
  }

  endsWithOneOf(k: number, words: readonly string[]): boolean {
    const end = this.ends[k]!;
    const from = wordRunStart(this.text, end, this.starts[k]);
    for (const word of words) if (end - from === word.length && readsAs(this.text, from, word)) return true;
    return false;
  }
}

const TAIL = new TokenReader();

/** The last call's question and answer: rules ask about the same position several times in a row. */
let memoText: string | undefined;
let memoAt = -1;
let memoN = -1;
let memoTokens: Tokens | undefined;

/**
 * The last few whitespace-separated tokens of `before(text, at, n)` (see `Tokens`: the reader is
 * shared, and good until the next call); `undefined` when it does not end with whitespace (no
 * `…\s+$` expression matches then).
 */
export function lastTokens(text: string, at: number, n: number): Tokens | undefined {
  if (memoAt === at && memoN === n && memoText === text) return memoTokens;
  let tokens: Tokens | undefined;
  // `before` reads a text's start as a line break: whitespace, which ends no token.
  if (at === 0 || isSpace(text.charCodeAt(at - 1))) {
    const lo = Math.max(0, at - n);
    let i = at;
    let count = 0;
    while (count < TOKENS) {
      while (i > lo && isSpace(text.charCodeAt(i - 1))) i--;
      if (i === lo) break;
      TAIL.ends[count] = i;
      while (i > lo && !isSpace(text.charCodeAt(i - 1))) i--;
      TAIL.starts[count++] = i;
    }
    TAIL.text = text;
    TAIL.length = count;
    tokens = TAIL;
  }
  memoText = text;
  memoAt = at;
  memoN = n;
  memoTokens = tokens;
  return tokens;
}

/** A guard: one of the last `within` tokens is one of `words`. */
export function anyOf(words: readonly string[], within: number): (tokens: Tokens) => boolean {
  // A guard that looked further than `lastTokens` reads would rule out matches it cannot see.
  if (within > TOKENS) throw new Error(`anyOf: ${within} words asked, ${TOKENS} read`);
  return (tokens) => {
    for (let k = 0; k < tokens.length && k < within; k++)
      for (const word of words) if (tokens.is(k, word)) return true;
    return false;
  };
}

export interface EndTest {
  readonly re: RegExp;
  /** `re.test(s)`. */
  readonly test: (s: string) => boolean;
}

const END_TESTS: EndTest[] = [];

/** Every expression `endTest` runs from the end, with its test (for tests). */
export const endTests = (): readonly EndTest[] => END_TESTS;

/**
 * `re.test(s)` for an expression anchored at its end only (`…$`), run as a sticky lookbehind at
 * the end of `s`. The engine tries `…$` at each start position of `s`; the lookbehind reads back
 * from the end once (two to three times faster on the rules' left contexts). Both ask whether a
 * match ends where `s` ends, so the answer is the same — not the match: where the rule needs
 * its index, it runs `re` itself after this has said yes.
 *
 * Read backwards, alternatives that end alike each match their ending again: `(?:(?:the|my)\s+)?`
 * reads faster than `(?:the\s+|my\s+)?` (the address rule's expressions 0.7 to 0.9 of the time).
 */
export function endTest(re: RegExp): (s: string) => boolean {
  if (!endAnchoredOnly(re)) throw new Error(`endTest: ${re} is not anchored at its end alone`);
  const back = new RegExp(`(?<=${re.source.slice(0, -1)})`, `${re.flags}y`);
  const test = (s: string): boolean => {
    if (!fastPaths.on) return re.test(s);
    back.lastIndex = s.length;
    return back.test(s);
  };
  END_TESTS.push({ re, test });
  return test;
}

/**
 * Whether the final `$` of `re` anchors the whole expression: no alternative at the top level
 * escapes it, no flag changes what `$` or a repeated match means, and no back-reference is read
 * backwards inside a lookbehind.
 */
export function endAnchoredOnly(re: RegExp): boolean {
  const src = re.source;
  if (/[gymsuv]/.test(re.flags) || /\\[1-9k]/.test(src)) return false;
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      i++;
      if (i === src.length - 1) return false; // the final `$` is escaped
    } else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return false;
  }
  return src.endsWith('$') && depth === 0 && !inClass;
}
