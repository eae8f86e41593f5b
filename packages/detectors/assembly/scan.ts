/**
 * The detectors' two loops that read every character, in AssemblyScript: the rules' word-trigger
 * automaton (`search`, `WordSearch.exec` in src/injection/word-search.ts but its phrases), and the
 * classifier's tokeniser and best-window scan (`scan`; src/injection/model/tokens.ts and scan.ts)
 * as one loop. It reads the same UTF-16 code units and computes
 * the same features, window sums and spans; `test/model-wasm.test.ts` holds the two equal on
 * random texts and on every fixture, and test/injection-word-search.test.ts holds the walk to the
 * expression it stands in for. The TypeScript stays the reference: training reads its trace, and
 * the detectors fall back to it where WebAssembly is missing or fails.
 *
 * `scan` also steps the rules' core word search over the text in its loop and lists what it finds
 * (`foldHot`), so that search need not read every character again (`WordSearch.exec` reads the
 * list): the two dependency chains, the hash's multiply and the automaton's load, run side by
 * side, where one after the other the search cost ~2.2 ms a million characters and the scan now
 * grows by ~0.9 (bench/README.md, 2026-11-30).
 *
 * Why: the JavaScript loop costs ~19 ms a megabyte on the benchmark corpus, this one ~9.5. V8
 * compiles both with the same backend; the difference is what JavaScript makes it check
 * (string representations behind `charCodeAt`, small-integer tags, bounds).
 *
 * Built by `npm run build:wasm` (scripts/build-wasm.mjs) into `src/injection/wasm-binary.ts`.
 * No runtime and no allocation: the host fills the tables and the text into fixed places of the
 * memory, exported below.
 */

// The memory's layout, in bytes. The host reads these offsets from the exports.
/** Class of each UTF-16 code unit (`CLASS` in chars.ts), u8 × 0x10000. */
export const CLASS_AT: usize = 0;
/** What a word code unit folds to (`FOLD`), u16 × 0x10000. */
export const FOLD_AT: usize = 0x10000;
/** `ASCII_WORD`, u8 × 0x80. */
export const ASCII_WORD_AT: usize = 0x30000;
/** ASCII separators that only separate (`PLAIN` in tokens.ts), u8 × 0x80. */
export const PLAIN_AT: usize = 0x30080;
/** `MATH_FOLD`, u16 × 0x400. */
export const MATH_FOLD_AT: usize = 0x30100;
/** The letter a leetspeak digit reads as (`LEET` in leet.ts), u8 × 64. */
export const LEET_AT: usize = 0x30900;
/** The hashes of the words that open a reported quotation (`CUES`), i32 × up to 63. */
export const CUES_AT: usize = 0x30a00;
/** How many of them, i32. */
export const CUE_COUNT_AT: usize = 0x30afc;
/** A bit per cue hash's top ten bits (`isCue`), u32 × 32. */
export const CUE_BITS_AT: usize = 0x30c00;
/**
 * The hash of a word's first five letters (as `wordH5`) that `scan` watches for, i32: the host's
 * (`decod`, which the encoded-text cue looks for; `RESULT_AT` + 40).
 */
export const WATCH_AT: usize = 0x30bf0;
/** Per feature, its weight (low byte) and count in the window (high byte), i16 × `SIZE`. */
export const CELLS_AT: usize = 0x31000;
/** The word searches' tables (`search`: columns i32, steps u16 by class, other classes u8, nodes i32), to `TEXT_AT`. */
export const WORDS_AT: usize = 0x100000;
/**
 * Where the text holds two ASCII code units of `PAIRS_AT` in a row — where one of the rules'
 * symbols may start (`<|`, `](`, `"role"`) — i32 × up to `MAX_PLACES`, in order; how many at
 * `RESULT_AT` + 52 (more than `MAX_PLACES`: the list is cut).
 */
export const PLACES_AT: usize = 0xa0000;
export const MAX_PLACES: i32 = 0x4000;
/**
 * What the word search `scan` folds in found (`foldHot`), i32 × 3 × up to `MAX_EVENTS`, in
 * order of their starts; how many at `RESULT_AT` + 56, and at + 60 whether they are all of them.
 */
export const EVENTS_AT: usize = 0xb0000;
export const MAX_EVENTS: i32 = 0x6800;
/**
 * The columns of the word search `scan` folds in (`search`'s `cols`, i32 × (128 + 256)), at a
 * place of their own so that the loops read them at a constant; the host writes them, or columns
 * of zeros (at `NO_STEPS_AT`) that lead nowhere when it folds in none.
 */
export const FOLD_COLS_AT: usize = 0xfe000;
export const NO_STEPS_AT: usize = 0xfe800;
/**
 * Per ASCII code unit, u8 × 128: 1 where the folded search must step over it (a word character,
 * or a character of a trigger), 0 where it leads every state to "after non-word text".
 */
