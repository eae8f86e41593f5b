/**
 * The words pass without its expression. The expression (`\b(?:phrases|trie)`, case-insensitive)
 * is tried at every character, about 10 ns each on our machines; this is one automaton step per
 * character (two table reads) that stops only where a trigger may start: it follows the trie of
 * the trigger words from each word start, reads the rest of a word that cannot match as "inside a
 * word", and calls `matchAt` only when the trie reaches a word's end (or a phrase's first word).
 *
 * Same matches as the expression, `exec` from a `lastIndex` over `text.slice(from, to)`: the
 * leftmost position where `\b` holds (ASCII `\w`; the slice's ends read as non-word) and a trigger
 * matches, and there what the alternation picks: the first phrase (words with spaces or
 * apostrophes, in the pass's order) that matches, else the longest trigger word the text starts
 * with. Characters compare as a case-insensitive expression without the `u` flag compares them
 * (`canonical`).
 *
 * The steps run in WebAssembly where they can (`searchWords` in wasm.ts). The core words pass
 * (`triggers.ts`) is stepped by the classifier's scan itself, which reads every text first and
 * lists every word start where a trigger matches (`foldInScan`): `exec` over that whole text reads
 * the list (`execListed`) instead of the characters.
 */
import { isSpace } from './chars.js';
import {
  foldedCount,
  foldedEvent,
  learnClass,
  searchEnd,
  searchNode,
  searchStart,
  searchTried,
  searchWords,
  type WalkTables,
  walkState,
} from './wasm.js';

/** What a match of a trie word runs, computed once per word (the pass's `Found`). */
export type FoundOf<F> = (key: string) => F;

/** A phrase element that is not a character: `\s+`. */
const SPACES = -1;
/** A phrase element that is not a character: `['’]?`. */
const APOSTROPHE = -2;

/** Automaton states before the trie's: after a non-word character (or at the start), inside a word. */
const OUT = 0;
const IN_WORD = 1;
/** Character classes before the trie's letters: any other word character, any other character. */
const OTHER_WORD = 0;
const OTHER = 1;
/** A code unit's class not yet worked out (see `classOf`). */
const UNKNOWN = 255;

const isWord = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;

/**
 * The code unit a case-insensitive expression without the `u` flag compares (ECMA-262
 * Canonicalize: the upper case when it is one code unit and does not turn a non-ASCII character
 * into an ASCII one), except that ASCII letters read as lower case (a relabelling: ASCII only
 * ever matches ASCII).
 */
export function canonical(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c | 32 : c;
  const upper = String.fromCharCode(c).toUpperCase();
  if (upper.length !== 1) return c;
  const u = upper.charCodeAt(0);
  return u < 128 ? c : u;
}

/** Node flags: a trigger word ends here; a phrase's first word does; a word starts inside a trigger here. */
const WORD_END = 1;
const PHRASE_HEAD = 2;
const INNER_START = 4;
/**
 * In `nodes` only: every phrase whose first word ends here goes on with `\s+` and then a character
 * that is not a space (`follows` holds those in ASCII).
 */
const SPACED_HEAD = 8;
/** Where a node's depth starts in its word of `nodes`, above the flags. */
const DEPTH = 4;

/** A trie over canonical code units. */
interface Node {
  flags: number;
  next: Map<number, Node>;
  /** The phrases (by their place in the pass's order) whose first word ends here. */
  phrases: number[];
  /** The code unit a trigger word spells this node's letter with (-1: none yet). */
  spelled: number;
}

const node = (): Node => ({ flags: 0, next: new Map(), phrases: [], spelled: -1 });

/**
 * Marks where a word starts inside a trigger ("to-do" at its `d`): a walk that passes there
 * stands for two word starts, and the later one is looked at when the earlier one fails.
 */
function markInnerStarts(n: Node, c: number): void {
  for (const [cc, child] of n.next) {
    if (c >= 0 && !isWord(c) && isWord(cc)) child.flags |= INNER_START;
    markInnerStarts(child, cc);
  }
}

