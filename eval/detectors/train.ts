/**
 * `npx tsx eval/detectors/train.ts [--window N] [--l2 X] [--neg X] [--rounds N] [--iterations N]
 * [--length-penalty X] [--length-from N] [--seeds A,B,…] [--dry-run]`:
 * trains the learned prompt-injection classifier of `@mcp-trust/detectors` and writes its weights
 * to packages/detectors/src/injection/model/weights.ts.
 *
 * Training data: the corpus eval/detectors/corpus/build.mjs composes from hand-written sources,
 * drawn once per seed of `SEEDS` (`--seeds`), and the development sets of `TRAINED_DEV_SETS`
 * (datasets.ts) as written; a model is trained on each draw and the weights are averaged (`bag`).
 * Validation: the development sets of `THRESHOLD_SETS`, used only to choose the threshold (the
 * operating point of the scan: the rules and the model together flag at most `THRESHOLD_RATE` of
 * their clean texts pooled) — never to fit weights. The development sets neither trained on nor
 * choosing the threshold measure the result (model-dev.ts). The held-out files are not read.
 *
 * The model is logistic regression over the hashed features of `injection/model/scan.ts`, scored
 * like the detector scores: a text is as malicious as its best window of `window` tokens. That is
 * multiple-instance learning, fitted in rounds: first on whole texts, then each round re-picks
 * every text's best window under the current weights — an injected text's best window should be
 * its payload (label 1), a clean text's best window and all its windows should look clean
 * (label 0) — and refits. Each fit is full-batch Adam on the L2-regularised log loss, from the
 * previous weights: no randomness, so the same data gives the same weights.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FLOOR, SLOPE, textLogit } from '../../packages/detectors/src/injection/model/classify.js';
import { encodeWeights } from '../../packages/detectors/src/injection/model/decode.js';
import type { Trace } from '../../packages/detectors/src/injection/model/scan.js';
import { HASH_BITS, SIZE, scanWindows } from '../../packages/detectors/src/injection/model/scan.js';
import { detectInjection } from '../../packages/detectors/src/injection.js';
import {
  BENIGN_MARGIN,
  BENIGN_MIN_LENGTH,
  discountWeakRules,
  MALICIOUS_THRESHOLD,
  SURE_BENIGN_MARGIN,
  summarise,
} from '../../packages/detectors/src/scan.js';
import type { Finding } from '../../packages/detectors/src/types.js';
import { devSet, THRESHOLD_DEV_SETS, TRAINED_DEV_SETS } from './datasets.js';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = resolve(ROOT, 'packages/detectors/test/fixtures');
const OUT = resolve(ROOT, 'packages/detectors/src/injection/model/weights.ts');

export interface Options {
  window: number;
  l2: number;
  /** Weight of the clean class relative to the injected one. */
  neg: number;
  rounds: number;
  iterations: number;
  /** The length correction (`lengthCorrection` in classify.ts): per unit of log(tokens / lengthFrom). */
  lengthPenalty: number;
  lengthFrom: number;
}
export const DEFAULTS: Options = {
  window: 48,
  l2: 1e-4,
  neg: 0.7,
  rounds: 4,
  iterations: 1000,
  lengthPenalty: 0.5,
  lengthFrom: 256,
};

/**
 * The sets whose clean texts choose the threshold, pooled, and the share of them the scan may
 * flag there. Until 2026-11-29 it was `dev` alone at 1%; its 330 clean texts left a 48-token
 * window's threshold anywhere across a full logit (two or three flagged throughout), so the four
 * sets neither trained on nor judging now choose it together (1,329 clean texts). 1.5% is below
 * the 1.7% the scan flagged of them when the rule was set: a new model must buy its recall
 * without more false positives there. These sets are harder than the held-out set's (every one of
 * their authors was asked for hard negatives).
 */
export const THRESHOLD_SETS: readonly string[] = ['dev', ...THRESHOLD_DEV_SETS.map((n) => `dev${n}`)];
export const THRESHOLD_RATE = 0.015;

