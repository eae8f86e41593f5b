import type { ToolClaims } from './claims.js';
import type { Problem } from './problem.js';
import { childPath, problem } from './problem.js';
import { readToolAnnotations } from './tool-annotations-reader.js';

const hintPath = (path: string, name: string) => childPath(path, name);
const inputPath = (path: string, field: string) => childPath(childPath(path, 'inputMetadata'), field);
const returnPath = (path: string, field: string) => childPath(childPath(path, 'returnMetadata'), field);

/**
 * Contradictions inside one tool's annotations, as problems for `mcp-trust lint`. Each says which
 * two claims disagree; a policy will believe the riskier one, so the author should fix the other.
 */
export function checkToolClaims(claims: ToolClaims, path = '$'): Problem[] {
  const out: Problem[] = [];
  const { hints, outcomes, destination, returnSource } = claims;
  const effects = outcomes?.filter((o) => o !== 'benign') ?? [];
  const stored = destination?.filter((d) => d !== 'ephemeral') ?? [];
  if (hints.readOnlyHint === true && effects.length > 0) {
    out.push(
      problem(
        hintPath(path, 'readOnlyHint'),
        'readonly-with-effects',
        `readOnlyHint is true, but inputMetadata.outcomes says the tool may be ${effects.join(' or ')}: a read-only tool changes nothing`,
      ),
    );
  }
  if (hints.readOnlyHint === true && stored.length > 0) {
    out.push(
      problem(
        inputPath(path, 'destination'),
        'readonly-with-stored-destination',
        `readOnlyHint is true and inputMetadata.destination says inputs may be stored or sent (${stored.join(', ')}): right for a tool that reads by sending a request (a fetch sends its URL); use "ephemeral" if inputs go nowhere`,
        'info',
      ),
    );
  }
  const irreversible = outcomes?.includes('irreversible') === true;
  if (hints.reversibleHint === true && irreversible) {
    out.push(
      problem(
        hintPath(path, 'reversibleHint'),
        'reversible-but-irreversible',
        'reversibleHint is true, but inputMetadata.outcomes includes "irreversible"',
      ),
    );
  }
  if (hints.destructiveHint === false && irreversible) {
    out.push(
      problem(
        hintPath(path, 'destructiveHint'),
        'not-destructive-but-irreversible',
        'destructiveHint is false (only additive updates), but inputMetadata.outcomes includes "irreversible": check which is right',
        'warning',
      ),
    );
  }
  if (hints.openWorldHint === false && returnSource?.includes('untrustedPublic') === true) {
    out.push(
      problem(
        returnPath(path, 'source'),
        'closed-world-untrusted-source',
        'openWorldHint is false, but returnMetadata.source includes "untrustedPublic": open-world data makes the tool open-world',
      ),
    );
  }
  return out;
}

/**
 * Every problem with one tool's raw annotations: what the reader found (bad values, unknown keys,
 * legacy PascalCase) and the contradictions among what it could read.
 */
export function checkToolAnnotations(annotations: unknown, path = '$'): Problem[] {
  const read = readToolAnnotations(annotations, path);
  return [...read.problems, ...checkToolClaims(read.value, path)];
}
