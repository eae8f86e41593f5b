/**
 * The detectors' loops in WebAssembly (packages/detectors/assembly/scan.ts): the classifier's
 * scan (`scanWasm`: the same best window as `scanWindows` over `readTokens` with the fast paths
 * on, in about half the time) and the word search's automaton (`searchWords`: `WordSearch.exec`
 * but its phrases). The module is compiled on first use from the bytes in `wasm-binary.ts`; the
 * character tables, the weights, the automata and the text are copied into its memory.
 *
 * Where WebAssembly is missing, fails to compile, or fails during a call, these return `undefined`
 * (or -1) from then on and the callers read the text in TypeScript: the findings are the same
 * either way, only slower.
 */
import { isWordChar } from './chars.js';
import { fastPaths } from './fast-paths.js';
import { ASCII_WORD, CLASS, FOLD, MATH_FOLD, NL } from './model/chars.js';
import { LEET } from './model/leet.js';
import { type Best, emptyCells } from './model/scan.js';
import { CUE_HASHES, HASH_BITS, PLAIN, SIZE, wordHash } from './model/tokens.js';
import { WASM_BINARY } from './wasm-binary.js';

/** The parts of the WebAssembly API used here (the compiler's `lib` declares none of it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmGlobal {
  readonly value: number;
}
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Global: abstract new () => WasmGlobal;
};

/** The switch: off, every text is read in TypeScript (tests and benchmarks compare). */
export const wasm = { on: true };

/** The module's exports, and the constants read once. */
interface Exports {
  memory: WasmMemory;
  scan(
    n: number,
    span: number,
    other: number,
    node: number,
    follow: number,
    hot: number,
    flagged: number,
    orig: number,
  ): void;
  search(
    cols: number,
    other: number,
    node: number,
    follow: number,
    s: number,
    i: number,
    to: number,
    hot: number,
    tried: number,
  ): number;
  cellsAt: number;
  maxWindow: number;
  wordsAt: number;
  textAt: number;
  /** `RESULT_AT` in 32-bit words. */
  resultAt: number;
  /** `PLACES_AT` in 32-bit words, `MAX_PLACES`, and `PAIRS_AT` and `PLAIN_AT` in bytes. */
  placesAt: number;
  maxPlaces: number;
  /** `RUNS_AT` in 32-bit words, and `MAX_RUNS`. */
  runsAt: number;
  maxRuns: number;
  pairsAt: number;
  plainAt: number;
  /**
   * `EVENTS_AT` in 32-bit words; `FOLD_COLS_AT`, `NO_STEPS_AT` and `FOLD_KEEP_AT` in bytes (the
   * folded search's columns, the steps of one that finds nothing, the code units it must read).
   */
  eventsAt: number;
  foldColsAt: number;
  noSteps: number;
  foldKeepAt: number;
}

/** The most memory kept from one text to the next: enough for a text of 15 M characters. */
const KEEP_BYTES = 32 * 1024 * 1024;

let module: Exports | undefined;
/** Compiling or a call failed: never try again in this process. */
let broken = false;
/** The weights the memory's cells hold. */
let cellsOf: Int8Array | undefined;
/** The string whose code units are at `textAt`. */
let placed: string | undefined;
/**
 * Where a word search's tables are in the module's memory (byte offsets), and its `hot` as the
 * WebAssembly search numbers states (twice the node's number; `search` in assembly/scan.ts).
 */
interface TablesAt {
  cols: number;
  other: number;
  nodes: number;
  follows: number;
  hot: number;
}
/** Where each word search's tables are in the memory, and where the next one goes. */
const registered = new Map<WalkTables, TablesAt>();
let wordsNext = 0;
/**
 * The memory as bytes, for placing texts, and as 32-bit words, for reading results; made again
 * only when `place` grows it, so its `buffer` (a call into the engine) is not read per text.
 */
let bytes: Buffer | undefined;
let words = new Int32Array(0);

/** An exported constant's value. */
function constant(x: Record<string, unknown>, name: string): number {
  const g = x[name];
  if (!(g instanceof WebAssembly.Global)) throw new Error(`detectors wasm: no export ${name}`);
  return (g as WasmGlobal).value;
}