/** A JSONL fixture's texts. */
export function readTexts(file: string, dir = FIXTURES): { id: string; text: string }[] {
  return readFileSync(resolve(dir, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { id: string; text: string });
}

/** A text as training sees it: the features of each token, flattened. */
interface Doc {
  feats: Int32Array;
  /** Token t's features are feats[tokEnd[t-1] .. tokEnd[t]). */
  tokEnd: Int32Array;
  y: 0 | 1;
}
interface Instance {
  feats: Int32Array;
  y: 0 | 1;
  weight: number;
}

const NO_WEIGHTS = new Int8Array(SIZE);

function featurize(text: string, y: 0 | 1, window: number): Doc {
  const trace: Trace = { feats: [], tokEnd: [], start: [], end: [] };
  scanWindows(text, NO_WEIGHTS, window, trace);
  return { feats: Int32Array.from(trace.feats), tokEnd: Int32Array.from(trace.tokEnd), y };
}

/** The distinct features of tokens [a, b) of `d`: what a window of the detector sums. */
function windowFeatures(d: Doc, a: number, b: number): Int32Array {
  const all = d.feats.subarray(a === 0 ? 0 : d.tokEnd[a - 1], b === 0 ? 0 : d.tokEnd[b - 1]);
  return Int32Array.from(new Set(all));
}

const count = new Int32Array(SIZE);

/** The token range [a, b) of the best window of `d` under `w`: the detector's score, in floats. */
function bestWindow(d: Doc, w: Float64Array, window: number): [number, number] {
  const T = d.tokEnd.length;
  const from = (t: number) => (t === 0 ? 0 : d.tokEnd[t - 1]!);
  let sum = 0;
  let best = Number.NEGATIVE_INFINITY;
  let range: [number, number] = [0, T];
  for (let t = 0; t < T; t++) {
    if (t >= window) {
      for (let j = from(t - window), e = d.tokEnd[t - window]!; j < e; j++) {
        const f = d.feats[j]!;
        const c = count[f]! - 1;
        count[f] = c;
        if (c === 0) sum -= w[f]!;
      }
    }
    for (let j = from(t), e = d.tokEnd[t]!; j < e; j++) {
      const f = d.feats[j]!;
      const c = count[f]!;
      count[f] = c + 1;
      if (c === 0) sum += w[f]!;
    }
    if (sum > best) {
      best = sum;
      range = [Math.max(0, t + 1 - window), t + 1];
    }
  }
  for (let j = from(Math.max(0, T - window)); j < d.feats.length; j++) count[d.feats[j]!]!--;
  return range;
}

/** Full-batch Adam on the weighted, L2-regularised log loss, continuing from `w` and `bias`. */
function adam(xs: Instance[], w: Float64Array, bias: number[], o: Options): void {
  const g = new Float64Array(SIZE);
  const m = new Float64Array(SIZE);
  const v = new Float64Array(SIZE);
  let mb = 0;
  let vb = 0;
  const total = xs.reduce((s, x) => s + x.weight, 0);
  const lr = 0.05;
  for (let it = 1; it <= o.iterations; it++) {
    g.fill(0);
    let gb = 0;
    for (const x of xs) {
      let z = bias[0]!;
      for (const f of x.feats) z += w[f]!;
      const p = 1 / (1 + Math.exp(-z));
      const d = (x.weight * (p - x.y)) / total;
      gb += d;
      for (const f of x.feats) g[f]! += d;
    }
    const c1 = 1 - 0.9 ** it;
    const c2 = 1 - 0.999 ** it;
    for (let k = 0; k < SIZE; k++) {
      const gk = g[k]! + o.l2 * w[k]!;
      if (gk === 0 && m[k] === 0) continue;
      m[k] = 0.9 * m[k]! + 0.1 * gk;
      v[k] = 0.999 * v[k]! + 0.001 * gk * gk;
      w[k]! -= (lr * (m[k]! / c1)) / (Math.sqrt(v[k]! / c2) + 1e-8);
    }
    mb = 0.9 * mb + 0.1 * gb;
    vb = 0.999 * vb + 0.001 * gb * gb;
    bias[0]! -= (lr * (mb / c1)) / (Math.sqrt(vb / c2) + 1e-8);
  }
}

export interface Trained {
  weights: Float64Array;
  bias: number;
  options: Options;
}

/**
 * Trains one model on the train-*.jsonl of `dir` (the fixtures: the default seed's corpus) and the
 * development sets of `TRAINED_DEV_SETS`.
 */
export function train(o: Options = DEFAULTS, dir = FIXTURES): Trained {
  const docs = [
    ...readTexts('train-injections.jsonl', dir).map((r) => featurize(r.text, 1, o.window)),
    ...readTexts('train-clean.jsonl', dir).map((r) => featurize(r.text, 0, o.window)),
    // Realistic tool output other authors wrote, most of it from the held-out set's brief.
    ...TRAINED_DEV_SETS.flatMap((n) =>
      devSet(n).samples.map((s) => featurize(s.text, s.positive ? 1 : 0, o.window)),
    ),
  ];
  const pos = docs.filter((d) => d.y === 1).length;
  const negWeight = (o.neg * pos) / (docs.length - pos);
  const w = new Float64Array(SIZE);
  const bias = [0];
  adam(
    docs.map((d) => ({
      feats: windowFeatures(d, 0, d.tokEnd.length),
      y: d.y,
      weight: d.y === 1 ? 1 : negWeight,
    })),
    w,
    bias,
    o,
  );
  for (let r = 0; r < o.rounds; r++) {
    const xs: Instance[] = [];
    for (const d of docs) {
      const [a, b] = bestWindow(d, w, o.window);
      if (d.y === 1) {
        xs.push({ feats: windowFeatures(d, a, b), y: 1, weight: 1 });
        continue;
      }
      xs.push({ feats: windowFeatures(d, a, b), y: 0, weight: negWeight / 2 });
      const T = d.tokEnd.length;
      const step = Math.max(1, o.window >> 1);
      const starts: number[] = [];
      for (let s = 0; s === 0 || s + o.window <= T + step - 1; s += step) starts.push(s);
      for (const s of starts) {
        const e = Math.min(T, s + o.window);
        xs.push({ feats: windowFeatures(d, s, e), y: 0, weight: negWeight / 2 / starts.length });
      }
    }
    adam(xs, w, bias, o);
  }
  return { weights: w, bias: bias[0]!, options: o };
}

/** Rounds the weights to int8: `scale` is the real value of one unit. */
export function quantize(t: Trained): { table: Int8Array; scale: number } {
  const abs = Array.from(t.weights, Math.abs)
    .filter((x) => x > 0)
    .sort((a, b) => a - b);
  const scale = (abs[Math.floor(abs.length * 0.9995)] ?? 1) / 127;
  const table = new Int8Array(SIZE);
  for (let k = 0; k < SIZE; k++) table[k] = Math.max(-127, Math.min(127, Math.round(t.weights[k]! / scale)));
  return { table, scale };
}

/** The raw score (logit) of a text under a quantised model, as the detector computes it. */
export const logit = (text: string, q: { table: Int8Array; scale: number }, bias: number, o: Options) =>
  textLogit(text, scanWindows(text, q.table, o.window), { ...o, bias, scale: q.scale });

/** The lowest threshold that keeps at most `rate` of the clean scores at or above it. */
export function threshold(clean: number[], rate = 0.01): number {
  const sorted = [...clean].sort((a, b) => b - a);
  const allowed = Math.floor(rate * sorted.length);
  const above = sorted[allowed] ?? Number.NEGATIVE_INFINITY;
  return above + 1e-3;
}

/**
 * A text as the scan judges it: the model's logit, the rules' combined score, and — when the scan
 * may discount the rules' findings on it (all weak, a long enough text; `discountWeakRules`) —
 * their combined score discounted; and discounted as where the model is sure (`sure`: strong
 * findings too, `SURE_BENIGN_MARGIN`).
 */
export interface Judged {
  z: number;
  rules: number;
  discounted?: number;
  sure?: number;
}

/**
 * The highest model threshold at which the scan flags `t`: the model's finding scores
 * σ(SLOPE·(z − threshold)), counts only from FLOOR up, and joins the rules' score by noisy-or
 * against the scan's threshold; weak rule findings count discounted once the threshold is
 * BENIGN_MARGIN or more above z, and strong ones SURE_BENIGN_MARGIN or more above it. +∞ when
 * the rules flag it alone, −∞ when nothing can.
 */
export function flaggedUpTo(t: Judged): number {
  if (t.rules >= MALICIOUS_THRESHOLD) {
    // Flagged by the rules alone until the threshold is far enough above z to discount them;
    // there the model's own score, σ(−SLOPE·BENIGN_MARGIN), is below FLOOR and adds nothing.
    if (t.discounted !== undefined && t.discounted < MALICIOUS_THRESHOLD) return t.z + BENIGN_MARGIN;
    if (t.sure !== undefined && t.sure < MALICIOUS_THRESHOLD) return t.z + SURE_BENIGN_MARGIN;
    return Number.POSITIVE_INFINITY;
  }
  const need = Math.max(FLOOR, 1 - (1 - MALICIOUS_THRESHOLD) / (1 - t.rules));
  return t.z - Math.log(need / (1 - need)) / SLOPE;
}

/**
 * The lowest model threshold at which the scan — rules and model together — flags at most
 * `rate` of the clean texts: the operating point is the detector's, not the model's alone.
 */
export function scanThreshold(clean: Judged[], rate = 0.01): number {
  return threshold(clean.map(flaggedUpTo), rate);
}

/** The rules' combined score for `text`, as the scan computes it, and discounted (see `Judged`). */
export function rulesScore(text: string): { rules: number; discounted?: number; sure?: number } {
  const out: Finding[] = [];
  detectInjection(text, out);
  const rules = summarise([...out]).score;
  if (text.length < BENIGN_MIN_LENGTH || out.length === 0) return { rules };
  const sure = [...out];
  discountWeakRules(sure, 0, sure.length, true);
  if (out.some((f) => f.score >= MALICIOUS_THRESHOLD)) return { rules, sure: summarise(sure).score };
  discountWeakRules(out, 0, out.length);
  return { rules, discounted: summarise(out).score, sure: summarise(sure).score };
}

/**
 * The corpus seeds (`CORPUS_SEED` of corpus/build.mjs) whose models are averaged: the corpus's
 * draw moves a single model's development numbers by a few points, and the average of the six
 * (bagging) recalls about 1.5 points more than one of them does at the same false positives on
 * dev2–dev4 pooled (2026-11-28, docs/evaluation.md), with the same cost to run — one table.
 */
export const SEEDS = [20251122, 1, 2, 3, 4, 5] as const;

const BUILD = resolve(ROOT, 'eval/detectors/corpus/build.mjs');

/** Runs a process to its end; rejects with its standard error when it fails. */
function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => {
      err += b.toString();
    });
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`${args.join(' ')} exited with ${code}:\n${err.slice(-2000)}`)),
    );
  });
}

