import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '@mcp-trust/store-sqlite';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

const dirs: string[] = [];
function tempDb(): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-trust-journal-'));
  dirs.push(dir);
  return { dir, path: join(dir, 'store.db') };
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const journals = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
/** Rows as another connection (another process) sees them. */
function rows(path: string): { seq: number; kind: string; data: string }[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT seq, kind, data FROM audit ORDER BY seq').all() as never;
  } finally {
    db.close();
  }
}
/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

describe('audit journal', () => {
  it('makes a logged record durable in the journal at once and chains it before the log is read', () => {
    const { dir, path } = tempDb();
    const store = openSqliteStore(path, { durability: 'normal' });
    try {
      store.logAudit({ session: 's', kind: 'decision', data: { call: 's#1' } });
      const [file] = journals(dir);
      expect(file).toMatch(/^store\.db-audit-\d+-[0-9a-f]+\.jsonl$/);
      expect(JSON.parse(readFileSync(join(dir, file!), 'utf8'))).toMatchObject({
        session: 's',
        kind: 'decision',
        data: { call: 's#1' },
      });
      expect(rows(path)).toEqual([]);
      expect(store.audit().map((r) => r.data)).toEqual([{ call: 's#1' }]);
      expect(rows(path).map((r) => r.kind)).toEqual(['decision']);
    } finally {
      store.close();
    }
    expect(journals(dir)).toEqual([]);
  });

  it('chains within moments even when nothing reads the log', async () => {
    const { path } = tempDb();
    const store = openSqliteStore(path);
    try {
      store.logAudit({ session: 's', kind: 'decision', data: 1 });
      for (let i = 0; i < 50 && rows(path).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(rows(path).map((r) => r.data)).toEqual(['1']);
    } finally {
      store.close();
    }
  });

  it('lets a second writer (a CLI beside the gateway) chain the first one’s journal first, and nothing twice', () => {
    const { dir, path } = tempDb();
    const gateway = openSqliteStore(path);
    try {
      gateway.logAudit({ session: 's', kind: 'decision', data: 1 });
      gateway.logAudit({ session: 's', kind: 'decision', data: 2 });
      const cli = openSqliteStore(path);
      cli.appendAudit({ session: 's', kind: 'approval', data: 3 });
      cli.close();
      // The gateway is running: its journal stays, chained up to where the CLI took it.
      expect(journals(dir)).toHaveLength(1);
      gateway.logAudit({ session: 's', kind: 'decision', data: 4 });
      expect(gateway.audit().map((r) => r.data)).toEqual([1, 2, 3, 4]);
      expect(gateway.verifyAudit()).toEqual({ ok: true, count: 4 });
    } finally {
      gateway.close();
    }
    expect(journals(dir)).toEqual([]);
  });

  it('chains and deletes the journal a stopped process left; a line that is no record becomes a journal-error record', () => {
    const { dir, path } = tempDb();
    openSqliteStore(path).close();
    const file = join(dir, `store.db-audit-${deadPid()}-0a1b2c.jsonl`);
    const line = (n: number) =>
      JSON.stringify({ at: '2026-11-28T00:00:00.000Z', session: 's', kind: 'decision', data: { n } });
    writeFileSync(file, `${line(1)}\n{"at": oops\n${line(2)}\n[1]\n${line(3).slice(0, 20)}`);
    const store = openSqliteStore(path);
    try {
      const records = store.audit();
      expect(records.map((r) => r.kind)).toEqual([
        'decision',
        'journal-error',
        'decision',
        'journal-error',
        'journal-error',
      ]);
      expect(records[0]!.data).toEqual({ n: 1 });
      expect(records[1]!.data).toMatchObject({
        error: expect.stringMatching(/^not JSON/),
        text: '{"at": oops',
      });
      expect(records[3]!.data).toMatchObject({
        error: expect.stringMatching(/^not an audit record/),
        text: '[1]',
      });
      expect(records[4]!.data).toMatchObject({
        error: expect.stringMatching(/unfinished line/),
        text: line(3).slice(0, 20),
      });
      expect(store.verifyAudit()).toEqual({ ok: true, count: 5 });
      expect(journals(dir)).toEqual([]);
    } finally {
      store.close();
    }
    // Chained once: opening again adds nothing.
    const again = openSqliteStore(path);
    expect(again.audit()).toHaveLength(5);
    again.close();
  });

  it('keeps a running writer’s unfinished last line for later, and chains its complete lines once', async () => {
    const { dir, path } = tempDb();
    openSqliteStore(path).close();
    // A journal named for a process that is running belongs to a writer still writing.
    const writer = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const file = join(dir, `store.db-audit-${writer.pid}-0d0e0f.jsonl`);
      const line = (n: number) =>
        JSON.stringify({ at: '2026-11-28T00:00:00.000Z', session: 's', kind: 'k', data: n });
      writeFileSync(file, `${line(1)}\n${line(2).slice(0, 10)}`);
      let store = openSqliteStore(path);
      expect(store.audit().map((r) => r.data)).toEqual([1]);
      store.close();
      writeFileSync(file, `${line(1)}\n${line(2)}\n`);
      store = openSqliteStore(path);
      expect(store.audit().map((r) => r.data)).toEqual([1, 2]);
      store.close();
      expect(journals(dir)).toHaveLength(1);
    } finally {
      writer.kill();
      await new Promise((resolve) => writer.once('exit', resolve));
    }
  });

  it('treats a journal in this process’s pid that this process never opened as an earlier process’s', () => {
    const { dir, path } = tempDb();
    openSqliteStore(path).close();
    const line = JSON.stringify({ at: '2026-11-28T00:00:00.000Z', session: 's', kind: 'k', data: 1 });
    writeFileSync(join(dir, `store.db-audit-${process.pid}-123abc.jsonl`), `${line}\n`);
    const store = openSqliteStore(path);
    expect(store.audit().map((r) => r.data)).toEqual([1]);
    store.close();
    expect(journals(dir)).toEqual([]);
  });

  it('starts a fresh journal once one is full and deletes the full one once chained', () => {
    const { dir, path } = tempDb();
    const store = openSqliteStore(path, { durability: 'normal' });
    try {
      const big = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 70; i++) store.logAudit({ session: 's', kind: 'k', data: { i, big } });
      // 70 records of 64 KiB fill one 4 MiB journal: the full one and the fresh one.
      const [full] = journals(dir).sort(
        (a, b) => readFileSync(join(dir, b)).length - readFileSync(join(dir, a)).length,
      );
      expect(journals(dir)).toHaveLength(2);
      const records = store.audit();
      expect(records.map((r) => (r.data as { i: number }).i)).toEqual(
        Array.from({ length: 70 }, (_, i) => i),
      );
      expect(journals(dir)).toHaveLength(1);
      expect(journals(dir)).not.toContain(full);
    } finally {
      store.close();
    }
  });

  it('appends straight to the log for an in-memory database', () => {
    const store = openSqliteStore(':memory:');
    store.logAudit({ session: 's', kind: 'k', data: 1 });
    expect(store.audit().map((r) => r.data)).toEqual([1]);
    store.close();
  });
});
