import type { DataLabel } from '../../packages/core/src/index.js';
import { join, joinAll } from '../../packages/core/src/index.js';
import { labelPool } from './label-inputs.js';
import type { BenchSpec } from './spec.js';

const POOL = 256;
const SESSION_CALLS = 20;

const LEVELS = ['none', 'low', 'medium', 'high'] as const;

/**
 * The baseline for join: the same merge done the way SEP-1913's reference client does it,
 * `[...new Set([...a, ...b])]` per set. It allocates like join does, so machine noise moves both
 * alike. (A bare object spread was tried first: V8 ran it in two modes of very different speed
 * from run to run, and a copy without any set work was too cheap for a stable ratio.)
 */
function referenceMerge(a: DataLabel, b: DataLabel): DataLabel {
  return {
    openWorld: a.openWorld || b.openWorld,
    malicious: a.malicious || b.malicious,
    private: a.private || b.private,
    sensitiveLevel:
      LEVELS.indexOf(a.sensitiveLevel) >= LEVELS.indexOf(b.sensitiveLevel)
        ? a.sensitiveLevel
        : b.sensitiveLevel,
    sources: [...new Set([...a.sources, ...b.sources])],
    sensitivity: [...new Set([...a.sensitivity, ...b.sensitivity])],
    attribution: [...new Set([...a.attribution, ...b.attribution])],
  };
}

/** (a) joining labels: one pair at a time, and a whole session's worth of results. */
export function joinBenches(): BenchSpec[] {
  const labels = labelPool(POOL);
  const at = (i: number) => labels[i & (POOL - 1)]!;
  const sessions = Array.from({ length: POOL }, (_, s) =>
    Array.from({ length: SESSION_CALLS }, (_, k) => at(s * 7 + k * 13)),
  );
  return [
    {
      name: 'join (two result labels)',
      itemsPerOp: 1,
      run: (i) => join(at(i), at(i + 1)),
      baseline: {
        name: 'reference-client merge of the same two labels',
        run: (i) => referenceMerge(at(i), at(i + 1)),
      },
    },
    {
      name: `joinAll (session of ${SESSION_CALLS} result labels)`,
      itemsPerOp: SESSION_CALLS,
      run: (i) => joinAll(sessions[i & (POOL - 1)]!),
      baseline: {
        name: `reference-client merge over the same ${SESSION_CALLS} labels`,
        run: (i) => sessions[i & (POOL - 1)]!.reduce(referenceMerge),
      },
    },
  ];
}
