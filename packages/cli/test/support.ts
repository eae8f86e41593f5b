import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, for the shipped examples. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const EXAMPLE_TRACE = join(ROOT, 'examples/traces/sep-email.jsonl');
export const EXAMPLE_CONFIG = join(ROOT, 'examples/config/replay.yaml');
export const POLICY_TESTS = join(ROOT, 'examples/policy-tests');

/** A fresh directory holding these files; returns its path. */
export function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-trust-cli-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