/** The options as this script's flags, for a member process. */
function optionFlags(o: Options): string[] {
  return [
    ...(['window', 'l2', 'neg', 'rounds', 'iterations'] as const).flatMap((k) => [`--${k}`, String(o[k])]),
    '--length-penalty',
    String(o.lengthPenalty),
    '--length-from',
    String(o.lengthFrom),
  ];
}

/**
 * Trains one model per corpus seed — each on a corpus built afresh into a temporary folder, as
 * many at once as the machine has cores, each in its own process — and averages their weights
 * and biases. Averaged before quantising: the average of linear models is one linear model, read
 * by the detector exactly as a single one.
 */
async function bag(seeds: readonly number[], o: Options): Promise<Trained> {
  const work = mkdtempSync(join(tmpdir(), 'mcp-trust-train-'));
  const members: Float64Array[] = [];
  let finished = 0;
  try {
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < seeds.length; i = next++) {
        const seed = seeds[i]!;
        const dir = join(work, String(seed));
        mkdirSync(dir);
        await run([BUILD], { ...process.env, CORPUS_SEED: String(seed), CORPUS_OUT: dir });
        const file = join(dir, 'weights.f64');
        await run([
          ...process.execArgv,
          import.meta.filename,
          '--member',
          dir,
          '--out',
          file,
          ...optionFlags(o),
        ]);
        const buf = readFileSync(file);
        const member = new Float64Array(buf.buffer, buf.byteOffset, buf.byteLength / 8);
        if (member.length !== SIZE + 1)
          throw new Error(`${file}: ${member.length} numbers, expected ${SIZE + 1}`);
        members[i] = member;
        finished++;
        console.error(`trained on corpus seed ${seed} (${finished} of ${seeds.length})`);
      }
    };
    const lanes = Math.max(1, Math.min(seeds.length, availableParallelism()));
    await Promise.all(Array.from({ length: lanes }, worker));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // Summed in the seeds' order, not the order they finished in: the same seeds, the same table.
  const weights = new Float64Array(SIZE);
  let bias = 0;
  for (const member of members) {
    bias += member[0]! / seeds.length;
    for (let k = 0; k < SIZE; k++) weights[k]! += member[k + 1]! / seeds.length;
  }
  return { weights, bias, options: o };
}

