import type {
  ContractViolation,
  DataLabel,
  Dialect,
  Problem,
  ToolClaims,
  ToolContract,
  Trust,
} from '@mcp-trust/core';
import {
  buildContract,
  filterDataClaims,
  filterToolClaims,
  labelResult,
  narrowContract,
  readResultAnnotations,
  readToolAnnotations,
  readToolDefinition,
} from '@mcp-trust/core';

/**
 * The steps a gateway will take for each tool and call, done by hand with the core API so the demo
 * can print what happens in between: read (any dialect), filter by the server's trust, then build,
 * narrow or label.
 */

export interface DeclaredTool {
  name: string;
  claimed: ToolClaims;
  believed: ToolClaims;
  contract: ToolContract;
  problems: Problem[];
  dialects: Dialect[];
}

export function declareTool(definition: unknown, trust: Trust): DeclaredTool {
  const read = readToolDefinition(definition);
  const { name, claims } = read.value;
  const believed = filterToolClaims(claims, trust);
  const contract = buildContract(name, [{ origin: 'declared', claims: believed }]);
  return { name, claimed: claims, believed, contract, problems: read.problems, dialects: read.dialects };
}

/** Apply a tools/resolve answer (`{tool: {name, annotations}}`) to a contract. */
export function resolveTool(
  contract: ToolContract,
  response: { tool: { annotations: unknown } },
  trust: Trust,
): { contract: ToolContract; violations: ContractViolation[]; problems: Problem[] } {
  const read = readToolAnnotations(response.tool.annotations);
  const narrowed = narrowContract(contract, filterToolClaims(read.value, trust));
  return { ...narrowed, problems: read.problems };
}

export interface ObservedResult {
  label: DataLabel;
  violations: ContractViolation[];
  problems: Problem[];
}

export function observeResult(contract: ToolContract, result: unknown, trust: Trust): ObservedResult {
  const read = readResultAnnotations(result);
  const { label, violations } = labelResult(contract, filterDataClaims(read.value, trust));
  return { label, violations, problems: read.problems };
}

/** Two contracts say the same thing (where each value came from aside). */
export function sameContract(a: ToolContract, b: ToolContract): boolean {
  const { origin: _a, ...restA } = a;
  const { origin: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}
