/**
 * The symbols pass (`<|`, `[INST]`, `<!--`, `](` …) found from the characters the symbols start
 * with: `indexOf` finds each of those at memory-scanning speed, a table of the symbols' first two
 * characters drops most (an array's `[`, a generic's `<`), and the pass's own expression, sticky,
 * decides at what is left. The expression tried at every character costs several times more.
 * Same matches as the expression (`exec` from a `lastIndex`): the leftmost position where one of
 * the symbols matches, and there the symbol the alternation picks.
 */
import { isAsciiLetter } from './chars.js';
import { fastPaths } from './fast-paths.js';
import { placeAt, placeCount, watchSymbolStarts } from './wasm.js';

export class SymbolSearch {
  /** The characters the symbols start with. */
  private readonly firsts: string[];
  /**
   * The same, each with its second character when the symbols starting with it all go on with the
   * same one (`](`, `\\"`, `![`: a `]` or a `\\` on its own is common), for a long text.
   */
  private readonly needles: string[];
  /**
   * For each needle, the first character of a two-character needle folded into it (-1: none): `![`
   * is found through `[`, and `\\"` through `"`, a character back, which spares a pass over the
   * text for each.
   */
  private readonly behind: number[];
  /** `first * 65536 + second` for every way a symbol can start (ASCII letters in either case). */
  private readonly pairs = new Set<number>();
  /** The same pairs with both characters ASCII, at `first * 128 + second`. */
  private readonly asciiPairs = new Uint8Array(128 * 128);
  private readonly sticky: RegExp;
  private readonly global: RegExp;
  /** Where each first character (or needle) next occurs, for the current `exec`. */
  private readonly next: number[];
  /** The text and start of the last long `exec`, for which `next` holds. */
  private subject: string | undefined;
  private from = 0;
  /**
   * Whether the classifier's scan lists the places where the symbols may start (their first two
   * characters, `watchSymbolStarts` in wasm.ts): where it read the text, the search steps through
   * that list and reads no character itself.
   */
  private readonly listable: boolean;
  /** Where in the scan's list the last call left off, and for which text. */
  private listed = 0;
  private listedFor: string | undefined;

  private constructor(symbols: readonly string[], source: string) {
    const seconds = new Map<string, Set<number>>();
    for (const s of symbols) {
      const second = s.charCodeAt(1);
      const cases = isAsciiLetter(second) ? [second | 32, second & ~32] : [second];
      const first = s.charCodeAt(0);
      for (const c of cases) {
        this.pairs.add(first * 65536 + c);
        if (first < 128 && c < 128) this.asciiPairs[first * 128 + c] = 1;
      }
      const known = seconds.get(s.charAt(0)) ?? new Set<number>();
      for (const c of cases) known.add(c);
      seconds.set(s.charAt(0), known);
    }
    this.firsts = [...seconds.keys()];
    const needles = [...seconds].map(([first, next]) =>
      next.size === 1 ? first + String.fromCharCode(...next) : first,
    );
    // A two-character needle whose second character is a needle of its own is folded into that one
    // (at most one into each): stepping through the one visits every occurrence of the other.
    const folded = new Map<string, number>();
    this.needles = [];
    for (const n of needles) {
      const into = n.charAt(1);
      if (n.length === 2 && needles.includes(into) && !folded.has(into)) folded.set(into, n.charCodeAt(0));
      else this.needles.push(n);
    }
    this.behind = this.needles.map((n) => folded.get(n) ?? -1);
    this.listable = watchSymbolStarts(
      [...this.pairs].map((p) =>
        p >> 16 < 128 && (p & 0xffff) < 128 ? ((p >> 16) << 7) | (p & 0xffff) : -1,
      ),
    );
    this.sticky = new RegExp(source, 'y');
    this.global = new RegExp(source, 'g');
    this.next = this.firsts.map(() => -1);
  }

  /**
   * A search for `symbols` (lower case, compiled to `source`), or `undefined` when they do not suit
   * one: a symbol shorter than two characters, or one that starts with a letter (both cases would
   * have to be searched, and letters are everywhere).
   */
  static of(symbols: readonly string[], source: string): SymbolSearch | undefined {
    if (symbols.some((s) => s.length < 2 || isAsciiLetter(s.charCodeAt(0)))) return undefined;
    return new SymbolSearch(symbols, source);
  }

  /** `re.exec(subject)` with `re.lastIndex = from`, for the pass's expression `re`. */
  exec(subject: string, from: number): RegExpExecArray | null {
    if (!fastPaths.on) {
      this.global.lastIndex = from;
      return this.global.exec(subject);
    }
    // Asked afresh at each call: another text may have been scanned since.
    const listed = this.listable ? placeCount(subject) : -1;
    if (listed >= 0) return this.execListed(subject, from, listed);
    return subject.length - from > SHORT ? this.execLong(subject, from) : this.execShort(subject, from);
  }