async function main(): Promise<void> {
  const numeric = { type: 'string' } as const;
  const { values } = parseArgs({
    options: {
      window: numeric,
      l2: numeric,
      neg: numeric,
      rounds: numeric,
      iterations: numeric,
      'length-penalty': numeric,
      'length-from': numeric,
      seeds: numeric,
      member: numeric,
      out: numeric,
      'dry-run': { type: 'boolean' },
    },
  });
  const o: Options = { ...DEFAULTS };
  if (values['length-penalty'] !== undefined) o.lengthPenalty = Number(values['length-penalty']);
  if (values['length-from'] !== undefined) o.lengthFrom = Number(values['length-from']);
  for (const k of ['window', 'l2', 'neg', 'rounds', 'iterations'] as const)
    if (values[k] !== undefined) o[k] = Number(values[k]);
  for (const [k, v] of Object.entries(o))
    if (!Number.isFinite(v) || v < 0) throw new Error(`--${k}: ${v} is not a number ≥ 0`);
  if (values.member !== undefined) {
    // One member of the bag: train on that folder's corpus, write the weights as float64s (bias first).
    if (values.out === undefined) throw new Error('--member needs --out FILE');
    const t = train(o, values.member);
    writeFileSync(values.out, new Uint8Array(new Float64Array([t.bias, ...t.weights]).buffer));
    return;
  }
  const listed = values.seeds?.split(',').map((x) => x.trim());
  if (listed?.some((x) => !/^\d+$/.test(x)))
    throw new Error(`--seeds: ${values.seeds} is not a comma-separated list of integers`);
  const seeds = listed === undefined ? [...SEEDS] : listed.map(Number);
  if (new Set(seeds).size !== seeds.length) throw new Error(`--seeds: ${values.seeds} names a seed twice`);
  console.error(`training ${seeds.length} models (corpus seeds ${seeds.join(', ')}); a few minutes each`);
  const t = await bag(seeds, o);
  const q = quantize(t);
  const judge = (r: { text: string }): Judged => ({
    z: logit(r.text, q, t.bias, o),
    ...rulesScore(r.text),
  });
  const devClean = THRESHOLD_SETS.flatMap((set) => readTexts(`${set}-clean.jsonl`)).map(judge);
  const devInj = THRESHOLD_SETS.flatMap((set) => readTexts(`${set}-injections.jsonl`)).map(judge);
  const thr = scanThreshold(devClean, THRESHOLD_RATE);
  const rate = (xs: Judged[], flagged: (x: Judged) => boolean) =>
    (xs.filter(flagged).length / xs.length).toFixed(4);
  const model = (x: Judged) => x.z >= thr;
  const scan = (x: Judged) => flaggedUpTo(x) >= thr;
  const nonZero = q.table.reduce((n, x) => n + (x !== 0 ? 1 : 0), 0);
  console.log(
    `options ${JSON.stringify(o)}; threshold ${thr.toFixed(3)}; threshold sets: model recall ${rate(devInj, model)}, FP ${rate(devClean, model)}; rules and model recall ${rate(devInj, scan)}, FP ${rate(devClean, scan)}`,
  );
  if (values['dry-run']) return;
  const encoded = encodeWeights(q.table);
  const header = `/**
 * Weights of the learned prompt-injection classifier (\`classify.ts\`). GENERATED — do not edit.
 * Written by \`npx tsx eval/detectors/train.ts\`: the average of ${seeds.length} models, each trained on
 * the corpus eval/detectors/corpus/build.mjs draws with one of the seeds ${seeds.join(', ')}
 * and on the development sets ${TRAINED_DEV_SETS.map((n) => `dev${n}`).join(', ')};
 * threshold chosen on ${THRESHOLD_SETS.join(', ')} (the lowest at which the rules and the model
 * together flag at most ${THRESHOLD_RATE * 100}% of their clean texts pooled). Options: ${JSON.stringify(o)}.
 * ${nonZero} non-zero int8 weights of ${SIZE}, sparse-encoded (\`decode.ts\`).
 */
`;
  const body = `export const MODEL = {
  hashBits: ${HASH_BITS},
  window: ${o.window},
  lengthPenalty: ${o.lengthPenalty},
  lengthFrom: ${o.lengthFrom},
  bias: ${t.bias},
  scale: ${q.scale},
  threshold: ${thr},
  weights:
    '${encoded}',
} as const;
`;
  writeFileSync(OUT, header + body);
  console.log(`wrote ${OUT} (${(header.length + body.length) >> 10} KB)`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename))
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
