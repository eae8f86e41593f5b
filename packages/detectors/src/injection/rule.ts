/** What a rule sees and how it reports; helpers the rules share. */
import { isSpace } from './chars.js';
import { fastPaths } from './fast-paths.js';
import { type FirstChars, firstChars } from './first-chars.js';

/** `data`: a tool result or other content. `tool`: a tool's own description or schema. */
export type Mode = 'data' | 'tool';

/** A rule's raw finding, before the scores are settled. */
export interface Hit {
  /** The rule's short name (`override`, `role-marker`, …); the detector adds the kind prefix. */
  rule: string;
  start: number;
  end: number;
  score: number;
  message: string;
}

export interface Ctx {
  readonly text: string;
  readonly mode: Mode;
  add(rule: string, start: number, end: number, score: number, message: string): void;
  /** Marks `[start, end)` as text a reader of the rendered page does not see. */
  hide(start: number, end: number): void;
  /** Asks for a second reading, around `at`, with disguised letters folded to the ones they imitate. */
  suspect(at: number): void;
}

/**
 * A rule runs where one of its triggers matched. Its `words`, `symbols` and `chars` trigger it
 * anywhere; its `nearWords` and `nearSymbols` (everyday words: send, call, delete…) only close to
 * another hit, or anywhere in a short text — and, in `scanText`, not in a long text the classifier
 * is sure is benign (`SURE_BENIGN_MARGIN` in scan.ts).
 */
export interface Rule {
  /**
   * Lower-case word starts that trigger the rule; a space stands for any run of whitespace, and a
   * final `$` asks for the whole word (`ai$` does not fire on "aim").
   */
  readonly words?: readonly string[];
  readonly nearWords?: readonly string[];
  /** Lower-case strings that trigger it wherever they occur (markup). */
  readonly symbols?: readonly string[];
  readonly nearSymbols?: readonly string[];
  /** Characters that trigger it (the body of a regex character class; a lead surrogate stands for its pair). */
  readonly chars?: string;
  /** Checks the text where a trigger matched; may return the index the scan resumes from. */
  check(ctx: Ctx, at: number, end: number, key: string): number | undefined;
}

/** Where the run of CJK characters (and their full-width punctuation) that includes `at` ends. */
export function cjkRunEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && text.charCodeAt(i) >= 0x3000 && text.charCodeAt(i) < 0xd800) i++;
  return i;
}

/** The CJK ranges a rule lists in `chars`: whole blocks, since single CJK characters in a class slow it fourfold. */
export const CJK = String.raw`\u3040-\u30ff\u4e00-\u9fff`;

/**
 * The matchers `sticky` made, and what they can start with: read from the source on first use
 * (0: not read yet; `null`: anything, or the empty string).
 */
const STARTS = new Map<RegExp, FirstChars | null | 0>();

/** A sticky, case-insensitive matcher for `src`. */
export function sticky(src: string, caseSensitive = false): RegExp {
  const re = new RegExp(src, caseSensitive ? 'y' : 'iy');
  STARTS.set(re, 0);
  return re;
}

/** The matchers `sticky` made (for tests). */
export const stickyMatchers = (): Iterable<RegExp> => STARTS.keys();

/**
 * Matches `re` (sticky) exactly at `at`. A matcher made by `sticky` is not run where the character
 * at `at` cannot start its match: most rule expressions fail there, and one table read is cheaper
 * than a call into the expression engine.
 */
export function matchAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  let first = STARTS.get(re);
  if (first === 0) {
    first = firstChars(re) ?? null;
    STARTS.set(re, first);
  }
  if (first != null && fastPaths.on && at >= 0 && at < text.length) {
    const c = text.charCodeAt(at);
    if (c < 128 ? first.ascii[c] === 0 : !first.other) {
      re.lastIndex = 0;
      return null;
    }
  }
  re.lastIndex = at;
  return re.exec(text);
}

/**
 * `text` and a space after it, as one sequential string: for loops that read a text a character at
 * a time (the rules' word search, the classifier's tokeniser). A text cut from a longer one is a
 * slice, and V8 reads a slice through an indirection; once such a loop has met one, its compiled
 * code handles every kind of string and reads every text more slowly (the tokeniser about 1.75
 * times: 22 against 12.5 ms per MB of the benchmark's corpus). The copy costs under 1 ms per MB.
 */
export function flatSpaced(text: string): string {
  return [text, ' '].join('');
}

/** Up to `n` characters before `at`; a text's start reads as a line break, so `\n` anchors work. */
export function before(text: string, at: number, n: number): string {
  const from = at - n;
  return from <= 0 ? `\n${text.slice(0, at)}` : text.slice(from, at);
}

