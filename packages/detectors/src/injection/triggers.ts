/**
 * The trigger passes: the expressions that find where the rules should look. Measured choices
 * (V8, `.spike` benchmarks on 10 MB of tool output):
 * - one case-insensitive alternation of words behind `\b`, compiled as a trie of their letters
 *   (shared prefixes tested once; a longer word wins over a shorter one it starts with) — about
 *   half as fast again as a flat list sorted by length; read, with the fast paths on, by
 *   `WordSearch` (an automaton over the same trie, same matches, 1.3–1.6× faster again);
 * - whole-word triggers checked in code, not with a trailing `\b` in the expression (faster again);
 * - symbols in a separate case-sensitive pass with explicit case classes, and the rare characters
 *   in one character class of ranges: both several times faster than folding them into the words.
 */
import type { Rule } from './rule.js';
import { RULES } from './rules/index.js';
import { SymbolSearch } from './symbol-search.js';
import { foldInScan } from './wasm.js';
import { type FoundOf, WordSearch } from './word-search.js';

export interface Pass {
  re: RegExp;
  /** The rules to run at a hit, by the hit's key; `undefined` when every rule of the pass runs. */
  table: Map<string, Rule[]> | undefined;
  /**
   * For keys with whole-word triggers: the key's rules and then the whole-word rules, run instead
   * of the key's rules when the word ends where the trigger does.
   */
  whole: Map<string, Rule[]>;
  rules: Rule[];
  /** The `check` of each of `rules`. */
  readonly checks: readonly Check[];
  /** Finds the pass's matches from their first characters, when `re` is a symbols pass that suits it. */
  search?: SymbolSearch | undefined;
  /** Finds the pass's matches word by word, when `re` is a words pass that suits it. */
  readonly words?: WordSearch<Found> | undefined;
  /** What each text as matched (`Export`, `export`) runs, filled as texts are met (see `engine.ts`). */
  readonly found: Map<string, Found>;
  /** `re` matches no ASCII code unit (the rare characters' pass): it can start its search at the first code unit past ASCII. */
  readonly wide?: boolean;
}

/**
 * A matched text's key, and what it runs: the `check` of each of its rules, and of its rules when
 * it is a whole word (see `checksOf`).
 */
export interface Found {
  key: string;
  checks: readonly Check[];
  wholeChecks: readonly Check[] | undefined;
}

/** A rule's `check`, called on its own (no rule reads `this`). */
export type Check = Rule['check'];

/**
 * The rules' `check` functions in a list: the scan calls them from it, not as methods of ~50
 * rule objects of as many shapes (a megamorphic property load per call).
 */
export const checksOf = (rules: readonly Rule[]): Check[] => rules.map((r) => r.check);

/** What a trigger with `key` runs, by the pass's tables. */
export function foundOf(key: string, rules: readonly Rule[], whole: readonly Rule[] | undefined): Found {
  return { key, checks: checksOf(rules), wholeChecks: whole && checksOf(whole) };
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordSource = (w: string): string => escapeRegex(w).replace(/ /g, '\\s+').replace(/'/g, "['’]?");
/** A symbol matched in either case without the cost of a case-insensitive expression. */
const symbolSource = (w: string): string =>
  escapeRegex(w).replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);

