/**
 * `npm run bench:policy [-- --budget-ms 1000 --rounds 5]`: times `Policy.evaluate` of the built-in
 * packs on realistic facts against an empty policy (the cost of calling evaluate at all), and
 * how long loading a pack takes. Prints one JSON object. See bench/README.md for the method.
 */
import { cpus } from 'node:os';
import type { Policy } from '../../packages/policy/src/index.js';
import { loadPolicy } from '../../packages/policy/src/index.js';
import type { BenchResult } from '../core/harness.js';
import { bench, benchInterleaved, round } from '../core/harness.js';
import { benchOptionsFromArgs } from '../core/options.js';
import { factsPool } from './facts-inputs.js';

const options = benchOptionsFromArgs('bench/policy/run.ts');

function load(packs: string[]): Policy {
  const { policy, problems } = loadPolicy({ packs });
  if (policy === undefined) throw new Error(`pack failed to load: ${JSON.stringify(problems)}`);
  return policy;
}

const facts = factsPool();
const at = (i: number) => facts[i % facts.length]!;
const empty = load([]);
const specs = [
  { name: 'evaluate: pack default', policy: load(['default']) },
  { name: 'evaluate: pack sep-examples', policy: load(['sep-examples']) },
  { name: 'evaluate: packs default + sep-examples', policy: load(['default', 'sep-examples']) },
];

// Loading compiles YAML and CEL: done once at start-up, timed here so a regression shows.
const loadStart = process.hrtime.bigint();
const LOADS = 20;
for (let k = 0; k < LOADS; k++) load(['default', 'sep-examples']);
const loadMs = round(Number(process.hrtime.bigint() - loadStart) / 1e6 / LOADS);

const baseline = bench('empty loop', (i) => i, options);
const benchmarks = specs.map(({ name, policy }) => {
  const [result, base] = benchInterleaved(
    [
      { name, fn: (i) => policy.evaluate(at(i)) },
      { name: 'evaluate: empty policy', fn: (i) => empty.evaluate(at(i)) },
    ],
    options,
  ) as [BenchResult, BenchResult];
  return {
    ...result,
    rules: policy.rules.length,
    usPerOp: round(result.nsPerOp / 1000),
    baseline: { name: base.name, nsPerOp: base.nsPerOp, opsPerSec: base.opsPerSec },
    addedNsPerOp: round(result.nsPerOp - base.nsPerOp),
  };
});

console.log(
  JSON.stringify(
    {
      suite: 'policy',
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpu: cpus()[0]?.model ?? 'unknown',
      options,
      scenarios: facts.length,
      loadMs: { 'default + sep-examples': loadMs },
      baseline,
      benchmarks,
    },
    null,
    2,
  ),
);
