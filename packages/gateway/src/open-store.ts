import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Store } from '@mcp-trust/store';
import { createMemoryStore } from '@mcp-trust/store';
import type { Durability } from '@mcp-trust/store-sqlite';
import { openSqliteStore } from '@mcp-trust/store-sqlite';

/** `memory`, or a SQLite file (its directory created if needed). */
export function openStore(path: string, durability: Durability = 'full'): Store {
  if (path === 'memory') return createMemoryStore();
  mkdirSync(dirname(path), { recursive: true });
  return openSqliteStore(path, { durability });
}