export const FOLD_KEEP_AT: usize = 0xfe900;
/**
 * The pairs of ASCII code units the symbols start with, a bit each at `first << 7 | second`, u32 ×
 * 512 (the host's; `watchSymbolStarts` in wasm.ts). The host takes their first characters out of
 * `PLAIN_AT`, so that the scan's loops meet each of them where it can note its place.
 */
export const PAIRS_AT: usize = 0xfea00;
/**
 * The runs of words with digits `scan` reads (`RESULT_AT` + 48) that hold six digits or more, i32
 * × 2 (start, end) × up to `MAX_RUNS`, in order; how many at `RESULT_AT` + 64 (more than
 * `MAX_RUNS`: the list is cut). Every run of six digits PII's expression finds lies in one.
 */
export const RUNS_AT: usize = 0xff200;
export const MAX_RUNS: i32 = 0x1c0;
/** The text, u16 × its length. Memory past it grows as long texts need. */
export const TEXT_AT: usize = 0x200000;

export const HASH_BITS: i32 = 17;
const SHIFT: i32 = 32 - HASH_BITS;
const HASHED: i32 = 1 << HASH_BITS;
const SIZE: i32 = HASHED + 16;
const RING: i32 = 4096;
const PER_TOKEN: i32 = 6;
const FEATS: usize = CELLS_AT + ((<usize>SIZE * 2 + 0xfff) & ~0xfff);
const COUNT: usize = FEATS + <usize>(RING * PER_TOKEN * 4);
const TOK_START: usize = COUNT + <usize>RING;
const TOK_END: usize = TOK_START + <usize>(RING * 4);
/** Where the window's rings end (the host checks that `PLACES_AT` starts past them). */
export const RINGS_END: usize = TOK_END + <usize>(RING * 4);
/** The longest window: as `MAX_WINDOW` in tokens.ts. */
export const MAX_WINDOW: i32 = RING - 1024;

const F_TAG: i32 = HASHED + 1;
const F_ZERO_WIDTH: i32 = HASHED + 2;
const F_HOMOGLYPH: i32 = HASHED + 3;
const F_LEET: i32 = HASHED + 4;
const F_SPACED: i32 = HASHED + 5;
const F_LONG_RUN: i32 = HASHED + 6;
const F_SOFT_HYPHEN: i32 = HASHED + 7;
const F_SPACED_LONG: i32 = HASHED + 8;
/**
 * A feature that weighs nothing (the host zeroes its cell): what a token without a stem holds in
 * its third slot, so that every token enters and leaves the window with three features in fixed
 * places and only the rare ones in a loop (~5% faster than one loop over all of them).
 */
const F_NONE: i32 = SIZE - 1;

/** Bits of `scan`'s `odd`. */
const ODD_TAGGED: i32 = 1;
const ODD_ZERO_WIDTH: i32 = 2;
const ODD_SOFT_HYPHEN: i32 = 4;
const ODD_LOOKALIKE: i32 = 8;
/** A code unit past ASCII (`foreign` counts them): set with the others, so their reset clears it. */
const ODD_FOREIGN: i32 = 16;

const WORD: i32 = 1;
const SKIP: i32 = 2;
const PUNCT: i32 = 3;
const IDEO: i32 = 4;
const NL: i32 = 5;
const STOP: i32 = 6;
const TAGGED: i32 = 0x10000;
const MATH: i32 = 0x20000;

const FNV: i32 = 0x811c9dc5;
const PRIME: i32 = 0x01000193;
const BOS: i32 = 0x2545f491;
const NUM: i32 = 0x68e31da4;
const STEM: i32 = 0x3c6ef372;
const QUOTED: i32 = 0x5be0cd19;
const LEET_ALT: i32 = 0x1b873593;

/**
 * What the last call found, i32 × 17: the best window's sum, start and end and the text's token
 * count (`scan`), the automaton's state (`search`), where the text's first code unit past
 * ASCII is (`scan`; -1: none), `search`'s match (start, -1: none; end; node) and the word
 * start it last ruled out; where the first word whose first five letters hash as `WATCH_AT`
 * says starts, and the first ASCII letter or digit that goes on a word after code units past
 * ASCII ("naïve"'s v), and where the first six digits in words at most three characters apart
 * start (all `scan`, -1: none), how many places `PLACES_AT` lists, how many events `EVENTS_AT`
 * lists and whether that is all of them (1, else 0), how many runs `RUNS_AT` lists. In memory, not in exported globals: the host
 * reads memory through a typed array, a global through a call into the engine.
 */
export const RESULT_AT: usize = 0x30b00;

let width: i32 = 1;
/**
 * `scan`'s rarely used state, out of its locals (fewer values compete for the loop's registers):
 * the tag flag, and how many of the word's code units are past ASCII. The best window's span and
 * where the first code unit past ASCII is go straight to `RESULT_AT`.
 */