export class WordSearch<F> implements WalkTables {
  /**
   * Class of each code unit: `OTHER_WORD`, `OTHER` or a trie letter. ASCII in a table of its own
   * (small enough to stay in the fastest cache); the rest worked out when first met.
   */
  readonly ascii = new Uint8Array(128);
  readonly other = new Uint8Array(0x10000).fill(UNKNOWN);
  /** Class of each canonical code unit a trigger holds. */
  private readonly letters = new Map<number, number>();
  readonly width: number;
  /**
   * `step[state + class]`: the next state. States are numbered in multiples of `width`: after
   * non-word text, inside a word, then the trie's nodes, flagged ones (`hot` on) last.
   */
  readonly step: Uint16Array;
  readonly hot: number;
  /**
   * Per node (state / width), one word, read here and by the WebAssembly search: how many
   * characters lead to it from the word start (`<< DEPTH`), its flags, and `SPACED_HEAD`.
   */
  readonly nodes: Int32Array;
  /**
   * Per node, four words (a bit per ASCII code unit), for the WebAssembly search: at a
   * `SPACED_HEAD`, the canonical characters in ASCII that come after the spaces in its phrases.
   */
  readonly follows: Int32Array;
  /** Per node where a trigger word ends: what it runs, when it was read in ASCII. */
  private readonly found: (F | undefined)[];
  /** The phrases, in the pass's order, and per node the ones whose first word ends there. */
  private readonly phrases: readonly Int32Array[];
  private readonly headPhrases: (number[] | undefined)[];
  /** Where the last match ended, and what it runs (`undefined`: look it up by its text). */
  end = 0;
  runs: F | undefined;

  private constructor(root: Node, phrases: readonly Int32Array[], foundOf: FoundOf<F>) {
    this.phrases = phrases;
    // Breadth first, so that the states most walks are in (a word's first letters) sit together.
    const nodes: Node[] = [root];
    for (let k = 0; k < nodes.length; k++) {
      for (const [c, child] of nodes[k]!.next) {
        if (!this.letters.has(c)) this.letters.set(c, 2 + this.letters.size);
        nodes.push(child);
      }
    }
    nodes.shift();
    nodes.sort((a, b) => Number(a.flags !== 0) - Number(b.flags !== 0));
    const width = 2 + this.letters.size;
    const states = 2 + nodes.length;
    const id = new Map<Node, number>(nodes.map((n, k) => [n, (2 + k) * width]));
    const firstHot = nodes.findIndex((n) => n.flags !== 0);
    this.width = width;
    this.hot = (2 + (firstHot < 0 ? nodes.length : firstHot)) * width;
    this.step = new Uint16Array(states * width);
    this.nodes = new Int32Array(states);
    this.follows = new Int32Array(4 * states);
    this.found = new Array<F | undefined>(states).fill(undefined);
    this.headPhrases = new Array<number[] | undefined>(states).fill(undefined);
    for (let c = 0; c < 128; c++) this.classOf(c);
    // Off the trie, a word character leads inside a word, any other out of it.
    const offStep = new Uint16Array(width).fill(OUT);
    offStep[OTHER_WORD] = IN_WORD * width;
    for (const [c, k] of this.letters) if (isWord(c)) offStep[k] = IN_WORD * width;
    // After non-word text a word may start: the trie's first letters. Inside a word none can.
    const startStep = offStep.slice();
    for (const [c, child] of root.next) startStep[this.letters.get(c)!] = id.get(child)!;
    this.step.set(startStep, OUT * width);
    this.step.set(offStep, IN_WORD * width);
    const fill = (n: Node, c: number, depth: number, key: string): void => {
      const s = id.get(n)!;
      if (n.flags & PHRASE_HEAD) this.headPhrases[s / width] = n.phrases;
      const spaced = n.phrases.every((h) => {
        const next = phrases[h]![depth + 1] ?? SPACES;
        return phrases[h]![depth] === SPACES && next >= 0 && !isSpace(next);
      });
      this.nodes[s / width] = (depth << DEPTH) | n.flags | (spaced ? SPACED_HEAD : 0);
      for (const h of spaced ? n.phrases : []) {
        const next = phrases[h]![depth + 1]!;
        if (next < 128) this.follows[(4 * s) / width + (next >> 5)]! |= 1 << (next & 31);
      }
      // A word read in ASCII is its own key (`keyOf`: lower case; trie words hold no space).
      if (n.flags & WORD_END && /^[\0-\x7f]*$/.test(key)) this.found[s / width] = foundOf(key);
      // Off the trie: inside a word after a word character, else where a word may start.
      this.step.set(isWord(c) ? offStep : startStep, s);
      for (const [cc, child] of n.next) {
        this.step[s + this.letters.get(cc)!] = id.get(child)!;
        fill(child, cc, depth + 1, key + String.fromCharCode(cc));
      }
    };
    for (const [c, child] of root.next) fill(child, c, 1, String.fromCharCode(c));
  }