  /**
   * `exec` from the places the classifier's scan listed where a symbol may start (`listed` of them):
   * the first at or after `from` where the expression matches. The list is read forwards from
   * where the last call on the same text left it.
   */
  private execListed(subject: string, from: number, listed: number): RegExpExecArray | null {
    let k = subject === this.listedFor ? this.listed : 0;
    if (k > 0 && (k > listed || placeAt(k - 1) >= from)) k = 0;
    while (k < listed && placeAt(k) < from) k++;
    this.listedFor = subject;
    for (; k < listed; k++) {
      this.sticky.lastIndex = placeAt(k);
      const m = this.sticky.exec(subject);
      if (m !== null) {
        this.listed = k;
        return m;
      }
    }
    this.listed = k;
    return null;
  }

  /**
   * `exec` on a short rest of a text: each first character found with `indexOf`, the nearest tried
   * (the positions kept for a long text are to be looked up afresh).
   */
  private execShort(subject: string, from: number): RegExpExecArray | null {
    this.subject = undefined;
    const { firsts, next } = this;
    for (let k = 0; k < firsts.length; k++) next[k] = subject.indexOf(firsts[k]!, from);
    for (;;) {
      let k = -1;
      for (let j = 0; j < next.length; j++) if (next[j]! >= 0 && (k < 0 || next[j]! < next[k]!)) k = j;
      if (k < 0) return null;
      const at = next[k]!;
      if (this.isPair(subject.charCodeAt(at), subject.charCodeAt(at + 1))) {
        this.sticky.lastIndex = at;
        const m = this.sticky.exec(subject);
        if (m !== null) return m;
      }
      next[k] = subject.indexOf(firsts[k]!, at + 1);
    }
  }

  /** `exec` on a long rest of a text, from its needles. */
  private execLong(subject: string, from: number): RegExpExecArray | null {
    const { needles, next } = this;
    // Where each needle next occurs is kept between calls on the same text: searching afresh from
    // every match made a long text with a few rare first characters quadratic (each call looked to
    // the end of the text for them). A position already passed is looked up again; -1 (none left)
    // stays true further on.
    if (subject !== this.subject || from < this.from) {
      for (let k = 0; k < needles.length; k++) next[k] = subject.indexOf(needles[k]!, from);
      this.subject = subject;
    } else {
      for (let k = 0; k < needles.length; k++)
        if (next[k]! >= 0 && next[k]! < from) next[k] = subject.indexOf(needles[k]!, from);
    }
    this.from = from;
    for (;;) {
      // The nearest first character, and where the next other one is: up to there the occurrences
      // of this one are stepped through without looking at the others.
      let k = -1;
      let bound = Number.POSITIVE_INFINITY;
      for (let j = 0; j < needles.length; j++) {
        const at = next[j]!;
        if (at < 0) continue;
        if (k < 0 || at < next[k]!) {
          if (k >= 0) bound = next[k]!;
          k = j;
        } else if (at < bound) bound = at;
      }
      if (k < 0) return null;
      const back = this.behind[k]!;
      // Every position stepped to holds the needle: its first character is known.
      const first = needles[k]!.charCodeAt(0);
      let at = next[k]!;
      do {
        // A folded needle's symbols start a character before this one; no other needle starts
        // with its first character, so the order of the matches holds.
        if (back >= 0 && at > from && subject.charCodeAt(at - 1) === back) {
          this.sticky.lastIndex = at - 1;
          const m = this.sticky.exec(subject);
          if (m !== null) {
            next[k] = at;
            return m;
          }
        }
        if (this.isPair(first, subject.charCodeAt(at + 1))) {
          this.sticky.lastIndex = at;
          const m = this.sticky.exec(subject);
          if (m !== null) {
            next[k] = at;
            return m;
          }
        }
        at = subject.indexOf(needles[k]!, at + 1);
      } while (at >= 0 && at < bound);
      next[k] = at;
    }
  }

  /** The symbols may start with `first` then `second` (NaN past the end: no). */
  private isPair(first: number, second: number): boolean {
    return first < 128 && second < 128
      ? this.asciiPairs[first * 128 + second] === 1
      : this.pairs.has(first * 65536 + second);
  }
}

/**
 * Up to this many characters from `from` to the end, `exec` looks for the first characters alone: a
 * two-character `indexOf` costs more to set up, which only a longer text pays back.
 */
const SHORT = 256;