function instantiate(): Exports {
  const code = new WebAssembly.Module(Buffer.from(WASM_BINARY, 'base64'));
  const x = new WebAssembly.Instance(code, {}).exports;
  if (constant(x, 'HASH_BITS') !== HASH_BITS)
    throw new Error(`detectors wasm: ${constant(x, 'HASH_BITS')} hash bits, scanner ${HASH_BITS}`);
  // `scan` ends the text with a newline, which its ASCII loops must stop at and read as a line's end.
  if (ASCII_WORD[10] !== 0 || PLAIN[10] !== 0 || CLASS[10] !== NL)
    throw new Error('detectors wasm: a newline is no line end to the scanner');
  const buf = (x.memory as WasmMemory).buffer;
  new Uint8Array(buf, constant(x, 'CLASS_AT'), CLASS.length).set(CLASS);
  new Uint16Array(buf, constant(x, 'FOLD_AT'), FOLD.length).set(FOLD);
  new Uint8Array(buf, constant(x, 'ASCII_WORD_AT'), ASCII_WORD.length).set(ASCII_WORD);
  new Uint8Array(buf, constant(x, 'PLAIN_AT'), plain.length).set(plain);
  new Uint16Array(buf, constant(x, 'MATH_FOLD_AT'), MATH_FOLD.length).set(MATH_FOLD);
  new Uint8Array(buf, constant(x, 'LEET_AT'), LEET.length).set(LEET);
  if ((constant(x, 'CUE_COUNT_AT') - constant(x, 'CUES_AT')) / 4 < CUE_HASHES.length)
    throw new Error('detectors wasm: too many cue words');
  new Int32Array(buf, constant(x, 'CUES_AT'), CUE_HASHES.length).set(CUE_HASHES);
  new Int32Array(buf, constant(x, 'CUE_COUNT_AT'), 1)[0] = CUE_HASHES.length;
  new Int32Array(buf, constant(x, 'WATCH_AT'), 1)[0] = wordHash(WATCHED);
  new Uint32Array(buf, constant(x, 'PAIRS_AT'), pairs.length).set(pairs);
  if (
    constant(x, 'PLACES_AT') < constant(x, 'RINGS_END') ||
    constant(x, 'PLACES_AT') + 4 * constant(x, 'MAX_PLACES') > constant(x, 'WORDS_AT')
  )
    throw new Error('detectors wasm: the list of places overlaps the rings or the word searches');
  if (
    constant(x, 'EVENTS_AT') < constant(x, 'PLACES_AT') + 4 * constant(x, 'MAX_PLACES') ||
    constant(x, 'EVENTS_AT') + 12 * constant(x, 'MAX_EVENTS') > constant(x, 'FOLD_COLS_AT')
  )
    throw new Error('detectors wasm: the list of folded matches overlaps the places or the folded columns');
  if (
    constant(x, 'RUNS_AT') < constant(x, 'PAIRS_AT') + 2048 ||
    constant(x, 'RUNS_AT') + 8 * constant(x, 'MAX_RUNS') > constant(x, 'WORDS_AT')
  )
    throw new Error('detectors wasm: the list of digit runs overlaps the symbol pairs or the word searches');
  const cueBits = new Uint32Array(buf, constant(x, 'CUE_BITS_AT'), 32);
  for (const h of CUE_HASHES) cueBits[h >>> 27] = cueBits[h >>> 27]! | (1 << ((h >>> 22) & 31));
  const out = {
    ...(x as unknown as Pick<Exports, 'memory' | 'scan' | 'search'>),
    cellsAt: constant(x, 'CELLS_AT'),
    maxWindow: constant(x, 'MAX_WINDOW'),
    wordsAt: constant(x, 'WORDS_AT'),
    textAt: constant(x, 'TEXT_AT'),
    resultAt: constant(x, 'RESULT_AT') / 4,
    placesAt: constant(x, 'PLACES_AT') / 4,
    maxPlaces: constant(x, 'MAX_PLACES'),
    runsAt: constant(x, 'RUNS_AT') / 4,
    maxRuns: constant(x, 'MAX_RUNS'),
    pairsAt: constant(x, 'PAIRS_AT'),
    plainAt: constant(x, 'PLAIN_AT'),
    eventsAt: constant(x, 'EVENTS_AT') / 4,
    foldKeepAt: constant(x, 'FOLD_KEEP_AT'),
    foldColsAt: constant(x, 'FOLD_COLS_AT'),
    noSteps: constant(x, 'NO_STEPS_AT'),
  };
  placesBase = out.placesAt;
  runsBase = out.runsAt;
  eventsBase = out.eventsAt;
  wordsNext = out.wordsAt;
  return out;
}