let flag: i32 = 0;
let foreign: i32 = 0;
let leetWord: bool = false;
let leetStem: i32 = 0;
/**
 * The words with digits `scan` has read close together (`RESULT_AT` + 48): where the first
 * starts, where the last ends, and how many digits they hold.
 */
let runStart: i32 = 0;
let runEnd: i32 = 0;
let runDigits: i32 = 0;

function unit(i: i32): i32 {
  return <i32>load<u16>(TEXT_AT + ((<usize>i) << 1));
}
function classOf(c: i32): i32 {
  return <i32>load<u8>(CLASS_AT + <usize>c);
}
function folded(c: i32): i32 {
  return <i32>load<u16>(FOLD_AT + ((<usize>c) << 1));
}
function bucket(x: i32): i32 {
  return <i32>(<u32>((x ^ <i32>(<u32>x >>> 15)) * <i32>0x9e3779b1) >>> SHIFT);
}
function ringAt(base: usize, slot: i32): usize {
  return base + ((<usize>slot) << 2);
}

/** `decode` of chars.ts: a code unit, or a tag or mathematical character read whole. */
function decode(i: i32, end: i32): i32 {
  const c = unit(i);
  width = 1;
  if (c < 0xd800 || c >= 0xdc00) return c;
  const lo = i + 1 < end ? unit(i + 1) : 0;
  if (lo < 0xdc00 || lo >= 0xe000) return 0x20;
  width = 2;
  if (c === 0xdb40 && lo < 0xdc80) return TAGGED + lo - 0xdc00;
  if (c === 0xd835) {
    const m = <i32>load<u16>(MATH_FOLD_AT + ((<usize>(lo - 0xdc00)) << 1));
    if (m !== 0) return MATH + m;
  }
  return 0x20;
}

/** `leetRead` of leet.ts. */
function leetRead(from: i32, to: i32, end: i32): i32 {
  let h = FNV;
  let len = 0;
  let last = 0;
  leetWord = false;
  leetStem = 0;
  for (let i = from; i < to; i += width) {
    let c = decode(i, end);
    if (c >= TAGGED && c < MATH) c -= TAGGED;
    const cls = c < TAGGED ? classOf(c) : WORD;
    if (cls !== WORD) continue;
    let f = c < TAGGED ? folded(c) : c - MATH;
    if (f >= 48 && f < 58) {
      f = <i32>load<u8>(LEET_AT + <usize>f);
      last = last === 1 || last === 2 ? 2 : 3;
    } else {
      if (last === 2) leetWord = true;
      last = 1;
    }
    h = (h ^ f) * PRIME;
    if (++len === 5) leetStem = h;
  }
  return h;
}

/**
 * Whether `x` is a cue word's hash. Most tokens before a quote are punctuation (JSON's `{`, `,`,
 * `:`): the bit of their hash's top ten bits rules them out before the list is read.
 */
function isCue(x: i32): bool {
  const b = <u32>x >>> 22;
  if (((load<u32>(CUE_BITS_AT + ((<usize>(b >> 5)) << 2)) >>> (b & 31)) & 1) === 0) return false;
  const n = load<i32>(CUE_COUNT_AT);
  for (let k = 0; k < n; k++) if (load<i32>(CUES_AT + ((<usize>k) << 2)) === x) return true;
  return false;
}

/** Lists the place `i` of the ASCII code unit `c` when it and the next start a symbol (`PAIRS_AT`). */
function notePlace(c: i32, i: i32): void {
  const d = unit(i + 1);
  if (d >= 128) return;
  const b = (c << 7) | d;
  if (((load<u32>(PAIRS_AT + ((<usize>(b >> 5)) << 2)) >>> (b & 31)) & 1) === 0) return;
  const k = load<i32>(RESULT_AT + 52);
  if (k < MAX_PLACES) store<i32>(PLACES_AT + ((<usize>k) << 2), i);
  store<i32>(RESULT_AT + 52, k + 1);
}

/** Adds a feature's weight to `sum` when it enters the window (its count was 0). */
function enter(f: i32, sum: i32): i32 {
  const p = CELLS_AT + ((<usize>f) << 1);
  const v = <i32>load<i16>(p);
  store<i16>(p, <i16>(v + 256));
  return v < 256 ? sum + <i32>(<i8>v) : sum;
}

/** Takes a feature's weight off `sum` when it leaves the window (its count falls to 0). */
function leave(f: i32, sum: i32): i32 {
  const p = CELLS_AT + ((<usize>f) << 1);
  const v = <i32>load<i16>(p) - 256;
  store<i16>(p, <i16>v);
  return v < 256 ? sum - <i32>(<i8>v) : sum;
}

