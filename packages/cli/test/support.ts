import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from '@mcp-trust/store';
import { openSqliteStore } from '@mcp-trust/store-sqlite';

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

/** Runs `f` on its own connection to the SQLite store at `path`, as a process beside the CLI would. */
export function withSqliteStore<T>(path: string, f: (s: Store) => T): T {
  const s = openSqliteStore(path);
  try {
    return f(s);
  } finally {
    s.close();
  }
}
