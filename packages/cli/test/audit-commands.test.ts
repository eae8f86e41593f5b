import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '@mcp-trust/store';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAuditExport, runAuditVerify } from '../src/commands/audit.js';
import { lastSeq, runAuditTail } from '../src/commands/audit-tail.js';
import { memoryIo } from '../src/io.js';
import { scratch, withSqliteStore } from './support.js';

let dir: string;
let path: string;
/** Writes through a connection of its own, as the gateway would beside the CLI. */
const withStore = <T>(f: (s: Store) => T): T => withSqliteStore(path, f);
const append = (s: Store, n: number, from = 1) => {
  for (let i = from; i < from + n; i++)
    s.appendAudit({
      session: `s${i % 3}`,
      kind: 'decision',
      data: { event: 'decided', n: i, tool: 'mail/send_email', reason: 'a sentence with spaces' },
      at: `2026-11-22T10:00:${String(i % 60).padStart(2, '0')}.000Z`,
    });
};

beforeEach(() => {
  dir = scratch({});
  path = join(dir, 'mcp-trust.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('mcp-trust audit verify', () => {
  it('reports an intact chain', () => {
    withStore((s) => append(s, 5));
    const io = memoryIo();
    expect(runAuditVerify({ store: path }, io)).toBe(0);
    expect(io.out).toEqual(['audit log OK: 5 records']);
  });

  it('names the first record edited behind its back', () => {
    withStore((s) => append(s, 5));
    const db = new Database(path);
    db.prepare('UPDATE audit SET data = ? WHERE seq = ?').run(JSON.stringify({ event: 'allowed' }), 3);
    db.close();
    const io = memoryIo();
    expect(runAuditVerify({ store: path }, io)).toBe(1);
    expect(io.out).toEqual(['audit log BROKEN at record 3: hash does not match the record']);
  });

  it('does not create a missing store', () => {
    const io = memoryIo();
    expect(runAuditVerify({ store: path }, io)).toBe(1);
    expect(io.err[0]).toMatch(/^no store at /);
  });
});

describe('mcp-trust audit tail', () => {
  it('shows the last N records, one line each', async () => {
    withStore((s) => append(s, 30));
    const io = memoryIo();
    expect(await runAuditTail({ store: path, lines: 3 }, io)).toBe(0);
    expect(io.out).toHaveLength(3);
    expect(io.out[0]).toMatch(
      /^2026-11-22T10:00:28Z +28 {2}s1 +decision {2}decided n=28 reason="a sentence with spaces" tool=mail\/send_email$/,
    );
    const def = memoryIo();
    await runAuditTail({ store: path }, def);
    expect(def.out).toHaveLength(20);
    const json = memoryIo();
    await runAuditTail({ store: path, lines: 2, json: true }, json);
    expect(json.out.map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual([29, 30]);
  });

  it('leads with the event and id, and shortens hashes', async () => {
    withStore((s) =>
      s.appendAudit({
        session: 's1',
        kind: 'approval',
        data: { callHash: 'c'.repeat(64), event: 'requested', id: 'b7a8056c1e' },
        at: '2026-11-22T10:00:00.000Z',
      }),
    );
    const io = memoryIo();
    await runAuditTail({ store: path, lines: 1 }, io);
    expect(io.out[0]).toMatch(/ {2}approval {2}requested id=b7a8056c1e callHash=c{12}…$/);
  });

  it('finds the last record by probing', () => {
    withStore((s) => {
      expect(lastSeq(s)).toBe(0);
      for (const total of [1, 2, 3, 7, 8, 9, 33]) {
        append(s, total - lastSeq(s), lastSeq(s) + 1);
        expect(lastSeq(s)).toBe(total);
      }
    });
  });

  it('follows new records until stopped', async () => {
    withStore((s) => append(s, 2));
    const io = memoryIo();
    const stop = new AbortController();
    const done = runAuditTail({ store: path, lines: 1, follow: true, pollMs: 20 }, io, stop.signal);
    withStore((s) => append(s, 3, 3));
    for (let i = 0; i < 100 && io.out.length < 4; i++) await new Promise((r) => setTimeout(r, 20));
    stop.abort();
    expect(await done).toBe(0);
    expect(io.out.map((l) => Number(l.split(/\s+/)[1]))).toEqual([2, 3, 4, 5]);
  });
});

describe('mcp-trust audit export', () => {
  it('writes every record as a JSON line, across pages', () => {
    withStore((s) => append(s, 1500));
    const io = memoryIo();
    expect(runAuditExport({ store: path }, io)).toBe(0);
    expect(io.out).toHaveLength(1500);
    const records = io.out.map((l) => JSON.parse(l) as { seq: number; hash: string });
    expect(records.map((r) => r.seq)).toEqual(Array.from({ length: 1500 }, (_, i) => i + 1));
    expect(records[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