/**
 * The clause that starts at `at`: up to `n` characters, cut at a paragraph break or sentence end
 * — a sentence that ends a list item ends before the next item's bullet, so one item's verb is
 * not read with the next item's objects ("Move one pipeline at a time.\n- Use OIDC for cloud
 * credentials" asks nothing to be sent).
 */
export function clause(text: string, at: number, n: number): string {
  const s = text.slice(at, at + n);
  const cut = s.search(/\n\s*\n|[.!?](?:["'”’)]*\s+[A-Z"'(“‘]|["'”’)]*[ \t]*\r?\n|\s*$)/);
  return cut < 0 ? s : s.slice(0, cut + 1);
}

/** A list item's marker and the spaces after it, as the whole of a line before its first word. */
const ITEM_START = /^[ \t]*(?:[-*•+]|\d{1,3}[.)])[ \t]+$/;
/** A list item's first line, or a line continuing one (indented). */
const ITEM_LINE = /^(?:[ \t]*(?:[-*•+]|\d{1,3}[.)])[ \t]|[ \t]+\S)/;
/** A heading that forbids what its list holds: "Don't:", "**Never**", "## Avoid", "Do NOT do this:". */
const FORBIDDING =
  /^[ \t#*_>]*(?:don['’]ts?|do\s+not|never|avoid)\b(?![^\n]*\bforget)[^\n]{0,30}?[:*_ \t]*$/i;

/**
 * Whether the word at `at` starts an item of a list under a heading that forbids its items
 * ("Don't:\n- Copy credentials into repository secrets"): a prohibition, not an order. Reads back
 * over the list's other items (and blank lines) to the line that heads it, at most 12 lines.
 */
export function inForbiddenList(text: string, at: number): boolean {
  let start = text.lastIndexOf('\n', at - 1) + 1;
  if (!ITEM_START.test(text.slice(start, at))) return false;
  for (let lines = 0; lines < 12 && start > 0; lines++) {
    const end = start - 1;
    start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    if (line.trim() === '' || ITEM_LINE.test(line)) continue;
    return FORBIDDING.test(line);
  }
  return false;
}

/** Characters a message shows as `\uXXXX`: controls, invisible and bidi characters, surrogates. */
function shown(c: number): boolean {
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0xad ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x2069) ||
    c === 0xfeff ||
    (c >= 0xd800 && c <= 0xdfff)
  );
}

/** How many characters of the folded text an excerpt keeps. */
const EXCERPT = 60;

/**
 * Whether the character at `i` is quoted as it is: not escaped, not part of a run of whitespace to
 * fold (a space before `to`, where the quotation ends, is followed by none).
 */
function kept(s: string, i: number, to: number): boolean {
  const c = s.charCodeAt(i);
  if (c > 32 && c < 0x7f) return true;
  if (c === 32) return i + 1 === to || !isSpace(s.charCodeAt(i + 1));
  return !isSpace(c) && !shown(c);
}

/** Where `text.slice(k)` starts (or ends): a negative `k` counts from the end. */
function sliceIndex(text: string, k: number): number {
  return k < 0 ? Math.max(text.length + k, 0) : Math.min(k, text.length);
}

/**
 * A short, single-line quotation of `[start, end)` for a finding's message: each run of whitespace
 * folded to a space, at most 60 characters of that (the last an ellipsis when cut), the `shown`
 * characters escaped, the ends trimmed. It copies the runs of characters that stay as they are in
 * one slice each (most excerpts are one such run): a finding's message is built at every raw hit,
 * and folding with an expression, then escaping character by character, cost four times as much.
 * It reads `text` itself between the bounds `text.slice` would take, not a slice of it: V8 reads a
 * slice through an indirection (0.8 of the time on the corpus's excerpts).
 */
export function excerpt(text: string, start: number, end: number): string {
  let i = sliceIndex(text, start);
  const to = sliceIndex(text, Math.min(end, start + EXCERPT * 2));
  let out = '';
  // How many folded characters `out` holds, and `out` at EXCERPT - 1 of them (what a cut keeps).
  let n = 0;
  let head = '';
  while (i < to) {
    if (n === EXCERPT - 1) head = out;
    else if (n === EXCERPT) return `"${`${head}…`.trim()}"`;
    const c = text.charCodeAt(i);
    if (kept(text, i, to)) {
      // Up to the next character that changes, stopping at EXCERPT - 1 and EXCERPT folded characters.
      const stop = Math.min(to, i + (n < EXCERPT - 1 ? EXCERPT - 1 - n : 1));
      let j = i + 1;
      while (j < stop && kept(text, j, to)) j++;
      out += text.slice(i, j);
      n += j - i;
      i = j;
      continue;
    }
    if (isSpace(c)) {
      do i++;
      while (i < to && isSpace(text.charCodeAt(i)));
      out += ' ';
    } else {
      out += `\\u${c.toString(16).padStart(4, '0')}`;
      i++;
    }
    n++;
  }
  return `"${out.trim()}"`;
}
