import { parseArgs } from 'node:util';
import type { BenchOptions } from './harness.js';
import { DEFAULT_OPTIONS } from './harness.js';

/** `--budget-ms N --rounds N` from the command line, shared by every bench script; exits 2 on bad values. */
export function benchOptionsFromArgs(script: string): BenchOptions {
  const { values } = parseArgs({
    options: {
      'budget-ms': { type: 'string', default: String(DEFAULT_OPTIONS.budgetMs) },
      rounds: { type: 'string', default: String(DEFAULT_OPTIONS.rounds) },
    },
  });
  const options: BenchOptions = {
    budgetMs: Number(values['budget-ms']),
    rounds: Number(values.rounds),
    warmupMs: Math.min(DEFAULT_OPTIONS.warmupMs, Number(values['budget-ms']) / 2),
  };
  if (!(options.budgetMs > 0 && Number.isInteger(options.rounds) && options.rounds > 0)) {
    console.error(`usage: ${script} [--budget-ms N>0] [--rounds N>0]`);
    process.exit(2);
  }
  return options;
}

/**
 * Count-like options (`--calls N`, `--sessions N` …) for benches that run a number of operations
 * rather than a time budget, plus optional string options; exits 2 on bad values.
 */
export function countOptionsFromArgs<N extends string, S extends string = never>(
  script: string,
  counts: Record<N, number>,
  strings: readonly S[] = [],
): Record<N, number> & Partial<Record<S, string>> {
  const names = Object.keys(counts) as N[];
  const usage = `usage: ${script} ${[...names.map((n) => `[--${n} N>0]`), ...strings.map((s) => `[--${s} VALUE]`)].join(' ')}`;
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: Object.fromEntries([
        ...names.map((n) => [n, { type: 'string', default: String(counts[n]) }] as const),
        ...strings.map((s) => [s, { type: 'string' }] as const),
      ]),
    }) as { values: Record<string, string | undefined> });
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${usage}`);
    process.exit(2);
  }
  const out: Record<string, number | string> = {};
  for (const n of names) {
    const v = Number(values[n]);
    if (!(Number.isInteger(v) && v > 0)) {
      console.error(usage);
      process.exit(2);
    }
    out[n] = v;
  }
  for (const s of strings) if (values[s] !== undefined) out[s] = values[s];
  return out as Record<N, number> & Partial<Record<S, string>>;
}
