import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** A reference server's entry script (from node_modules), from its package.json `bin`. */
export function binOf(pkg: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  const entry = typeof bin === 'string' ? bin : Object.values(bin)[0];
  if (entry === undefined) throw new Error(`${pkg} has no bin`);
  return join(dirname(manifest), entry);
}
