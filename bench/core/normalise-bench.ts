import {
  buildContract,
  filterToolClaims,
  readResultAnnotations,
  readToolDefinition,
} from '../../packages/core/src/index.js';
import { toolResults } from './result-inputs.js';
import type { BenchSpec } from './spec.js';
import { toolsList } from './tool-inputs.js';

const TOOLS = 500;
const RESULTS = 256;

/**
 * (b) normalising a tools/list and (c) reading result annotations. The baseline is parsing the
 * same input from its wire text: work a gateway does anyway, so the ratio says what the label
 * model adds on top.
 */
export function normaliseBenches(): BenchSpec[] {
  const list = toolsList(TOOLS);
  const listJson = JSON.stringify(list);
  const results = toolResults(RESULTS);
  const resultJson = results.map((r) => JSON.stringify(r));
  const at = (i: number) => i % RESULTS;
  return [
    {
      name: `tools/list of ${TOOLS} tools: readToolDefinition + filterToolClaims + buildContract`,
      itemsPerOp: TOOLS,
      run: () => {
        let n = 0;
        for (const tool of list.tools) {
          const { name, claims } = readToolDefinition(tool).value;
          const contract = buildContract(name, [
            { origin: 'declared', claims: filterToolClaims(claims, 'trusted') },
          ]);
          n += contract.destination.length;
        }
        return n;
      },
      baseline: { name: `JSON.parse of the same ${TOOLS}-tool list`, run: () => JSON.parse(listJson) },
    },
    {
      name: 'readResultAnnotations (one result, 2-6 content blocks)',
      itemsPerOp: 1,
      run: (i) => readResultAnnotations(results[at(i)]),
      baseline: { name: 'JSON.parse of the same result', run: (i) => JSON.parse(resultJson[at(i)]!) },
    },
  ];
}