  /**
   * A search for the words pass made of `phrases` (in the expression's order) and the trie of
   * `literal` words, or `undefined` when this cannot reproduce the expression's matches: a
   * trigger that starts with a non-word character (it starts where a word ends, not where one
   * starts), one outside the BMP (the expression's trie branches on code points, this one on code
   * units), or two words that differ only in case (the expression takes the first branch that
   * matches, not the longer).
   */
  static of<F>(
    literal: readonly string[],
    phrases: readonly string[],
    foundOf: FoundOf<F>,
  ): WordSearch<F> | undefined {
    const unread = (w: string): boolean =>
      w.length === 0 || !isWord(w.charCodeAt(0)) || /[\ud800-\udfff]/.test(w);
    if (literal.some(unread) || phrases.some(unread)) return undefined;
    const root = node();
    let states = 1;
    const letters = new Set<number>();
    /** Adds the path of a word's first `length` characters, checking its spelling when `spelling`. */
    const insert = (word: string, length: number, flag: number, spelling: boolean): Node | undefined => {
      let n = root;
      for (let i = 0; i < length; i++) {
        const raw = word.charCodeAt(i);
        const c = canonical(raw);
        letters.add(c);
        let child = n.next.get(c);
        if (child === undefined) {
          child = node();
          n.next.set(c, child);
          states++;
        }
        if (spelling) {
          // Where the expression's trie branches on two spellings of one letter, it takes the
          // first branch that matches, not the longer word.
          if (child.spelled >= 0 && child.spelled !== raw) return undefined;
          child.spelled = raw;
        }
        n = child;
      }
      n.flags |= flag;
      return n;
    };
    for (const w of literal) if (insert(w, w.length, WORD_END, true) === undefined) return undefined;
    const elements = phrases.map(phraseElements);
    for (let k = 0; k < phrases.length; k++) {
      const head = elements[k]!.findIndex((e) => e < 0);
      insert(phrases[k]!, head < 0 ? phrases[k]!.length : head, PHRASE_HEAD, false)!.phrases.push(k);
    }
    markInnerStarts(root, -1);
    // Classes are bytes (one value kept for `UNKNOWN`); states, counted in classes, 16-bit.
    const width = 2 + letters.size;
    if (width >= UNKNOWN || (states + 1) * width > 0xffff) return undefined;
    return new WordSearch(root, elements, foundOf);
  }

  /** The class of code unit `c`, worked out the first time it is met. */
  private classOf(c: number): number {
    const letter = this.letters.get(canonical(c));
    const k = letter !== undefined ? letter : c < 128 && isWord(c) ? OTHER_WORD : OTHER;
    if (c < 128) this.ascii[c] = k;
    else {
      this.other[c] = k;
      learnClass(this, c, k);
    }
    return k;
  }

  /**
   * Where the expression, run over `text.slice(from, to)` from `lastIndex` `at - from`, finds its
   * next match (-1: none); its end is left in `end`, and what it runs in `runs` when the match is
   * a trie word read in ASCII.
   */
  exec(text: string, from: number, to: number, at: number): number {
    if (from === 0 && to === text.length) {
      const listed = foldedCount(this, text);
      if (listed >= 0) return this.execListed(text, at, listed);
    }
    const { ascii, other, step, hot, width } = this;
    let s = at > from && at <= to && isWord(text.charCodeAt(at - 1)) ? IN_WORD * width : OUT;
    // A word start whose trigger `matchAt` ruled out: later hot states of its walk are not asked again.
    let tried = -1;
    let i = at;
    for (;;) {
      // The automaton alone, no call in the loop (twice as fast as with one).
      let c = 0;
      let k = 0;
      // In WebAssembly where it can (`wasm.ts`), else here: the same steps. The WebAssembly search
      // also reads the trie words at hot states, and stops at those `matchAt` must read here.
      const stop = searchWords(this, text, s, i, to, tried);
      if (stop >= 0) {
        if (searchStart >= 0) {
          this.end = searchEnd;
          this.runs = this.found[searchNode];
          return searchStart;
        }
        i = stop;
        s = walkState;
        tried = searchTried;
        if (i < to) {
          c = text.charCodeAt(i);
          k = c < 128 ? ascii[c]! : other[c]!;
        }
      } else
        for (; i < to; i++) {
          c = text.charCodeAt(i);
          k = c < 128 ? ascii[c]! : other[c]!;
          if (k === UNKNOWN) break;
          s = step[s + k]!;
          if (s >= hot) break;
        }
      if (i >= to) return -1;
      if (k === UNKNOWN) {
        this.classOf(c);
        continue;
      }
      const n = s / width;
      const start = i + 1 - (this.nodes[n]! >> DEPTH);
      if (start !== tried) {
        if (this.matchAt(text, start, s, i, to)) return start;
        tried = start;
      }
      // The trigger that started earlier failed: read this character again as a word's first.
      if (this.nodes[n]! & INNER_START) s = OUT;
      else i++;
    }
  }