/**
 * The word search `scan` folds in: its tables as the host lays them out for it (`foldTables` in
 * wasm.ts: `search`'s, with the states renumbered so that those at or below a hot node come from
 * `fFlagged` on, the hot ones from `fHot`, and each node's own number at `fOrig`); its state, the
 * last word start it ruled out, how many events it has listed, whether they are all, and the
 * text's length.
 */
let fOther: usize = 0;
let fNode: usize = 0;
let fFollow: usize = 0;
let fHot: i32 = 0;
let fFlagged: i32 = 0;
let fOrig: usize = 0;
let ws: i32 = 0;
let wTried: i32 = -1;
let fEvents: i32 = 0;
let fAll: i32 = 1;
let fN: i32 = 0;

/**
 * The column of the folded search's steps that code unit `c` reads; a class not worked out yet
 * reads as any other character's, and the list of events is then not all of them.
 */
function foldColumn(c: i32): i32 {
  if (c < 128) return load<i32>(FOLD_COLS_AT + ((<usize>c) << 2));
  let k = <i32>load<u8>(fOther + <usize>c);
  if (k === 255) {
    fAll = 0;
    k = 1;
  }
  return load<i32>(FOLD_COLS_AT + 512 + ((<usize>k) << 2));
}

/** Steps the folded search over the code unit at `i`. */
function foldStep(i: i32): void {
  ws = <i32>load<u16>(<usize>(foldColumn(unit(i)) + ws));
  if (ws >= fHot) foldHot(i);
}

/**
 * Steps it over the ASCII code unit `c` at `i` that is no letter or digit: most such (no word
 * character, in no trigger; `FOLD_KEEP_AT` 0) lead every state to "after non-word text".
 */
function foldPast(c: i32, i: i32): void {
  if (load<u8>(FOLD_KEEP_AT + <usize>c) === 0) ws = 0;
  else foldStep(i);
}

/** Steps the folded search over the `step` code units past ASCII at `i` (a character). */
function foldUnits(i: i32, step: i32): void {
  foldStep(i);
  if (step === 2) foldStep(i + 1);
}

/**
 * The separator or mark of `step` code units at `i` as the symbols' places and the folded search
 * read it: the code unit as the text has it (what `scan` reads it as may be what it decodes or
 * folds to).
 */
function readMark(i: i32, step: i32): void {
  const u = unit(i);
  if (u < 0x80) {
    notePlace(u, i);
    foldPast(u, i);
  } else foldUnits(i, step);
}

/**
 * Lists an event: a match (`start`, its end, its node) or a place where the host's `matchAt` must
 * read (`start`, -1 - the code unit's place, the node the walk is at).
 */
function foldEvent(start: i32, b: i32, c: i32): void {
  if (fEvents < MAX_EVENTS) {
    const at = EVENTS_AT + <usize>fEvents * 12;
    store<i32>(at, start);
    store<i32>(at + 4, b);
    store<i32>(at + 8, c);
  } else fAll = 0;
  fEvents++;
}

/**
 * The folded search at a hot state after the code unit at `i`: what `search` does there, but the
 * match (or the place the host must read) is listed and the walk goes on, as the search does after
 * a word start it ruled out. So the list holds, in order, every word start where a trigger
 * matches, and `WordSearch.exec` from any place over the whole text finds the first listed at or
 * after it (the walk from a word start is the same whatever came before it).
 */
function foldHot(i: i32): void {
  for (;;) {
    const s = ws;
    const info = load<i32>(fNode + ((<usize>s) << 1));
    const start = i + 1 - (info >> 4);
    if (start !== wTried) {
      longestFrom(FOLD_COLS_AT, fOther, fNode, fFollow, s, info, i, fN, start);
      // Listed by the search's own numbering of its nodes (`fOrig`).
      if (walkBail) foldEvent(start, -1 - i, load<i32>(fOrig + ((<usize>s) << 1)));
      else if (walkEnd >= 0) foldEvent(start, walkEnd, load<i32>(fOrig + ((<usize>walkNode) << 2)));
      wTried = start;
    }
    if ((info & INNER_START) === 0) return;
    // A word starts inside the trigger: read this code unit again as a word's first.
    ws = <i32>load<u16>(<usize>foldColumn(unit(i)));
    if (ws < fHot) return;
  }
}

/** The word `scan` is reading: its length, digits, hash and the hash of its first five letters. */
let wordLen: i32 = 0;
let wordDigits: i32 = 0;
let wordHash: i32 = FNV;
let wordH5: i32 = 0;

/**
 * Reads the ASCII word characters from `i` (`f`: the first's fold) into the word, and returns
 * where they stop. The word is in globals, which this loop reads once and writes back once: as
 * `scan`'s locals, its values shared the registers with all of `scan`'s state, and the compiled
 * loop wrote the hash to the stack and read it back at every other character.
 */