function release(): void {
  module = undefined;
  scanned = undefined;
  scannedFold = undefined;
  laid = null;
  foldLayouts.clear();
  cellsOf = undefined;
  placed = undefined;
  bytes = undefined;
  words = new Int32Array(0);
  registered.clear();
}

/**
 * WebAssembly's memory is little-endian, and the host fills it (tables, text) and reads results
 * through typed arrays, which use the host's byte order: a big-endian host reads in TypeScript.
 */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The module, compiled and filled on first use; `undefined` when off, unusable or big-endian. */
function usable(): Exports | undefined {
  if (broken || !wasm.on || !fastPaths.on || !LITTLE_ENDIAN) return undefined;
  try {
    module ??= instantiate();
  } catch {
    fail();
  }
  return module;
}

/**
 * The module with `text` in its memory, or `undefined` when off or unusable. A memory never
 * shrinks, so one that a long text took past `KEEP_BYTES` is let go before a text that fits in
 * less (a new one costs about a millisecond to compile and fill).
 */
function withText(text: string): Exports | undefined {
  let x = usable();
  if (x === undefined || placed === text) return x;
  try {
    if (bytes !== undefined && bytes.length > KEEP_BYTES && x.textAt + 2 * text.length <= KEEP_BYTES) {
      release();
      x = usable();
      if (x === undefined) return undefined;
    }
    place(x, text);
    return x;
  } catch {
    fail();
    return undefined;
  }
}

/**
 * Puts `text` at `textAt`, growing the memory when it does not fit; with room for the code unit
 * `scan` writes past its end.
 */
function place(x: Exports, text: string): void {
  const need = x.textAt + 2 * text.length + 2;
  if (bytes === undefined || need > bytes.length) {
    const have = x.memory.buffer.byteLength;
    if (need > have) x.memory.grow(Math.ceil((need - have) / 65536));
    bytes = Buffer.from(x.memory.buffer);
    words = new Int32Array(x.memory.buffer);
  }
  bytes.write(text, x.textAt, 'utf16le');
  placed = text;
}

/** A call failed: read in TypeScript from now on. */
function fail(): void {
  broken = true;
  release();
}

/**
 * The best window of at most `window` tokens of `text` under `weights`, as `scanWindows` reads it
 * (whole text, fast paths on); `undefined` when the WebAssembly scan is off or unusable.
 */
export function scanWasm(text: string, weights: Int8Array, window: number): Best | undefined {
  const x = withText(text);
  if (x === undefined) return undefined;
  try {
    if (cellsOf !== weights) {
      const cells = new Int16Array(x.memory.buffer, x.cellsAt, SIZE);
      cells.set(emptyCells(weights));
      // The scan's `F_NONE`: a feature that must weigh nothing (no feature of the TypeScript
      // tokeniser is there; a model trained with one would still read the same).
      cells[SIZE - 1] = 0;
      cellsOf = weights;
    }
    // The rules' word search steps in the same loop (`foldInScan`); or one that finds nothing.
    const fold = layFold(x, folded);
    const span = Math.max(1, Math.min(window, x.maxWindow));
    if (fold === undefined) x.scan(text.length, span, 0, 0, 0, 0x10000, 0x10000, 0);
    else x.scan(text.length, span, fold.other, fold.nodes, fold.follows, fold.hot, fold.flagged, fold.orig);
    const r = x.resultAt;
    scanned = text;
    scannedFold = fold === undefined ? undefined : folded;
    return { sum: words[r]!, start: words[r + 1]!, end: words[r + 2]!, tokens: words[r + 3]! };
  } catch {
    fail();
    return undefined;
  }
}

