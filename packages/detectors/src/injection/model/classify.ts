/**
 * The learned prompt-injection detector: logistic regression over hashed word, word-pair and
 * structural features (`tokens.ts`, `scan.ts`), trained on tool outputs written for it — by hand,
 * and composed from hand-written pieces (test/fixtures/train-*.jsonl, eval/detectors/train.ts).
 * It sits beside the rules: they name the technique they recognise; this one generalises to
 * phrasings no rule was written for. One pass over the text, no regular expression.
 *
 * A text scores as its best window of `MODEL.window` tokens, so one injected paragraph in a long
 * page is scored on its own, not diluted by the page. The window's logit `z` becomes the finding's
 * score through a logistic curve centred on the operating point chosen on the development set
 * (`MODEL.threshold`: the lowest at which rules and model together flag at most 1% of
 * dev-clean; see eval/detectors/train.ts), so that point lands on the scan's
 * threshold of 0.5, and a model that is fairly sure adds to a rule that is fairly sure under
 * the scan's noisy-or.
 */
import type { Finding } from '../../types.js';
import { flatSpaced } from '../rule.js';
import { aboutAttacks } from '../rules/context.js';
import { scanWasm } from '../wasm.js';
import { CLASS, decode, MATH, SKIP, TAGGED, width } from './chars.js';
import { decodeWeights } from './decode.js';
import { type Best, HASH_BITS, SIZE, scanWindows } from './scan.js';
import { CHUNK, featCount, feats, PER_TOKEN, Reader, RING, readTokens, tokEnd, tokStart } from './tokens.js';
import { MODEL } from './weights.js';

/** The rule name of the model's findings. */
export const MODEL_RULE = 'injection/model';
/**
 * Steepness of the logit → score curve (1 would be the model's own logit, shifted). Steeper
 * than that, so that a model score well below the operating point adds little to a rule's.
 */
export const SLOPE = 2;
/** Scores below this are not reported: too weak to matter, even beside a rule. */
export const FLOOR = 0.2;

let table: Int8Array | undefined;

/** The weight table, decoded on first use. */
export function modelWeights(): Int8Array {
  if (table === undefined) {
    // Weights trained for another table size would be read at the wrong places.
    if (MODEL.hashBits !== HASH_BITS)
      throw new Error(`weights: ${MODEL.hashBits} hash bits, scanner ${HASH_BITS}`);
    table = decodeWeights(MODEL.weights, SIZE);
  }
  return table;
}

/**
 * What the length of a text takes off its best window's logit: `MODEL.lengthPenalty` per unit of
 * log(tokens / `MODEL.lengthFrom`), nothing for texts up to that many tokens. A long text has
 * many windows, and the best of many clean windows scores higher than the best of a few — a
 * README, a changelog or a licence of thousands of tokens would otherwise find one that reads
 * like an order somewhere. Training and the threshold use the same correction (train.ts).
 */
export function lengthCorrection(
  tokens: number,
  penalty = MODEL.lengthPenalty as number,
  from = MODEL.lengthFrom as number,
): number {
  return tokens <= from ? 0 : penalty * Math.log(tokens / from);
}

/**
 * What writing about attacks takes off the logit: `DISCUSSION` when the text within about 500
 * characters of the best window uses the vocabulary of articles, advisories and write-ups about
 * attacks ("prompt injection", "attackers", "researchers", "for example", "e.g.";
 * `aboutAttacks` in rules/context.ts, the vocabulary the rules already read reported speech by).
 * Security write-ups, threat models and postmortems about agents were the classifier's commonest
 * false positives on the development sets (11 of 35 on 2026-11-28), and the vocabulary is in
 * about 1 attack of 200 there. The threshold is chosen with the same correction (train.ts).
 */
export const DISCUSSION = 1;
/**
 * A margin below the operating point at which nothing the scan does with the model's reading
 * changes when it falls further: the finding's score is under `FLOOR` and every rule finding is
 * discounted as far as it goes (`SURE_BENIGN_MARGIN` in scan.ts; a test keeps this at least
 * that). Until 2026-11-29 it was 2, short of that margin (then 3.5): a text the discussion
 * correction would have taken past it kept its weak discount, where training and the threshold
 * read it as sure.
 */
export const SETTLED = 2.5;
export function discussionCorrection(text: string, windowStart: number): number {
  return aboutAttacks(text, windowStart) < 1 ? DISCUSSION : 0;
}

/** The constants a logit is read with: the shipped model's, or a model in training's (train.ts). */
export interface LogitModel {
  bias: number;
  scale: number;
  lengthPenalty: number;
  lengthFrom: number;
}

/** The best window's logit before the discussion correction: its weights, the bias, the length. */
export function windowLogit(best: Best, m: LogitModel = MODEL): number {
  return m.bias + m.scale * best.sum - lengthCorrection(best.tokens, m.lengthPenalty, m.lengthFrom);
}

/** The logit of `text` whose best window is `best`, every correction made: as training reads it. */
export function textLogit(text: string, best: Best, m: LogitModel = MODEL): number {
  return windowLogit(best, m) - (best.tokens === 0 ? 0 : discussionCorrection(text, best.start));
}

