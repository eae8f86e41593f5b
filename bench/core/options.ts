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