/** The text the last `scanWasm` read, for what it noted on the way (`noted`). */
let scanned: string | undefined;
/**
 * The folded search's tables in the memory (byte offsets; `hot` and `flagged` as the WebAssembly
 * numbers states): its steps renumbered so that the nodes at or below a hot one come last (from
 * `flagged`), with a state of its own for "inside a word, after a hot node", so that the scan's word
 * loop needs no test at each character (`asciiWord` in assembly/scan.ts); per state, its node's
 * depth and flags, what may follow a phrase's first word, and the node's own number (`orig`).
 */
interface FoldAt {
  other: number;
  nodes: number;
  follows: number;
  orig: number;
  hot: number;
  flagged: number;
}
/** The search whose tables the scan reads (`undefined`: none; `null`: none chosen yet). */
let laid: { t: WalkTables | undefined; at: FoldAt | undefined } | null = null;
/** Each search's tables as the scan reads them, once made (in the memory for good). */
const foldLayouts = new Map<WalkTables, FoldAt & { steps: number; states: number }>();

/** Lays out `t`'s tables for the scan (`FoldAt`; the columns at `FOLD_COLS_AT`), or columns that lead nowhere. */
function layFold(x: Exports, t: WalkTables | undefined): FoldAt | undefined {
  if (laid !== null && laid.t === t) return laid.at;
  let at = t === undefined ? undefined : foldLayouts.get(t);
  if (t !== undefined && at === undefined) {
    at = foldTables(x, t);
    if (at !== undefined) foldLayouts.set(t, at);
  }
  const buf = x.memory.buffer;
  const cols = new Int32Array(buf, x.foldColsAt, 128 + 256);
  const keep = new Uint8Array(buf, x.foldKeepAt, 128);
  if (t === undefined || at === undefined) {
    cols.fill(x.noSteps);
    keep.fill(0);
  } else {
    fillColumns(cols, t, at.steps, at.states);
    // Where the search must step over an ASCII code unit that is no letter or digit.
    for (let c = 0; c < 128; c++) keep[c] = isWordChar(c) || t.ascii[c]! >= 2 ? 1 : 0;
  }
  laid = { t, at };
  return at;
}

/** `t`'s tables renumbered for the scan (see `FoldAt`), in the word searches' place; `undefined` when they do not fit. */
function foldTables(x: Exports, t: WalkTables): (FoldAt & { steps: number; states: number }) | undefined {
  const { width, nodes, step } = t;
  const count = nodes.length;
  const hotFrom = t.hot / width;
  const depth = (n: number): number => (n < 2 ? 0 : nodes[n]! >> 4);
  // A trie node's parent: the node one letter shallower that steps to it.
  const parent = new Int32Array(count).fill(-1);
  for (let n = 0; n < count; n++) {
    if (n === 1) continue;
    for (let k = 0; k < width; k++) {
      const m = step[n * width + k]! / width;
      if (m >= 2 && depth(m) === depth(n) + 1) parent[m] = n;
    }
  }
  const byDepth = Array.from({ length: count - 2 }, (_, k) => k + 2).sort((a, b) => depth(a) - depth(b));
  const flagged = new Uint8Array(count);
  for (const n of byDepth)
    flagged[n] = n >= hotFrom || (parent[n]! >= 2 && flagged[parent[n]!] === 1) ? 1 : 0;
  // Out of words, inside one, the nodes below no hot one, those below one, then "inside a word
  // after a hot node" (`afterHot`), then the hot nodes.
  const order = [0, 1];
  for (let n = 2; n < hotFrom; n++) if (flagged[n] === 0) order.push(n);
  const flaggedFrom = order.length;
  for (let n = 2; n < hotFrom; n++) if (flagged[n] === 1) order.push(n);
  const afterHot = order.length;
  order.push(1);
  const hotAt = order.length;
  for (let n = hotFrom; n < count; n++) order.push(n);
  const total = order.length;
  const renumbered = new Int32Array(count);
  order.forEach((n, k) => {
    if (k !== afterHot) renumbered[n] = k;
  });
  const steps = wordsNext;
  const other = steps + 2 * total * width;
  const nodesAt = (other + t.other.length + 3) & ~3;
  const followsAt = nodesAt + 4 * total;
  const origAt = followsAt + 16 * total;
  const end = origAt + 4 * total;
  if (end > x.textAt || width > 256) return undefined;
  const buf = x.memory.buffer;
  const byClass = new Uint16Array(buf, steps, total * width);
  const info = new Int32Array(buf, nodesAt, total);
  const follows = new Int32Array(buf, followsAt, 4 * total);
  const orig = new Int32Array(buf, origAt, total);
  for (let k = 0; k < total; k++) {
    const n = order[k]!;
    const marked = k === afterHot || flagged[n] === 1;
    for (let c = 0; c < width; c++) {
      const m = step[n * width + c]! / width;
      byClass[c * total + k] = 2 * (marked && m === 1 ? afterHot : renumbered[m]!);
    }
    info[k] = k === afterHot ? 0 : nodes[n]!;
    for (let j = 0; j < 4; j++) follows[4 * k + j] = k === afterHot ? 0 : t.follows[4 * n + j]!;
    orig[k] = n;
  }
  new Uint8Array(buf, other, t.other.length).set(t.other);
  wordsNext = (end + 7) & ~7;
  return {
    steps,
    states: total,
    other,
    nodes: nodesAt,
    follows: followsAt,
    orig: origAt,
    hot: 2 * hotAt,
    flagged: 2 * flaggedFrom,
  };
}
/** The word search that read it in the same loop (`foldInScan`). */
let scannedFold: WalkTables | undefined;
/** The word search the scan reads each text with, from the next text on. */
let folded: WalkTables | undefined;

