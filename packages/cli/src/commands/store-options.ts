import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_STORE, formatCatalogProblem, loadConfig } from '@mcp-trust/catalog';
import type { Store } from '@mcp-trust/store';
import { openSqliteStore } from '@mcp-trust/store-sqlite';
import type { Command } from 'commander';
import type { Io } from '../io.js';

/** How the store commands (`pending`, `approve`, `audit …`) find the gateway's store. */
export interface StoreOptions {
  /** The SQLite file; wins over the config. */
  store?: string;
  /** A configuration file whose `store:` names the file. */
  config?: string;
}

export function addStoreOptions(command: Command): Command {
  return command
    .option('--store <file>', `the gateway's SQLite store (default: the config's, else ${DEFAULT_STORE})`)
    .option('-c, --config <file>', 'configuration file whose `store:` to use');
}

/**
 * `--store`, else the config's `store:`, else `./mcp-trust.db`; the absolute path, or what
 * went wrong (config problems with file:line:col). `memory` is refused: nothing of it persists.
 */
export function resolveStorePath(opts: StoreOptions): { path: string } | { errors: string[] } {
  let path = opts.store;
  if (path === undefined && opts.config !== undefined) {
    const { config, problems } = loadConfig(opts.config);
    if (config === undefined) return { errors: problems.map(formatCatalogProblem) };
    path = config.store;
  }
  path ??= DEFAULT_STORE;
  if (path === 'memory')
    return { errors: ['the store is `memory`: nothing of it outlives the gateway; pass --store FILE'] };
  return { path: resolve(path) };
}

/**
 * Opens the store for a command that reads or decides, never creating one: a missing file means
 * the wrong path, and an empty store made here would only hide that. Problems go to stderr.
 */
export function openExistingStore(opts: StoreOptions, io: Io): Store | undefined {
  const where = resolveStorePath(opts);
  if ('errors' in where) {
    for (const e of where.errors) io.stderr(e);
    return undefined;
  }
  if (!existsSync(where.path)) {
    io.stderr(`no store at ${where.path} (the gateway creates it on first start; pass --store)`);
    return undefined;
  }
  try {
    return openSqliteStore(where.path);
  } catch (err) {
    io.stderr(`${where.path}: cannot open the store: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}
