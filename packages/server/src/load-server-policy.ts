import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Mode, Policy } from '@mcp-trust/policy';
import { loadPolicy } from '@mcp-trust/policy';
import { TrustError } from './trust-error.js';

export interface ServerPolicyInput {
  /** Built-in packs by name (`default`, `sep-examples`), loaded first. */
  packs?: readonly string[];
  /** Policy files (paths or `file:` URLs), loaded after the packs, in order. */
  files?: readonly (string | URL)[];
  /** Overrides `mode:` in the files (default `enforce`). */
  mode?: Mode;
  /** Overrides `strict:` in the files. */
  strict?: boolean;
}

/**
 * Reads and compiles a server's policy: the same files and packs the gateway loads. Warnings are
 * ignored; any error stops the server from starting with every problem at `file:line:col`.
 *
 * @throws {TrustError} `invalid-policy`.
 */
export function loadServerPolicy(input: ServerPolicyInput): Policy {
  const files = (input.files ?? []).map((f) => {
    const path = f instanceof URL ? fileURLToPath(f) : f;
    return { path, text: readFileSync(path, 'utf8') };
  });
  const { policy, problems } = loadPolicy({
    files,
    ...(input.packs === undefined ? {} : { packs: input.packs }),
    ...(input.mode === undefined ? {} : { mode: input.mode }),
    ...(input.strict === undefined ? {} : { strict: input.strict }),
  });
  if (policy === undefined) {
    const errors = problems.filter((p) => p.severity === 'error');
    throw new TrustError(
      'invalid-policy',
      'policy',
      errors.map((p) => ({ path: `${p.file}:${p.line}:${p.col}`, message: `${p.code}: ${p.message}` })),
    );
  }
  return policy;
}