/** The model's logit for `text` and the span of its best window (for tools and evaluation). */
export function modelLogit(text: string): { z: number; start: number; end: number } {
  const best = bestWindow(text, modelWeights());
  return { z: textLogit(text, best), start: best.start, end: best.end };
}

/**
 * The best window of `text`: by the WebAssembly scan (`wasm.ts`), or where it is unavailable by
 * the TypeScript one over a sequential copy, read up to the text's end (not its space): text cut
 * to a budget is a slice (engine/result-text.ts), which V8 reads through an indirection.
 */
function bestWindow(text: string, w: Int8Array): Best {
  return (
    scanWasm(text, w, MODEL.window) ??
    scanWindows(flatSpaced(text), w, MODEL.window, undefined, 0, text.length)
  );
}

/**
 * A margin below which `modelScore` is under `FLOOR` by orders of magnitude (at -5: about 5e-5
 * against 0.2), so `detectInjectionModel` need not compute it (a test holds this).
 */
export const FAR_BELOW = -5;

/** The logit as a finding score: 0.5 at the operating point. */
export function modelScore(z: number): number {
  return 1 / (1 + Math.exp(-SLOPE * (z - MODEL.threshold)));
}

/**
 * Adds the model's finding for `text` to `out` (kind `injection`), if it scores at least `FLOOR`.
 * Returns the logit's margin over the operating point (negative: the model reads the text as
 * benign), whether or not it added a finding; NaN for a text without a word to read.
 */
export function detectInjectionModel(text: string, out: Finding[]): number {
  if (typeof text !== 'string' || text.length === 0) return Number.NaN;
  const w = modelWeights();
  const best = bestWindow(text, w);
  if (best.tokens === 0) return Number.NaN;
  const raw = windowLogit(best);
  // The discussion correction only lowers the logit, so a text already `SETTLED` below the
  // operating point — no finding, its weak rule findings discounted — reads the same without it,
  // and most texts are: the vocabulary is not looked for in them.
  const z = raw - MODEL.threshold <= -SETTLED ? raw : raw - discussionCorrection(text, best.start);
  const margin = z - MODEL.threshold;
  // Far below the operating point the score is far below `FLOOR`: no exponential to know it.
  if (margin < FAR_BELOW) return margin;
  const score = modelScore(z);
  if (!(score >= FLOOR)) return margin;
  const [start, end] = core(text, best.start, best.end, w);
  out.push({
    rule: MODEL_RULE,
    kind: 'injection',
    start,
    end,
    score,
    message: `reads like instructions to the AI (learned model, ${score.toFixed(2)}): "${quote(text, start, end)}"`,
  });
  return margin;
}

/**
 * The part of the window [from, to) that carries its score: the run of tokens with the largest
 * sum of (first-seen) weights, so the span points at the instruction, not at the text around it.
 * The tokeniser reads `[from, to)` as a text of its own (it looks at nothing outside it), so a
 * flat copy of the window alone is read, not one of the whole text. The tokens are read from the
 * ring as `readTokens` fills it (what `scanWindows` would trace, without its window sums or the
 * trace's arrays); a feature is first seen when its stamp is not this call's.
 */
function core(text: string, from: number, to: number, w: Int8Array): [number, number] {
  if (++era === 0x100000000) {
    seenIn.fill(0);
    era = 1;
  }
  const seen = seenIn;
  const now = era;
  const tf = feats;
  const tc = featCount;
  const mask = RING - 1;
  const reader = new Reader(flatSpaced(text.slice(from, to)), 0, to - from);
  let run = 0;
  let runStart = 0;
  let best = 0;
  let span: [number, number] = [from, to];
  let g = 0;
  for (let m = readTokens(reader); m > 0; m = m === CHUNK ? readTokens(reader) : 0) {
    for (const last = g + m; g < last; g++) {
      const s = g & mask;
      let c = 0;
      for (let j = s * PER_TOKEN, e = j + tc[s]!; j < e; j++) {
        const k = tf[j]!;
        if (seen[k] !== now) {
          seen[k] = now;
          c += w[k]!;
        }
      }
      if (run <= 0) {
        run = 0;
        runStart = tokStart[s]!;
      }
      run += c;
      if (run > best) {
        best = run;
        span = [from + runStart, from + tokEnd[s]!];
      }
    }
  }
  return span;
}

/** Per feature, the `core` call that last saw it (`era`). */
const seenIn = new Uint32Array(SIZE);
let era = 0;

/**
 * At most 80 characters of the span, on one line, as a person should read it: text hidden in
 * Unicode tag characters spelled out, zero-width characters dropped, whitespace collapsed.
 */
function quote(text: string, start: number, end: number): string {
  let s = '';
  let space = false;
  for (let i = start; i < end && s.length < 80; i += width) {
    let c = decode(text, i);
    if (c >= TAGGED && c < MATH) c -= TAGGED;
    else if (c >= MATH) c -= MATH;
    if (c <= 0x20 || c === 0x7f || c === 0xa0) {
      space = s.length > 0;
      continue;
    }
    if (CLASS[c] === SKIP) continue;
    if (space) s += ' ';
    space = false;
    s += String.fromCharCode(c);
  }
  return s.length >= 80 ? `${s.slice(0, 79)}…` : s;
}