/**
 * Has the classifier's scan step the word search `t` over each text in its own loop, and list
 * what it finds (`foldedCount`): the rules' main words pass (`triggers.ts`), which would otherwise
 * read every character again. `undefined`: none.
 */
export function foldInScan(t: WalkTables | undefined): void {
  folded = t;
}

/**
 * How many matches and places to read the last scan listed for the word search `t` (see `foldHot`
 * in assembly/scan.ts), when it read `text` with `t` and listed them all; -1 otherwise. The `k`-th
 * is `foldedEvent(3 * k)`… (start; end, or -1 - the place `matchAt` must read; node, or state).
 */
export function foldedCount(t: WalkTables, text: string): number {
  // With WebAssembly switched off since (tests compare), the search reads the text itself.
  if (scannedFold !== t || noted(text, 15) !== 1 || usable() === undefined) return -1;
  return noted(text, 14)!;
}

/** The `j`-th word of the list `foldedCount` counts. */
export function foldedEvent(j: number): number {
  return words[eventsBase + j]!;
}
/** Where that list is in `words`. */
let eventsBase = 0;

/**
 * What the last scan left at `RESULT_AT` + 4 × `k` (assembly/scan.ts), when it read `text` (the
 * classifier reads a text before the other detectors do); `undefined` otherwise.
 */
function noted(text: string, k: number): number | undefined {
  if (scanned !== text || module === undefined) return undefined;
  return words[module.resultAt + k];
}

/**
 * Where the first code unit past ASCII of `text` is (-1: none), when the last scan read `text`;
 * `undefined` otherwise. The rules' pass over rare characters starts there: none of them is ASCII.
 */
export function firstWide(text: string): number | undefined {
  return noted(text, 5);
}

/**
 * The start of a word `scan` looks out for (`WATCH_AT` in assembly/scan.ts; lower case, five ASCII
 * letters): the "decod" of decode, decoding, decoder…, which the encoded-text cue searches every text
 * for (`cueAtDecod` in encoded.ts).
 */
const WATCHED = 'decod';

/**
 * Where in `text` the cue's "decod" may start after no ASCII letter, digit or `_` (the
 * expression's `\b`), by the last scan if it read `text` (`undefined` otherwise): at the first word
 * whose first five letters read (hash) as `WATCHED`, or at the first ASCII part of a word after
 * code units past ASCII, whichever comes first; -1: nowhere. The scan starts a word after any
 * character but an ASCII letter or digit and the code units past ASCII it reads as letters or
 * skips (zero-width, soft hyphen); so where the expression's `\b` holds before an ASCII letter,
 * either a word starts there (also after `_`, which only adds a place to look) or the letter goes
 * on a word after such code units.
 */
