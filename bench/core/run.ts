/**
 * `npm run bench:core [-- --budget-ms 1000 --rounds 5]`: times the label model's hot paths and
 * prints one JSON object on stdout. See bench/README.md for what the numbers mean.
 */
import { cpus } from 'node:os';
import type { BenchResult } from './harness.js';
import { bench, benchInterleaved, round } from './harness.js';
import { joinBenches } from './join-bench.js';
import { normaliseBenches } from './normalise-bench.js';
import { benchOptionsFromArgs } from './options.js';
import type { BenchSpec } from './spec.js';

const options = benchOptionsFromArgs('bench/core/run.ts');

const specs: BenchSpec[] = [...joinBenches(), ...normaliseBenches()];

// The floor: the harness calling a function that does nothing.
const baseline = bench('empty loop', (i) => i, options);
const benchmarks = specs.map((spec) => {
  const [result, base] = benchInterleaved(
    [
      { name: spec.name, fn: spec.run },
      { name: spec.baseline.name, fn: spec.baseline.run },
    ],
    options,
  ) as [BenchResult, BenchResult];
  return {
    ...result,
    itemsPerOp: spec.itemsPerOp,
    nsPerItem: round(result.nsPerOp / spec.itemsPerOp),
    baseline: { name: base.name, nsPerOp: base.nsPerOp, opsPerSec: base.opsPerSec },
    relativeToBaseline: round(result.nsPerOp / base.nsPerOp),
  };
});

console.log(
  JSON.stringify(
    {
      suite: 'core',
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpu: cpus()[0]?.model ?? 'unknown',
      options,
      baseline,
      benchmarks,
    },
    null,
    2,
  ),
);