function asciiWord(i: i32, f: i32, c: i32): i32 {
  let h = wordHash;
  let len = wordLen;
  let digits = wordDigits;
  let h5 = wordH5;
  // The folded word search steps over the same code units, its state a local here too, without a
  // test for hot states at each: where the word passed one, the state it ends in says so (its
  // numbering: `fFlagged`), and `foldAgain` reads the word again with the tests.
  const from = i;
  const s0 = ws;
  let st = s0;
  for (;;) {
    st = <i32>load<u16>(<usize>(load<i32>(FOLD_COLS_AT + ((<usize>c) << 2)) + st));
    if (f < 58) digits++;
    h = (h ^ f) * PRIME;
    if (++len === 5) h5 = h;
    // The text's end needs no test of its own: the newline `scan` puts there is no word character.
    c = unit(++i);
    if (c >= 0x80) break;
    f = <i32>load<u8>(ASCII_WORD_AT + <usize>c);
    if (f === 0) break;
  }
  wordHash = h;
  wordLen = len;
  wordDigits = digits;
  wordH5 = h5;
  ws = st;
  if (st >= fFlagged) foldAgain(from, i, s0);
  return i;
}

/** Steps the folded search over the ASCII code units `[from, to)` again from state `s0`, reading each hot state it meets. */
function foldAgain(from: i32, to: i32, s0: i32): void {
  ws = s0;
  // `foldStep` for ASCII, written out: with a second caller `foldHot` stays a function of its own,
  // where inlined into `foldStep` it made the scan ~2% slower.
  for (let j = from; j < to; j++) {
    ws = <i32>load<u16>(<usize>(load<i32>(FOLD_COLS_AT + ((<usize>unit(j)) << 2)) + ws));
    if (ws >= fHot) foldHot(j);
  }
}

/**
 * Reads the text's code units `[0, n)` (a text of its own: offsets are its own) with windows of
 * `span` tokens, as `scanWindows` with `readTokens` and the fast paths on; leaves the best window
 * at `RESULT_AT` (sum, start, end), the number of tokens after it, at `RESULT_AT` + 20 where
 * the first code unit past ASCII is, at + 40 where the first word `WATCH_AT` names starts, and at
 * + 44 the first ASCII part of a word after code units past ASCII, at + 48 where the first six
 * digits in words at most three characters apart start. Every count is back at zero after it.
 */
