import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore, SCHEMA_VERSION } from '@mcp-trust/store-sqlite';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { storeConformance } from '../../store/test/store-conformance.js';

function tempDb(): { path: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-trust-store-'));
  return { path: join(dir, 'store.db'), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

storeConformance('sqlite', () => {
  const { path, dispose } = tempDb();
  return {
    open: () => openSqliteStore(path),
    tamper(seq, forged) {
      const db = new Database(path);
      db.prepare('UPDATE audit SET data = ? WHERE seq = ?').run(JSON.stringify(forged), seq);
      db.close();
    },
    dispose,
  };
});

describe('sqlite store', () => {
  it('versions its schema and refuses a newer one', () => {
    const { path, dispose } = tempDb();
    try {
      openSqliteStore(path).close();
      const db = new Database(path);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
      db.close();
      expect(() => openSqliteStore(path)).toThrow(/newer/);
    } finally {
      dispose();
    }
  });
});