export function watchedFrom(text: string): number | undefined {
  const word = noted(text, 10);
  const joined = noted(text, 11);
  if (word === undefined || joined === undefined) return undefined;
  return word < 0 ? joined : joined < 0 ? word : Math.min(word, joined);
}

/**
 * Where in `text` a run of six digits joined by at most three separators may start (`DIGIT_RUN`
 * in pii.ts), by the last scan if it read `text` (`undefined` otherwise): where the first six
 * digits of words read at most three characters apart start; -1: nowhere. The run's separators
 * (space, `-`, `.`, `(`, `)`, no-break space) all end a word for the scan, so the words that hold
 * such a run's digits lie that close, and the scan counts every ASCII digit (and more).
 */
export function digitRunFrom(text: string): number | undefined {
  return noted(text, 12);
}

/**
 * How many runs of words with digits at most three characters apart, six digits or more in all,
 * the last scan listed, when it read `text` and the list holds them all; -1 otherwise. The `k`-th
 * spans `[runStart(k), runEnd(k))`, in order; every run of six digits `DIGIT_RUN` (pii.ts) finds
 * lies inside one (see `digitRunFrom`).
 */
export function digitRuns(text: string): number {
  const n = noted(text, 16);
  return n === undefined || n > module!.maxRuns ? -1 : n;
}
/** Where the list `digitRuns` counts is in `words`. */
let runsBase = 0;
export const runStart = (k: number): number => words[runsBase + 2 * k]!;
export const runEnd = (k: number): number => words[runsBase + 2 * k + 1]!;

/** The pairs of ASCII code units the symbols start with (`PAIRS_AT`), a bit each at `first << 7 | second`. */
const pairs = new Uint32Array(512);
/** `PLAIN` without the symbols' first characters: the scan's loops meet each of those where it notes places. */
const plain = PLAIN.slice();

/**
 * Asks the scan to list, from its next text on, where two code units of `starts` (`first << 7 |
 * second`, both ASCII) stand in a row (`placeCount`): where the symbols of a symbols pass may
 * start. False when one is not ASCII (no list is kept for it).
 */
export function watchSymbolStarts(starts: readonly number[]): boolean {
  if (starts.some((b) => b < 0 || b >= 128 * 128)) return false;
  for (const b of starts) {
    pairs[b >> 5] = pairs[b >> 5]! | (1 << (b & 31));
    plain[b >> 7] = 0;
  }
  if (module !== undefined) {
    new Uint32Array(module.memory.buffer, module.pairsAt, pairs.length).set(pairs);
    new Uint8Array(module.memory.buffer, module.plainAt, plain.length).set(plain);
    // A list made before may lack the places asked for now.
    scanned = undefined;
  }
  return true;
}

/**
 * How many places where a symbol may start (`watchSymbolStarts`) the last scan listed, when it
 * read `text` and the list holds them all; -1 otherwise. They are `placeAt(0)`… in order.
 */
export function placeCount(text: string): number {
  const n = noted(text, 13);
  return n === undefined || n > module!.maxPlaces ? -1 : n;
}

/** Where the list `placeCount` counts is in `words`. */
let placesBase = 0;

/** The `k`-th place `placeCount` counts. */
export function placeAt(k: number): number {
  return words[placesBase + k]!;
}

/** A word search's automaton (`WordSearch` in word-search.ts). */
export interface WalkTables {
  readonly step: Uint16Array;
  readonly ascii: Uint8Array;
  readonly other: Uint8Array;
  /** States are numbered in multiples of `width`; per node (state / `width`) its depth and flags. */
  readonly width: number;
  readonly nodes: Int32Array;
  /** The first state a walk stops at (the flagged nodes come last). */
  readonly hot: number;
  /** Per node, four words: what may follow a phrase's first word and its spaces (`WordSearch.follows`). */
  readonly follows: Int32Array;
}

/** Where the last `searchWords` left the automaton. */
export let walkState = 0;
/** What the last `searchWords` found: the match's start (-1: none), end and node; the last word start it ruled out. */
export let searchStart = -1;
export let searchEnd = 0;
export let searchNode = 0;
export let searchTried = -1;

/**
 * Where `t`'s tables are in the module's memory (copied there on first use, the steps laid out by
 * class as `search` reads them); `undefined` when they do not fit.
 */