export function scan(
  n: i32,
  span: i32,
  other: usize,
  node: usize,
  follow: usize,
  hot: i32,
  flagged: i32,
  orig: usize,
): void {
  fOther = other;
  fFlagged = flagged;
  fOrig = orig;
  fNode = node;
  fFollow = follow;
  fHot = hot;
  ws = 0;
  wTried = -1;
  fEvents = 0;
  fAll = 1;
  fN = n;
  const mask = RING - 1;
  let best: i32 = i32.MIN_VALUE;
  let sum = 0;
  let g = 0;
  let i = 0;
  let prev = BOS;
  let bos = true;
  let spaced = 0;
  let quoted = 0;
  // The word being read.
  let start = 0;
  wordLen = wordDigits = wordH5 = 0;
  wordHash = FNV;
  // What the word holds past ASCII, a bit each (`ODD_*`); all clear in most words.
  let odd = 0;
  flag = 0;
  foreign = 0;
  store<i32>(RESULT_AT + 4, 0);
  store<i32>(RESULT_AT + 8, 0);
  store<i32>(RESULT_AT + 20, -1);
  store<i32>(RESULT_AT + 40, -1);
  store<i32>(RESULT_AT + 44, -1);
  store<i32>(RESULT_AT + 48, -1);
  store<i32>(RESULT_AT + 52, 0);
  store<i32>(RESULT_AT + 64, 0);
  runEnd = -8;
  runDigits = 0;
  // A newline past the text (the host leaves room for it) ends the ASCII loops without a test
  // of `i` against `n` at every character: it is neither a word character nor a plain separator.
  store<u16>(TEXT_AT + ((<usize>n) << 1), 10);
  for (;;) {
    // At `n`: the newline, read as the text's end.
    let c = unit(i);
    let cls: i32;
    let step = 1;
    if (c < 0x80) {
      const f = <i32>load<u8>(ASCII_WORD_AT + <usize>c);
      if (f !== 0) {
        if (wordLen === 0) start = i;
        // ASCII letters that go on a word after code units past ASCII (`RESULT_AT` + 44).
        else if (load<i32>(RESULT_AT + 44) < 0) store<i32>(RESULT_AT + 44, i);
        i = asciiWord(i, f, c);
        c = unit(i);
        if (c >= 0x80) continue;
      }
      cls = classOf(c);
    } else {
      // Every code unit past ASCII comes here first (the ASCII loops stop at one).
      if (load<i32>(RESULT_AT + 20) < 0) store<i32>(RESULT_AT + 20, i);
      c = decode(i, n);
      step = width;
      if (c >= TAGGED && c < MATH) {
        const p = i >= 2 ? unit(i - 1) : 0;
        if (p < 0xdc00 || p >= 0xdc80 || unit(i - 2) !== 0xdb40) flag = p === 0xdff4 ? 2 : 1;
        c -= TAGGED;
        if (flag === 1) odd |= ODD_TAGGED;
      }
      cls = c < TAGGED ? classOf(c) : WORD;
      if (cls === WORD) {
        if (wordLen === 0) start = i;
        const f = c < TAGGED ? folded(c) : c - MATH;
        if (c >= 0x80) {
          foreign++;
          odd |= f < 0x80 && c >= 0x370 ? ODD_LOOKALIKE | ODD_FOREIGN : ODD_FOREIGN;
        }
        if (f < 58 && f >= 48) wordDigits++;
        wordHash = (wordHash ^ f) * PRIME;
        if (++wordLen === 5) wordH5 = wordHash;
        foldUnits(i, step);
        i += step;
        continue;
      }
      if (cls === SKIP) {
        if (wordLen > 0) odd |= c === 0xad ? ODD_SOFT_HYPHEN : ODD_ZERO_WIDTH;
        foldUnits(i, step);
        i += step;
        continue;
      }
    }
    let tok: i32;
    let after = false;
    const slot = g & mask;
    const base = FEATS + ((<usize>(slot * PER_TOKEN)) << 2);
    let k: usize = base + 12;
    let third = F_NONE;
    const len = wordLen;
    // A mark or separator, read by the paths below (at the text's end, its newline, which lists
    // nothing and ends any walk): one call, which the compiler writes in place.
    if (len === 0) readMark(i, step);
    if (len > 0) {
      const h = wordHash;
      const digits = wordDigits;
      let h5 = wordH5;
      if (len >= 5 && h5 === load<i32>(WATCH_AT) && load<i32>(RESULT_AT + 40) < 0)
        store<i32>(RESULT_AT + 40, start);
      store<i32>(ringAt(TOK_START, slot), start);
      store<i32>(ringAt(TOK_END, slot), i);
      if (digits > 0) {
        // Words with digits at most three characters apart, six digits in all: where a run of
        // digits and separators may be (`RESULT_AT` + 48).
        if (start - runEnd > 3) {
          runStart = start;
          runDigits = 0;
        }
        runDigits += digits;
        runEnd = i;
        if (runDigits >= 6) {
          if (load<i32>(RESULT_AT + 48) < 0) store<i32>(RESULT_AT + 48, runStart);
          // Listed when it reaches six digits; its end moves with each word it gains.
          let r = load<i32>(RESULT_AT + 64);
          if (runDigits - digits < 6) store<i32>(RESULT_AT + 64, ++r);
          if (r <= MAX_RUNS) {
            const at = RUNS_AT + ((<usize>(r - 1)) << 3);
            store<i32>(at, runStart);
            store<i32>(at + 4, runEnd);
          }
        }
      }
      if (c === 32) {
        // No trigger holds a space (a phrase's spaces are read by `matchAt`).
        ws = 0;
        i++;
      }
      tok = h;
      let x1 = 0;
      if (digits === len) tok = NUM + min(len, 12);
      else if (digits > 0) {
        const read = leetRead(start, i, n);
        if (leetWord) {
          tok = read;
          h5 = leetStem;
          x1 = F_LEET;
        } else if (read !== h) {
          store<i32>(k, bucket(read ^ LEET_ALT ^ quoted));
          k += 4;
        }
      }
      if (len > 5 && digits !== len) third = bucket(h5 ^ STEM ^ quoted);
      if (odd !== 0) {
        if (odd & ODD_TAGGED) x1 = F_TAG;
        else if (odd & ODD_ZERO_WIDTH) x1 = F_ZERO_WIDTH;
        else if (odd & ODD_SOFT_HYPHEN) x1 = F_SOFT_HYPHEN;
        else if (odd & ODD_LOOKALIKE && foreign < len) x1 = F_HOMOGLYPH;
        odd = foreign = 0;
      }
      if (x1 !== 0) {
        store<i32>(k, x1);
        k += 4;
      }
      if (len >= 24 && digits > 0 && digits < len) {
        store<i32>(k, F_LONG_RUN);
        k += 4;
      }
      spaced = len === 1 && digits === 0 ? spaced + 1 : 0;
      if (spaced === 4) {
        store<i32>(k, F_SPACED);
        k += 4;
      } else if (spaced === 12) {
        store<i32>(k, F_SPACED_LONG);
        k += 4;
      }
      wordLen = wordDigits = 0;
      wordHash = FNV;
    } else if (cls === PUNCT || cls === IDEO) {
      const fc = folded(c);
      if (fc !== 0) c = fc;
      tok = (FNV ^ c) * PRIME;
      store<i32>(ringAt(TOK_START, slot), i);
      i += step;
      store<i32>(ringAt(TOK_END, slot), i);
      if (odd !== 0) {
        store<i32>(k, F_TAG);
        k += 4;
      }
      odd = 0;
      if (c === 33 || c === 63 || c === 58) after = classOf(unit(i)) !== WORD;
    } else {
      if (i >= n) break;
      odd = 0;
      if (c === 34 || c === 0x201c || c === 0x201d) {
        quoted = quoted === 0 && c !== 0x201d && isCue(prev) ? QUOTED : 0;
      }
      if (cls === NL) {
        bos = true;
        quoted = 0;
      } else if (cls === STOP && classOf(unit(i + 1)) !== WORD) bos = true;
      i += step;
      for (;;) {
        const d = unit(i);
        if (d >= 0x80 || load<u8>(PLAIN_AT + <usize>d) === 0) break;
        foldPast(d, i);
        i++;
      }
      continue;
    }
    const f0 = bucket(tok ^ quoted);
    const f1 = bucket(((bos ? BOS : prev) * <i32>0x9e3779b1) ^ tok ^ quoted);
    store<i32>(base, f0);
    store<i32>(base + 4, f1);
    store<i32>(base + 8, third);
    store<u8>(COUNT + <usize>slot, <u8>((k - base) >> 2));
    // The oldest token leaves the window, this one enters it.
    if (g >= span) {
      const old = (g - span) & mask;
      const from = FEATS + ((<usize>(old * PER_TOKEN)) << 2);
      const to = from + ((<usize>load<u8>(COUNT + <usize>old)) << 2);
      sum = leave(load<i32>(from), sum);
      sum = leave(load<i32>(from + 4), sum);
      sum = leave(load<i32>(from + 8), sum);
      for (let j = from + 12; j < to; j += 4) sum = leave(load<i32>(j), sum);
    }
    sum = enter(f0, sum);
    sum = enter(f1, sum);
    sum = enter(third, sum);
    for (let j = base + 12; j < k; j += 4) sum = enter(load<i32>(j), sum);
    if (sum > best) {
      best = sum;
      store<i32>(RESULT_AT + 4, load<i32>(ringAt(TOK_START, (g + 1 > span ? g + 1 - span : 0) & mask)));
      store<i32>(RESULT_AT + 8, load<i32>(ringAt(TOK_END, slot)));
    }
    g++;
    prev = tok;
    bos = after;
  }
  // Leave every count at zero for the next call.
  for (let t = max(0, g - span); t < g; t++) {
    const s = t & mask;
    const from = FEATS + ((<usize>(s * PER_TOKEN)) << 2);
    const to = from + ((<usize>load<u8>(COUNT + <usize>s)) << 2);
    for (let j = from; j < to; j += 4) leave(load<i32>(j), 0);
  }
  store<i32>(RESULT_AT, g === 0 ? 0 : best);
  store<i32>(RESULT_AT + 12, g);
  store<i32>(RESULT_AT + 56, fEvents);
  store<i32>(RESULT_AT + 60, fAll);
}