/** The lookup key of a matched trigger: lower case, single spaces, no apostrophes. */
export function keyOf(s: string): string {
  const k = s.toLowerCase();
  // Most triggers are single words: skip the normalising expression for them.
  for (let i = 0; i < k.length; i++) {
    const c = k.charCodeAt(i);
    if (c <= 0x20 || c === 0x27 || c === 0x2019) return k.replace(/\s+/g, ' ').replace(/['’]/g, '');
  }
  return k;
}

function addTo(table: Map<string, Rule[]>, key: string, rule: Rule): void {
  const list = table.get(key);
  if (list === undefined) table.set(key, [rule]);
  else if (!list.includes(rule)) list.push(rule);
}

/** Which rules each trigger runs; a trigger that starts with another one runs that one's too. */
function tables(
  rules: readonly Rule[],
  triggers: (r: Rule) => readonly string[],
): { table: Map<string, Rule[]>; whole: Map<string, Rule[]>; sources: string[] } {
  const table = new Map<string, Rule[]>();
  const whole = new Map<string, Rule[]>();
  const sources = new Set<string>();
  for (const rule of rules) {
    for (const t of triggers(rule)) {
      const exact = t.endsWith('$');
      const word = exact ? t.slice(0, -1) : t;
      sources.add(word);
      addTo(exact ? whole : table, keyOf(word), rule);
      if (exact && !table.has(keyOf(word))) table.set(keyOf(word), []);
    }
  }
  // Each key takes the rules of the keys it starts with, in the table's order, from their lists as
  // they stand (a key earlier in the table has taken its own prefixes' already). The keys a key
  // starts with are found among its prefixes, not by testing every key against every other: that
  // was ~40 ms of loading the module.
  const keys = [...table.keys()];
  const order = new Map(keys.map((k, i) => [k, i]));
  for (const [key, list] of table) {
    const prefixes: number[] = [];
    for (let n = 0; n < key.length; n++) {
      const i = order.get(key.slice(0, n));
      if (i !== undefined) prefixes.push(i);
    }
    prefixes.sort((a, b) => a - b);
    for (const i of prefixes) for (const r of table.get(keys[i]!)!) if (!list.includes(r)) list.push(r);
  }
  for (const [key, exact] of whole) whole.set(key, [...(table.get(key) ?? []), ...exact]);
  return { table, whole, sources: [...sources] };
}

const reverseAlphabetical = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

interface Node {
  end: boolean;
  next: Map<string, Node>;
}

/** An expression for a set of literal words, branching on one letter at a time. */
function trieSource(words: readonly string[]): string {
  const root: Node = { end: false, next: new Map() };
  for (const w of words) {
    let node = root;
    for (const ch of w) {
      let child = node.next.get(ch);
      if (child === undefined) {
        child = { end: false, next: new Map() };
        node.next.set(ch, child);
      }
      node = child;
    }
    node.end = true;
  }
  const emit = (node: Node): string => {
    const branches = [...node.next].sort((a, b) => reverseAlphabetical(a[0], b[0]));
    const alts = branches.map(([ch, child]) => escapeRegex(ch) + emit(child));
    if (alts.length === 0) return '';
    const body = alts.length === 1 ? (alts[0] ?? '') : `(?:${alts.join('|')})`;
    return node.end ? `(?:${body})?` : body;
  };
  return emit(root);
}

/**
 * The words pass for `words`: its expression — words with spaces or apostrophes as alternatives,
 * then the literal words as a trie — and the `WordSearch` that finds the same matches, when one
 * can, built on first use as expressions are compiled on theirs (exported for the tests, which
 * hold the two to the same matches).
 */
export function wordsPass<F>(
  words: readonly string[],
  foundOf: FoundOf<F>,
): { re: RegExp; search: () => WordSearch<F> | undefined } {
  const literal = words.filter((w) => !/[\s'’]/.test(w));
  const phrases = words.filter((w) => /[\s'’]/.test(w)).sort(reverseAlphabetical);
  const source = [...phrases.map(wordSource), trieSource(literal)].filter((s) => s !== '').join('|');
  let search: WordSearch<F> | undefined | null = null;
  return {
    re: new RegExp(`\\b(?:${source})`, 'gi'),
    search: () => {
      if (search === null) search = WordSearch.of(literal, phrases, foundOf);
      return search;
    },
  };
}

/**
 * A pass as `compile` makes it: every pass one class, so that the scanning loop's reads of its
 * fields see one shape (object literals with a getter, a `search` or a `wide` made three).
 */
class CompiledPass implements Pass {
  readonly found = new Map<string, Found>();
  readonly checks: readonly Check[];
  constructor(
    readonly re: RegExp,
    readonly table: Map<string, Rule[]> | undefined,
    readonly whole: Map<string, Rule[]>,
    readonly rules: Rule[],
    readonly search: SymbolSearch | undefined,
    private readonly wordSearch: (() => WordSearch<Found> | undefined) | undefined,
    readonly wide: boolean,
  ) {
    this.checks = checksOf(rules);
  }
  get words(): WordSearch<Found> | undefined {
    return this.wordSearch === undefined ? undefined : this.wordSearch();
  }
}

export function compile(
  rules: readonly Rule[],
  wordsOf: (r: Rule) => readonly string[],
  symbolsOf: (r: Rule) => readonly string[],
  withChars: boolean,
): Pass[] {
  const passes: Pass[] = [];
  const words = tables(rules, wordsOf);
  if (words.sources.length > 0) {
    const { table, whole } = words;
    const { re, search } = wordsPass(
      words.sources,
      (key): Found => foundOf(key, table.get(key) ?? [], whole.get(key)),
    );
    passes.push(new CompiledPass(re, table, whole, [], undefined, search, false));
  }
  const symbols = tables(rules, symbolsOf);
  if (symbols.sources.length > 0) {
    const source = symbols.sources.sort(reverseAlphabetical).map(symbolSource).join('|');
    passes.push(
      new CompiledPass(
        new RegExp(source, 'g'),
        symbols.table,
        symbols.whole,
        [],
        SymbolSearch.of(symbols.sources, source),
        undefined,
        false,
      ),
    );
  }
  const charRules = withChars ? rules.filter((r) => r.chars !== undefined) : [];
  if (charRules.length > 0) {
    const re = new RegExp(`[${charRules.map((r) => r.chars).join('')}]`, 'g');
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    const wide = re.exec(ascii) === null;
    re.lastIndex = 0;
    passes.push(new CompiledPass(re, undefined, new Map(), charRules, undefined, undefined, wide));
  }
  return passes;
}

/** Triggers that run anywhere. */
export const CORE = compile(
  RULES,
  (r) => r.words ?? [],
  (r) => r.symbols ?? [],
  true,
);
// The classifier's scan reads every text first: it steps the core words pass's search in the same
// loop and lists what it finds, so that pass need not read every character again (`foldInScan`).
foldInScan(CORE.find((p) => p.words !== undefined)?.words);

/** Triggers that run near a core hit or in a short text. */
export const NEAR = compile(
  RULES,
  (r) => r.nearWords ?? [],
  (r) => r.nearSymbols ?? [],
  false,
);
