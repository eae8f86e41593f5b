/**
 * A small timing harness: warm up, then several timed rounds, each running the function in
 * batches until its share of the time budget is spent; report the median round. Medians, and the
 * baseline measured in the same process, are what make numbers from a noisy machine comparable.
 */

export interface BenchOptions {
  /** Total time for the timed rounds of one benchmark. */
  budgetMs: number;
  rounds: number;
  warmupMs: number;
}

export interface BenchResult {
  name: string;
  /** Operations run in the timed rounds, all rounds together. */
  ops: number;
  /** Median over rounds. */
  opsPerSec: number;
  nsPerOp: number;
  minNsPerOp: number;
  maxNsPerOp: number;
  rounds: number;
}

export const DEFAULT_OPTIONS: BenchOptions = { budgetMs: 1000, rounds: 5, warmupMs: 200 };

/** Results go here so the engine cannot prove them unused and drop the work. */
export const sink: { value: unknown } = { value: undefined };

function nowNs(): bigint {
  return process.hrtime.bigint();
}

/** Run `fn(i)` for i = 0.. until `ms` have passed; return [ops, elapsedNs]. */
function runFor(fn: (i: number) => unknown, ms: number, batch: number): [number, number] {
  const deadline = nowNs() + BigInt(Math.round(ms * 1e6));
  const start = nowNs();
  let ops = 0;
  let end = start;
  // Checking the clock every call would time the clock, so check once per batch.
  while (end < deadline) {
    for (let k = 0; k < batch; k++) sink.value = fn(ops + k);
    ops += batch;
    end = nowNs();
  }
  return [ops, Number(end - start)];
}

/** A batch size that takes roughly a millisecond, so clock reads stay negligible. */
function calibrate(fn: (i: number) => unknown): number {
  let batch = 1;
  for (;;) {
    const start = nowNs();
    for (let k = 0; k < batch; k++) sink.value = fn(k);
    const ns = Number(nowNs() - start);
    if (ns >= 1e6 || batch >= 1 << 20) return batch;
    batch *= ns < 1e5 ? 8 : 2;
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function bench(name: string, fn: (i: number) => unknown, options = DEFAULT_OPTIONS): BenchResult {
  return benchInterleaved([{ name, fn }], options)[0]!;
}

/**
 * Time several functions round by round in turn (A B A B …), so a slow patch of the machine hits
 * all of them alike and their ratio stays meaningful.
 */
export function benchInterleaved(
  fns: readonly { name: string; fn: (i: number) => unknown }[],
  options = DEFAULT_OPTIONS,
): BenchResult[] {
  const batches = fns.map(({ fn }) => calibrate(fn));
  fns.forEach(({ fn }, k) => {
    runFor(fn, options.warmupMs, batches[k]!);
  });
  const perRound = options.budgetMs / options.rounds;
  const samples = fns.map(() => ({ ops: 0, nsPerOp: [] as number[] }));
  for (let r = 0; r < options.rounds; r++) {
    fns.forEach(({ fn }, k) => {
      const [n, ns] = runFor(fn, perRound, batches[k]!);
      samples[k]!.ops += n;
      samples[k]!.nsPerOp.push(ns / n);
    });
  }
  return fns.map(({ name }, k) => {
    const { ops, nsPerOp } = samples[k]!;
    const med = median(nsPerOp);
    return {
      name,
      ops,
      opsPerSec: Math.round(1e9 / med),
      nsPerOp: round(med),
      minNsPerOp: round(Math.min(...nsPerOp)),
      maxNsPerOp: round(Math.max(...nsPerOp)),
      rounds: options.rounds,
    };
  });
}

export function round(x: number): number {
  return Math.round(x * 100) / 100;
}
