/**
 * `npm run bench:engine [-- --budget-ms 1000 --rounds 5]`: times the engine's hot paths and
 * prints one JSON object on stdout, each beside a baseline measured in the same run:
 * - a `beforeCall` decision under the real `default` policy pack, on a session holding about
 *   1,000 indexed values, against the same call under a policy that allows without looking;
 * - replay throughput (beforeCall + afterResult over a synthetic trace), against a loop that only
 *   builds the same call and result objects.
 */
import { cpus } from 'node:os';
import type { EnginePolicy } from '../../packages/engine/src/index.js';
import { createEngine } from '../../packages/engine/src/index.js';
import { loadPolicy } from '../../packages/policy/src/index.js';
import type { BenchResult } from '../core/harness.js';
import { bench, benchInterleaved, round } from '../core/harness.js';
import { benchOptionsFromArgs } from '../core/options.js';
import { decisionCall, fillSession, SERVERS, TOOLS, traceStep } from './workload.js';

const options = benchOptionsFromArgs('bench/engine/run.ts');

const loaded = loadPolicy({ packs: ['default'] });
if (loaded.policy === undefined) throw new Error(`default pack: ${JSON.stringify(loaded.problems)}`);
const noop: EnginePolicy = {
  mode: 'enforce',
  evaluate: () => ({ decision: 'allow', action: 'allow', mode: 'enforce', matched: [], errors: [] }),
};

function engineWith(policy: EnginePolicy) {
  const engine = createEngine({ policy, servers: SERVERS });
  for (const [server, tools] of Object.entries(TOOLS)) engine.registerTools(server, tools);
  return engine;
}

// The floor, for comparing machines: the harness calling a function that does nothing.
const floor = bench('empty loop', (i) => i, options);

// (a) one decision on a session holding ~1,000 indexed values
const real = engineWith(loaded.policy).session('bench');
const bare = engineWith(noop).session('bench');
const indexed = fillSession(real, 1000);
fillSession(bare, 1000);
const calls = Array.from({ length: 256 }, (_, i) => decisionCall(i));
const [decision, decisionBase] = benchInterleaved(
  [
    { name: 'beforeCall, default pack', fn: (i) => real.beforeCall(calls[i & 255]!) },
    { name: 'beforeCall, no-op policy', fn: (i) => bare.beforeCall(calls[i & 255]!) },
  ],
  options,
) as [BenchResult, BenchResult];

// (b) replay: sessions of 20 calls, each call decided and its result applied. The trace is built
// before timing, as a replay reads it from a file; 5,120 distinct steps, so no two calls of a
// session and no two sessions in a row see the same texts.
const SESSION_CALLS = 20;
const TRACE = Array.from({ length: 5120 }, (_, i) => traceStep(i));
const replayEngine = engineWith(loaded.policy);
let session = replayEngine.session('r0');
const [replay, replayBase] = benchInterleaved(
  [
    {
      name: 'replay beforeCall+afterResult, default pack',
      fn: (i) => {
        if (i % SESSION_CALLS === 0) {
          replayEngine.dropSession(session.id);
          session = replayEngine.session(`r${i}`);
        }
        const { call, result } = TRACE[i % TRACE.length]!;
        session.beforeCall(call);
        return session.afterResult(call, result);
      },
    },
    { name: 'read the next trace step only', fn: (i) => TRACE[i % TRACE.length] },
  ],
  options,
) as [BenchResult, BenchResult];

console.log(
  JSON.stringify(
    {
      suite: 'engine',
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpu: cpus()[0]?.model ?? 'unknown',
      options,
      baseline: floor,
      decision: {
        indexedValues: indexed,
        medianUs: round(decision.nsPerOp / 1000),
        targetUs: 20,
        baseline: { name: decisionBase.name, medianUs: round(decisionBase.nsPerOp / 1000) },
        result: decision,
      },
      replay: {
        callsPerSec: replay.opsPerSec,
        target: 20_000,
        baseline: { name: replayBase.name, opsPerSec: replayBase.opsPerSec },
        result: replay,
      },
    },
    null,
    2,
  ),
);
