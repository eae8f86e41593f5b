/**
 * The classifier's score of a text: the best window of `window` consecutive tokens.
 *
 * An injection is usually a small part of a long benign text, so the text is not scored as a
 * whole: each window scores the sum of the weights of the distinct features in it (a word said
 * five times counts once), and the text scores as its best window. The window slides token by
 * token over the ring that `tokens.ts` fills; a count per feature says when a feature enters or
 * leaves it. Training (eval/detectors/train.ts) fits the weights to exactly this score, reading
 * the features through `trace`.
 */
import {
  CHUNK,
  featCount,
  feats,
  MAX_WINDOW,
  PER_TOKEN,
  Reader,
  RING,
  readTokens,
  SIZE,
  tokEnd,
  tokStart,
} from './tokens.js';

export { HASH_BITS, SIZE } from './tokens.js';

/** What training reads: every token's span and its features (`feats` up to `tokEnd[i]`). */
export interface Trace {
  feats: number[];
  tokEnd: number[];
  start: number[];
  end: number[];
}

/** The best window: its summed weights (integer units) and its span in UTF-16 offsets. */
export interface Best {
  sum: number;
  start: number;
  end: number;
  tokens: number;
}

/** The cells of an empty window under `weights` (the WebAssembly scan's are laid out the same). */
export function emptyCells(weights: Int8Array): Int16Array<ArrayBuffer> {
  // A plain loop: `Int16Array.from` with a mapping function took ~10 ms of a process's first scan.
  const cells = new Int16Array(SIZE);
  for (let i = 0; i < SIZE; i++) cells[i] = weights[i]! & 0xff;
  return cells;
}

/**
 * Per feature, its weight (low byte, signed) and how many tokens of the current window carry it
 * (high byte; zero between calls): one memory access per feature entering or leaving the window.
 */
let cells = new Int16Array(SIZE);
let cellsOf: Int8Array | undefined;

/**
 * Scans `text` (or its part `[from, to)`, read as a text of its own) once; returns its window of
 * at most `window` tokens that scores highest.
 */
export function scanWindows(
  text: string,
  weights: Int8Array,
  window: number,
  trace?: Trace,
  from = 0,
  to = text.length,
): Best {
  if (cellsOf !== weights) {
    cells = emptyCells(weights);
    cellsOf = weights;
  }
  const span = Math.max(1, Math.min(window, MAX_WINDOW));
  // Locals, not module bindings, in the hot loop (the compiler keeps them in registers).
  const cell = cells;
  const tf = feats;
  const tc = featCount;
  const ts = tokStart;
  const te = tokEnd;
  const mask = RING - 1;
  const reader = new Reader(text, from, to);
  let best = Number.NEGATIVE_INFINITY;
  let bestStart = 0;
  let bestEnd = 0;
  let sum = 0;
  let g = 0;
  for (let m = readTokens(reader); m > 0; m = m === CHUNK ? readTokens(reader) : 0) {
    for (const last = g + m; g < last; g++) {
      if (g >= span) {
        // The oldest token leaves the window.
        const old = (g - span) & mask;
        for (let j = old * PER_TOKEN, e = j + tc[old]!; j < e; j++) {
          const f = tf[j]!;
          const v = cell[f]! - 256;
          cell[f] = v;
          if (v < 256) sum -= (v << 24) >> 24;
        }
      }
      const s = g & mask;
      for (let j = s * PER_TOKEN, e = j + tc[s]!; j < e; j++) {
        const f = tf[j]!;
        const v = cell[f]!;
        cell[f] = v + 256;
        if (v < 256) sum += (v << 24) >> 24;
      }
      if (trace !== undefined) {
        for (let j = s * PER_TOKEN, e = j + tc[s]!; j < e; j++) trace.feats.push(tf[j]!);
        trace.tokEnd.push(trace.feats.length);
        trace.start.push(ts[s]!);
        trace.end.push(te[s]!);
      }
      if (sum > best) {
        best = sum;
        bestStart = ts[(g + 1 > span ? g + 1 - span : 0) & mask]!;
        bestEnd = te[s]!;
      }
    }
  }
  // Leave every count at zero for the next call.
  for (let t = Math.max(0, g - span); t < g; t++) {
    const s = t & mask;
    for (let j = s * PER_TOKEN, e = j + tc[s]!; j < e; j++) cell[tf[j]!]! -= 256;
  }
  return { sum: g === 0 ? 0 : best, start: bestStart, end: bestEnd, tokens: g };
}