/**
 * Writes where each class's column of steps starts (`search`'s `cols`): a column of `states` u16
 * from `steps` on per class, i32 × 128 by ASCII code unit (its class in `t`), then × 256 by class.
 */
function fillColumns(columns: Int32Array, t: WalkTables, steps: number, states: number): void {
  for (let c = 0; c < 128; c++) columns[c] = steps + 2 * states * t.ascii[c]!;
  for (let k = 0; k < t.width; k++) columns[128 + k] = steps + 2 * states * k;
}

function tablesAt(x: Exports, t: WalkTables): TablesAt | undefined {
  let at = registered.get(t);
  if (at !== undefined) return at;
  const { width } = t;
  const count = t.nodes.length;
  const cols = wordsNext;
  const step = cols + 4 * (128 + 256);
  const other = step + 2 * t.step.length;
  const nodes = (other + t.other.length + 3) & ~3;
  const follows = nodes + 4 * count;
  const end = follows + 4 * t.follows.length;
  if (end > x.textAt || width > 256) return undefined;
  const buf = x.memory.buffer;
  // A class's column starts at `step` + 2 × nodes × class, and holds twice each next node's number.
  const byClass = new Uint16Array(buf, step, t.step.length);
  for (let n = 0; n < count; n++)
    for (let k = 0; k < width; k++) byClass[k * count + n] = (2 * t.step[n * width + k]!) / width;
  fillColumns(new Int32Array(buf, cols, 128 + 256), t, step, count);
  new Uint8Array(buf, other, t.other.length).set(t.other);
  new Int32Array(buf, nodes, count).set(t.nodes);
  new Int32Array(buf, follows, t.follows.length).set(t.follows);
  at = { cols, other, nodes, follows, hot: (2 * t.hot) / width };
  wordsNext = (end + 7) & ~7;
  registered.set(t, at);
  return at;
}

/**
 * `WordSearch.exec` over `text` without its phrases (see `search` in assembly/scan.ts): returns
 * where it stopped, and leaves the state in `walkState`, the match in `searchStart`, `searchEnd`
 * and `searchNode` (start -1: none; then the caller goes on from the stop as its own loop would)
 * and the last word start ruled out in `searchTried`; -1 when the WebAssembly search is off or
 * unusable, or the tables do not fit in the memory's place for them.
 */
export function searchWords(
  t: WalkTables,
  text: string,
  s: number,
  i: number,
  to: number,
  tried: number,
): number {
  // Past the text's end the TypeScript loop reads NaN; the memory there holds anything.
  if (to > text.length) return -1;
  const x = withText(text);
  if (x === undefined) return -1;
  try {
    const at = tablesAt(x, t);
    if (at === undefined) return -1;
    const end = x.search(at.cols, at.other, at.nodes, at.follows, (2 * s) / t.width, i, to, at.hot, tried);
    const r = x.resultAt;
    walkState = (words[r + 4]! / 2) * t.width;
    searchStart = words[r + 6]!;
    searchEnd = words[r + 7]!;
    searchNode = words[r + 8]!;
    searchTried = words[r + 9]!;
    return end;
  } catch {
    fail();
    return -1;
  }
}

/** Tells the memory's copy of `t` that code unit `c` is of class `k` (worked out when first met). */
export function learnClass(t: WalkTables, c: number, k: number): void {
  if (module === undefined) return;
  const at = registered.get(t);
  if (at !== undefined) new Uint8Array(module.memory.buffer)[at.other + c] = k;
  // …and the scan's copy, when it reads with `t` (`foldTables`).
  const fold = foldLayouts.get(t);
  if (fold !== undefined) new Uint8Array(module.memory.buffer)[fold.other + c] = k;
}

/** The bytes of memory the module holds now (0: none compiled); for tests. */
export function wasmMemoryBytes(): number {
  return module?.memory.buffer.byteLength ?? 0;
}

/**
 * Whether texts are read by WebAssembly (the engine asks before choosing which copy of a text the
 * word search reads; tests and the benchmark's report too). Compiles the module, places no text.
 */
export function wasmReady(): boolean {
  return usable() !== undefined;
}