/** Node flags (`WordSearch`): a trigger word ends here; a phrase's first word does; a word starts inside a trigger. */
const WORD_END: i32 = 1;
const PHRASE_HEAD: i32 = 2;
const INNER_START: i32 = 4;
const SPACED_HEAD: i32 = 8;

/** What `longestFrom` found: where the longest trigger word ends (-1: none) and its node; or that the host must read on. */
let walkEnd = -1;
let walkNode = 0;
let walkBail = false;

/**
 * `WordSearch.matchAt` from the hot state `s` (node `info`) the walk from the word start `start`
 * reached after the code unit at `i`, for a walk that passes no phrase's first word: goes on along
 * the trie to the longest trigger word that ends before `to` (`walkEnd`, `walkNode`). At a phrase's
 * first word that may go on (`mayFollow`), or a code unit whose class is not worked out yet, it
 * leaves the reading to the host (`walkBail`).
 */
function longestFrom(
  cols: usize,
  other: usize,
  node: usize,
  follow: usize,
  s: i32,
  info: i32,
  i: i32,
  to: i32,
  start: i32,
): void {
  let best = -1;
  let bestNode = 0;
  let t = s;
  let f = info;
  let bail = false;
  for (let j = i; ; ) {
    if (f & PHRASE_HEAD && (!(f & SPACED_HEAD) || mayFollow(follow + ((<usize>t) << 3), j + 1, to))) {
      bail = true;
      break;
    }
    if (f & WORD_END) {
      best = j + 1;
      bestNode = t >> 1;
    }
    if (++j >= to) break;
    const tc = column(cols, other, unit(j));
    if (tc === 0) {
      bail = true;
      break;
    }
    t = <i32>load<u16>(<usize>(tc + t));
    // States 0 and 2: after non-word text, inside a word (off the trie); the folded search's
    // state for "inside a word after a hot node" has depth 0, and ends the walk below.
    if (t < 4) break;
    f = load<i32>(node + ((<usize>t) << 1));
    if (f >> 4 !== j + 1 - start) break;
  }
  walkEnd = best;
  walkNode = bestNode;
  walkBail = bail;
}

