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

export class SymbolSearch {
  private readonly firsts: string[];
  /** `first * 65536 + second` for every way a symbol can start (ASCII letters in either case). */
  private readonly pairs = new Set<number>();
  private readonly sticky: RegExp;
  private readonly global: RegExp;
  /** Where each first character next occurs, for the current `exec`. */
  private readonly next: number[];
  /** The text and start of the last `exec`, for which `next` holds. */
  private subject: string | undefined;
  private from = 0;

  private constructor(symbols: readonly string[], source: string) {
    this.firsts = [...new Set(symbols.map((s) => s.charAt(0)))];
    for (const s of symbols) {
      const second = s.charCodeAt(1);
      const seconds = isAsciiLetter(second) ? [second | 32, second & ~32] : [second];
      for (const c of seconds) this.pairs.add(s.charCodeAt(0) * 65536 + c);
    }
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
    const { firsts, next } = this;
    // Where each first character next occurs is kept between calls on the same text: searching
    // afresh from every match made a long text with a few rare first characters quadratic (each
    // call looked to the end of the text for them). A position already passed is looked up again;
    // -1 (none left) stays true further on.
    if (subject !== this.subject || from < this.from) {
      for (let k = 0; k < firsts.length; k++) next[k] = subject.indexOf(firsts[k]!, from);
      this.subject = subject;
    } else {
      for (let k = 0; k < firsts.length; k++)
        if (next[k]! >= 0 && next[k]! < from) next[k] = subject.indexOf(firsts[k]!, from);
    }
    this.from = from;
    for (;;) {
      let k = -1;
      for (let j = 0; j < next.length; j++) if (next[j]! >= 0 && (k < 0 || next[j]! < next[k]!)) k = j;
      if (k < 0) return null;
      const at = next[k]!;
      if (this.pairs.has(subject.charCodeAt(at) * 65536 + subject.charCodeAt(at + 1))) {
        this.sticky.lastIndex = at;
        const m = this.sticky.exec(subject);
        if (m !== null) return m;
      }
      next[k] = subject.indexOf(firsts[k]!, at + 1);
    }
  }
}