  /**
   * `exec` over the whole text from the list the classifier's scan made of it (`foldInScan` in
   * wasm.ts): the first listed word start at or after `at` where a trigger matches — a match the
   * scan read, or a place where `matchAt` reads one here.
   */
  private execListed(text: string, at: number, listed: number): number {
    let lo = 0;
    let hi = listed;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (foldedEvent(3 * mid) < at) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < listed; k++) {
      const start = foldedEvent(3 * k);
      const end = foldedEvent(3 * k + 1);
      if (end >= 0) {
        this.end = end;
        this.runs = this.found[foldedEvent(3 * k + 2)];
        return start;
      }
      const s = foldedEvent(3 * k + 2) * this.width;
      if (this.matchAt(text, start, s, -1 - end, text.length)) return start;
    }
    return -1;
  }

  /**
   * Whether a trigger matches at the word start `start`, whose walk is at state `s` after the
   * character at `i`; sets `end` and `runs`. The walk goes on to where the trie ends: the
   * phrases whose first word it passed are tried (in the pass's order), else the longest word.
   */
  private matchAt(text: string, start: number, s: number, i: number, to: number): boolean {
    const { ascii, other, step, width, nodes } = this;
    let best = -1;
    let bestNode = 0;
    let heads: number[] | undefined;
    for (let j = i; ; ) {
      const n = s / width;
      const f = nodes[n]!;
      if (f & WORD_END) {
        best = j + 1;
        bestNode = n;
      }
      if (f & PHRASE_HEAD) {
        heads ??= [];
        heads.push(...this.headPhrases[n]!);
      }
      if (++j >= to) break;
      const c = text.charCodeAt(j);
      let k = c < 128 ? ascii[c]! : other[c]!;
      if (k === UNKNOWN) k = this.classOf(c);
      s = step[s + k]!;
      if (s < 2 * width || nodes[s / width]! >> DEPTH !== j + 1 - start) break;
    }
    if (heads !== undefined) {
      if (heads.length > 1) heads.sort((a, b) => a - b);
      for (const h of heads) {
        const e = matchPhrase(this.phrases[h]!, 0, text, start, to);
        if (e >= 0) {
          this.end = e;
          this.runs = undefined;
          return true;
        }
      }
    }
    if (best < 0) return false;
    this.end = best;
    // Defined only for a word of ASCII letters, whose text is then ASCII too (`canonical`).
    this.runs = this.found[bestNode];
    return true;
  }
}

/** A phrase as the expression reads it: a space is `\s+`, an apostrophe `['’]?`, the rest canonical. */
function phraseElements(phrase: string): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < phrase.length; i++) {
    const c = phrase.charCodeAt(i);
    out.push(c === 32 ? SPACES : c === 0x27 ? APOSTROPHE : canonical(c));
  }
  return Int32Array.from(out);
}

/** Where the phrase from element `k` on, matched at `i`, ends (-1: no match); greedy, with backtracking. */
function matchPhrase(p: Int32Array, k: number, text: string, i: number, to: number): number {
  if (k === p.length) return i;
  const e = p[k]!;
  if (e === SPACES) {
    let j = i;
    while (j < to && isSpace(text.charCodeAt(j))) j++;
    for (; j > i; j--) {
      const r = matchPhrase(p, k + 1, text, j, to);
      if (r >= 0) return r;
    }
    return -1;
  }
  if (e === APOSTROPHE) {
    const c = i < to ? text.charCodeAt(i) : -1;
    if (c === 0x27 || c === 0x2019) {
      const r = matchPhrase(p, k + 1, text, i + 1, to);
      if (r >= 0) return r;
    }
    return matchPhrase(p, k + 1, text, i, to);
  }
  return i < to && canonical(text.charCodeAt(i)) === e ? matchPhrase(p, k + 1, text, i + 1, to) : -1;
}
