import type { ContractField, ToolClaims, ToolContract } from '@mcp-trust/core';
import { CONTRACT_SET_FIELDS, narrowContract, writeToolAnnotations } from '@mcp-trust/core';
import type { DeclaredTool } from './declare-tools.js';
import { readDeclaration } from './tool-annotations.js';
import { TrustError } from './trust-error.js';
import type { TrustToolAnnotations, TrustToolAnnotationsInit } from './wire-types.js';

/**
 * What a server knows about a call before making it (SEP-1862 `tools/resolve`): the annotations
 * for these arguments, or `undefined` to answer with the static declaration. Fields left out keep
 * their declared value.
 */
export type ToolResolver = (
  tool: string,
  args: Readonly<Record<string, unknown>>,
) => TrustToolAnnotationsInit | undefined | Promise<TrustToolAnnotationsInit | undefined>;

/** A `tools/resolve` answer: `{tool: {name, annotations}}` on the wire. */
export interface ResolvedTool {
  readonly name: string;
  readonly annotations: TrustToolAnnotations;
}

const WIRE_PATH: Partial<Record<ContractField, string>> = {
  destination: 'inputMetadata.destination',
  outcomes: 'inputMetadata.outcomes',
  inputSensitivity: 'inputMetadata.sensitivity',
  returnSource: 'returnMetadata.source',
  returnSensitivity: 'returnMetadata.sensitivity',
  sensitiveLevel: 'sensitiveHint',
};

/**
 * The resolved declaration for one call: the static claims with the resolution laid over them,
 * and the narrowed contract. A resolution must narrow (resolved ⊆ declared, SEP-1862); anything
 * wider is refused.
 *
 * @throws {TrustError} `wider-than-declared` naming each field that widens, or
 *   `invalid-annotations` for a malformed resolution.
 */
export function resolveClaims(
  tool: DeclaredTool,
  resolved: TrustToolAnnotationsInit | undefined,
): { claims: ToolClaims; contract: ToolContract } {
  if (resolved === undefined) return { claims: tool.claims, contract: tool.contract };
  const subject = `tools/resolve for ${JSON.stringify(tool.name)}`;
  const claims = readDeclaration(resolved, subject);
  const { contract, violations } = narrowContract(tool.contract, claims);
  if (violations.length > 0) {
    throw new TrustError(
      'wider-than-declared',
      subject,
      violations.map((v) => ({
        path: `annotations.${WIRE_PATH[v.field] ?? v.field}`,
        message: `resolved {${v.claimed.join(', ')}}, wider than the declared {${v.declared.join(', ')}}`,
      })),
    );
  }
  const merged: ToolClaims = { ...tool.claims, hints: { ...tool.claims.hints, ...claims.hints } };
  for (const field of CONTRACT_SET_FIELDS) {
    const value = claims[field];
    if (value !== undefined) Object.assign(merged, { [field]: value });
  }
  if (claims.sensitiveLevel !== undefined) merged.sensitiveLevel = claims.sensitiveLevel;
  if (claims.attribution !== undefined) merged.attribution = claims.attribution;
  if (claims.title !== undefined) merged.title = claims.title;
  return { claims: merged, contract };
}

/**
 * Answers `tools/resolve` for one tool: its annotations narrowed for these arguments, written in
 * the declaration's form. Never wider than `tools/list`: a resolver that answers wider is a bug,
 * and is refused rather than passed on.
 *
 * @throws {TrustError} see `resolveClaims`.
 */
export function resolveTool(
  tool: DeclaredTool,
  resolved: TrustToolAnnotationsInit | undefined,
): ResolvedTool {
  const { claims } = resolveClaims(tool, resolved);
  return {
    name: tool.name,
    annotations: writeToolAnnotations(claims, { form: tool.form }) as TrustToolAnnotations,
  };
}
