/**
 * Expressions anchored at the end of the text before a position (`…\s+$` over `before(text, at,
 * n)`), behind a guard on the last words there. The engine tries such an expression at each of
 * the `n` characters; most need a particular word among the last few, which the guard reads from
 * the end in one short pass. A guard only rules an expression out, never in: when it passes, the
 * expression decides.
 */
import { isSpace, isWordChar } from './chars.js';
import { fastPaths } from './fast-paths.js';
import { before } from './rule.js';

/**
 * How many tokens a guard may look at: the guards read the last two at most (`instructions.ts`), and
 * each token read costs a slice and a lower-casing.
 */
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
export function leftMatcher(
  re: RegExp,
  n: number,
  mayEndWith: (tokens: readonly string[]) => boolean,
): LeftMatcher {
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

/** The last call's answer: rules ask about the same position several times in a row. */
let memo: { text: string; at: number; n: number; tokens: string[] | undefined } | undefined;

/**
 * The last few whitespace-separated tokens of `before(text, at, n)`, lower case, the last first;
 * `undefined` when it does not end with whitespace (no `…\s+$` expression matches then).
 */
export function lastTokens(text: string, at: number, n: number): string[] | undefined {
  if (memo !== undefined && memo.at === at && memo.n === n && memo.text === text) return memo.tokens;
  let tokens: string[] | undefined;
  // `before` reads a text's start as a line break: whitespace, which ends no token.
  if (at === 0 || isSpace(text.charCodeAt(at - 1))) {
    tokens = [];
    const lo = Math.max(0, at - n);
    let i = at;
    while (tokens.length < TOKENS) {
      while (i > lo && isSpace(text.charCodeAt(i - 1))) i--;
      if (i === lo) break;
      const end = i;
      while (i > lo && !isSpace(text.charCodeAt(i - 1))) i--;
      tokens.push(lowerCase(text.slice(i, end)));
    }
  }
  memo = { text, at, n, tokens };
  return tokens;
}

/** The Kelvin sign: the one character whose lower case is an ASCII letter (`k`). */
const KELVIN = '\u212a';

/**
 * `token` in lower case as the expressions' `i` flag compares it: the Kelvin sign stays itself.
 * The expressions (no `u` flag) match no ASCII letter with it, and `\b` sees no letter in it; in
 * lower case it would read as `k`, glued to the word after it ("\u212anew" is not "knew"), and a
 * guard would rule out a match the expression finds.
 */
function lowerCase(token: string): string {
  if (!token.includes(KELVIN)) return token.toLowerCase();
  return token
    .split(KELVIN)
    .map((s) => s.toLowerCase())
    .join(KELVIN);
}

/** Whether `token` ends with `word` (lower case, starting with a letter) right after a word boundary. */
export function endsWithWord(token: string, word: string): boolean {
  if (!token.endsWith(word)) return false;
  const k = token.length - word.length;
  return k === 0 || !isWordChar(token.charCodeAt(k - 1));
}

/** A guard: one of the last `within` tokens is one of `words`. */
export function anyOf(words: readonly string[], within: number): (tokens: readonly string[]) => boolean {
  // A guard that looked further than `lastTokens` reads would rule out matches it cannot see.
  if (within > TOKENS) throw new Error(`anyOf: ${within} words asked, ${TOKENS} read`);
  const set = new Set(words);
  return (tokens) => {
    for (let k = 0; k < tokens.length && k < within; k++) if (set.has(tokens[k]!)) return true;
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
