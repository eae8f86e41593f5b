/**
 * The scanning loop: the trigger passes (`triggers.ts`) find the places worth a closer look; each
 * hit runs only the rules that registered that trigger, with sticky expressions at that spot. The
 * `near` triggers run in a second round over windows around what the first round found.
 */
import { isWordChar } from './chars.js';
import { fastPaths } from './fast-paths.js';
import { type Ctx, flatSpaced, type Hit, type Mode, type Rule } from './rule.js';
import { CORE, type Found, foundOf, keyOf, NEAR, type Pass } from './triggers.js';
import { firstWide, wasmReady } from './wasm.js';
import type { WordSearch } from './word-search.js';

/** Texts up to this long are read whole by the `near` rules. */
const SHORT = 2048;
/** How far around a core hit the `near` rules read. */
const WINDOW = 700;
const NONE: readonly Rule[] = [];
/** Distinct matched texts a pass remembers (`Found`); past this, the rest are looked up each time. */
const MAX_FOUND = 4096;

class Collector implements Ctx {
  readonly hits: Hit[] = [];
  readonly hidden: [number, number][] = [];
  readonly suspects: number[] = [];
  private copy: string | undefined;
  constructor(
    readonly text: string,
    readonly mode: Mode,
  ) {}
  add(rule: string, start: number, end: number, score: number, message: string): void {
    if (score > 0 && end > start) this.hits.push({ rule, start, end, score: Math.min(1, score), message });
  }
  hide(start: number, end: number): void {
    this.hidden.push([start, end]);
  }
  /** The text as one flat string with a space after it (`flatSpaced`), for the word search. */
  get flat(): string {
    this.copy ??= flatSpaced(this.text);
    return this.copy;
  }
  suspect(at: number): void {
    if (this.suspects.length < 64) this.suspects.push(at);
  }
}

/** What `matched` runs: looked up once per distinct text as matched, then remembered. */
function lookUp(pass: Pass, matched: string): Found {
  let found = pass.found.get(matched);
  if (found === undefined) {
    const key = keyOf(matched);
    found = foundOf(key, pass.table?.get(key) ?? NONE, pass.whole.get(key));
    if (pass.found.size < MAX_FOUND) pass.found.set(matched, found);
  }
  return found;
}

/** Runs a tier's passes over `[from, to)` of the text. */
function scan(ctx: Collector, tier: readonly Pass[], from: number, to: number): void {
  for (let i = 0; i < tier.length; i++) {
    const pass = tier[i]!;
    const words = fastPaths.on ? pass.words : undefined;
    if (words !== undefined) scanWords(ctx, pass, words, from, to);
    else scanPass(ctx, pass, from, to);
  }
}

/**
 * Runs the rules of `found` (or the pass's, when it has no table) at the match `[at, end)`, whose
 * key is `key`; returns where the scan resumes.
 */
function runAt(
  ctx: Collector,
  pass: Pass,
  found: Found | undefined,
  key: string,
  at: number,
  end: number,
): number {
  const run =
    found === undefined
      ? pass.checks
      : found.wholeChecks !== undefined && !isWordChar(ctx.text.charCodeAt(end))
        ? found.wholeChecks
        : found.checks;
  let resume = end;
  for (let i = 0; i < run.length; i++) {
    const next = run[i]!(ctx, at, end, key);
    if (next !== undefined && next > resume) resume = next;
  }
  return resume;
}

/** A pass by its expression (or the symbols search that stands for it). */
function scanPass(ctx: Collector, pass: Pass, from: number, to: number): void {
  // A pass over characters past ASCII starts where the classifier saw the first of them, if it did.
  if (pass.wide && fastPaths.on) {
    const wide = firstWide(ctx.text);
    if (wide !== undefined) {
      if (wide < 0) return;
      if (wide > from) from = Math.min(wide, to);
    }
  }
  const subject = from === 0 && to === ctx.text.length ? ctx.text : ctx.text.slice(from, to);
  const { re, table, search } = pass;
  // The next match from `lastIndex` on: the expression's, or the same found by `search` (inline,
  // not a closure made per call).
  let m: RegExpExecArray | null;
  if (search !== undefined) m = search.exec(subject, 0);
  else {
    re.lastIndex = 0;
    m = re.exec(subject);
  }
  while (m !== null) {
    const at = from + m.index;
    const end = at + m[0].length;
    const found = table === undefined ? undefined : lookUp(pass, m[0]);
    const next = runAt(ctx, pass, found, found === undefined ? m[0] : found.key, at, end) - from;
    if (search !== undefined) m = search.exec(subject, next);
    else {
      re.lastIndex = next;
      m = re.exec(subject);
    }
  }
}

/** The words pass by `WordSearch`: the same matches, no expression and no substring per match. */
function scanWords(ctx: Collector, pass: Pass, words: WordSearch<Found>, from: number, to: number): void {
  // The automaton steps in WebAssembly over the text the classifier already copied there (the
  // same string: no second copy), and the core pass over a whole text reads what the classifier's
  // scan found stepping it in its own loop (`foldInScan`); the TypeScript loop wants a sequential
  // string (`flat`).
  const text = wasmReady() ? ctx.text : ctx.flat;
  for (let at = words.exec(text, from, to, from); at >= 0; ) {
    const end = words.end;
    const found = words.runs ?? lookUp(pass, text.slice(at, end));
    at = words.exec(text, from, to, runAt(ctx, pass, found, found.key, at, end));
  }
}

/** The spans within `reach` of the given ones, merged. */
export function windows(
  hits: readonly { start: number; end: number }[],
  length: number,
  reach = WINDOW,
): [number, number][] {
  const spans = hits
    .map((h): [number, number] => [Math.max(0, h.start - reach), Math.min(length, h.end + reach)])
    .sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last !== undefined && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push(s);
  }
  return out;
}

export interface Reading {
  hits: Hit[];
  hidden: [number, number][];
  /** Where look-alike letters, leetspeak or characters inside words may hide words. */
  suspects: number[];
}

/**
 * Every rule's raw hits in `text`, the hidden regions found, and whether words were disguised.
 * `near: false` leaves the `near` triggers unread (see `readInstructions`).
 */
export function collect(text: string, mode: Mode, near = true): Reading {
  const ctx = new Collector(text, mode);
  scan(ctx, CORE, 0, text.length);
  if (!near) return { hits: ctx.hits, hidden: ctx.hidden, suspects: ctx.suspects };
  if (mode === 'tool' || text.length <= SHORT) scan(ctx, NEAR, 0, text.length);
  else {
    const around = [...ctx.hits, ...ctx.hidden.map(([start, end]) => ({ start, end }))];
    for (const [a, b] of windows(around, text.length)) scan(ctx, NEAR, a, b);
  }
  return { hits: ctx.hits, hidden: ctx.hidden, suspects: ctx.suspects };
}