/** The column of the step table that code unit `c` reads (0: its class is not worked out yet). */
function column(cols: usize, other: usize, c: i32): i32 {
  if (c < 128) return load<i32>(cols + ((<usize>c) << 2));
  const k = <i32>load<u8>(other + <usize>c);
  return k === 255 ? 0 : load<i32>(cols + 512 + ((<usize>k) << 2));
}

/**
 * Whether a phrase whose first word ends before `p` may go on there, by `mask` (four words, a bit
 * per ASCII code unit; `WordSearch.follows`): its `\s+` needs a space, and gives back only spaces,
 * so after them comes the one character the mask allows. A code unit past ASCII (a space, or a
 * letter of a phrase) is left to `matchAt`.
 */
function mayFollow(mask: usize, p: i32, to: i32): bool {
  let q = p;
  let c = 0;
  for (; q < to; q++) {
    c = unit(q);
    if (c >= 128) return true;
    if (c !== 32 && (c < 9 || c > 13)) break;
  }
  if (q === p || q >= to) return false;
  if (c >= 65 && c <= 90) c |= 32;
  return ((load<u32>(mask + ((<usize>(c >> 5)) << 2)) >>> (c & 31)) & 1) !== 0;
}

/**
 * `WordSearch.exec` without its phrases, over the automaton laid out by class: a state is twice
 * its node's number (a byte offset into a column), and `cols` holds where each class's column of
 * next states (u16 × nodes) starts, i32 × 128 by ASCII code unit, then i32 × 256 by class. So the
 * next state is one addition and one load from the last (the loop waits on that chain at every
 * character; by state, then class, it was two more instructions). Classes of other code units come
 * from `other` (u8 × 0x10000; 255: not worked out yet). Per node `node` holds its depth << 4 | its
 * flags (i32 × nodes; `WordSearch.nodes`), and `follow` what may come after a phrase's first word
 * and its spaces (i32 × 4 × nodes; `WordSearch.follows`).
 *
 * Steps from state `s` over the text's code units from `i` until `to`, a state at or past `hot`, or
 * a code unit whose class is not worked out yet. At each hot state whose word start is not `tried`
 * it goes on along the trie as `matchAt` does, to the longest word end, and when none ends there
 * moves on as `exec` does (`tried`; a word start inside the trigger: state 0, after non-word text).
 * Returns where it stopped, with the state at `RESULT_AT` + 16 and the last word start ruled out
 * at + 36; a match's start, end and node number at + 24, + 28, + 32 (start -1: no match). Stops
 * without a match at `to`, at a code unit whose class is not worked out in the walk (at `i`), or at
 * a hot state `matchAt` must read (a phrase's first word passed that may go on, `mayFollow`; or a
 * code unit whose class is not worked out further on).
 */
export function search(
  cols: usize,
  other: usize,
  node: usize,
  follow: usize,
  s: i32,
  i: i32,
  to: i32,
  hot: i32,
  tried: i32,
): i32 {
  let found = -1;
  let end = 0;
  let foundNode = 0;
  for (;;) {
    let col = 1;
    for (; i < to; i++) {
      col = column(cols, other, unit(i));
      if (col === 0) break;
      s = <i32>load<u16>(<usize>(col + s));
      if (s >= hot) break;
    }
    if (i >= to || col === 0) break;
    const info = load<i32>(node + ((<usize>s) << 1));
    const start = i + 1 - (info >> 4);
    if (start !== tried) {
      // `matchAt`, for a walk that passes no phrase's first word.
      longestFrom(cols, other, node, follow, s, info, i, to, start);
      if (walkBail) break;
      if (walkEnd >= 0) {
        found = start;
        end = walkEnd;
        foundNode = walkNode;
        break;
      }
      tried = start;
    }
    // The trigger that started earlier failed: read this character again as a word's first.
    if (info & INNER_START) s = 0;
    else i++;
  }
  store<i32>(RESULT_AT + 16, s);
  store<i32>(RESULT_AT + 24, found);
  store<i32>(RESULT_AT + 28, end);
  store<i32>(RESULT_AT + 32, foundNode);
  store<i32>(RESULT_AT + 36, tried);
  return i;
}
