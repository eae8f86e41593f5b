import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { callHash, consumeCallApproval, requestCallApproval, requestPinApproval } from '@mcp-trust/gateway';
import type { Store } from '@mcp-trust/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApprove } from '../src/commands/approve.js';
import { runPending } from '../src/commands/pending.js';
import { memoryIo } from '../src/io.js';
import { scratch, withSqliteStore } from './support.js';

const CALL = {
  session: 's1',
  server: 'mail',
  tool: 'send_email',
  arguments: { to: 'accountant@example.com', body: 'salaries attached' },
  rules: ['sensitive-data-to-public'],
  reasons: ['what it would send carries sensitive data (financial)'],
};
/** As stored: the book keeps canonical JSON, keys sorted. */
const ARGS_JSON = '{"body":"salaries attached","to":"accountant@example.com"}';
const HASH = callHash(CALL.session, CALL.server, CALL.tool, CALL.arguments);
const T0 = new Date('2026-11-22T10:00:00.000Z');

let dir: string;
let path: string;
/** Writes through a connection of its own, as the gateway would beside the CLI. */
const withStore = <T>(f: (s: Store) => T): T => withSqliteStore(path, f);

beforeEach(() => {
  dir = scratch({});
  path = join(dir, 'mcp-trust.db');
  withStore(() => {});
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('mcp-trust pending', () => {
  it('lists a requested approval with its age, tool and reasons', () => {
    const id = withStore((s) => requestCallApproval(s, CALL, T0).id);
    const io = memoryIo();
    expect(runPending({ store: path }, io, new Date(T0.getTime() + 5 * 60_000))).toBe(0);
    expect(io.out[0]).toMatch(/^ID\s+AGE\s+SESSION\s+KIND\s+TOOL\s+WHY$/);
    expect(io.out[1]).toMatch(
      new RegExp(`^${id}  5m +s1 +call  mail__send_email +sensitive-data-to-public$`),
    );
    expect(io.out[2]).toBe(`    ${CALL.reasons[0]}`);
    expect(io.out[3]).toBe(`    arguments: ${ARGS_JSON}`);
    expect(io.out.at(-1)).toMatch(/^1 pending: `mcp-trust approve ID`/);
  });

  it('lists both kinds as JSON lines, oldest first', () => {
    withStore((s) => {
      requestCallApproval(s, CALL, new Date(T0.getTime() + 1000));
      requestPinApproval(
        s,
        {
          server: 'files',
          tool: 'read_file',
          digest: 'b'.repeat(64),
          previousDigest: 'a'.repeat(64),
          definition: {},
        },
        T0,
      );
    });
    const io = memoryIo();
    expect(runPending({ store: path, json: true }, io)).toBe(0);
    const rows = io.out.map((l) => JSON.parse(l) as { data: { kind: string } });
    expect(rows.map((r) => r.data.kind)).toEqual(['pin', 'call']);
    const table = memoryIo();
    runPending({ store: path }, table);
    expect(table.out).toContain(`    digest ${'a'.repeat(12)}… → ${'b'.repeat(12)}…`);
  });

  it('says so when nothing waits, and reports entries it cannot read', () => {
    withStore((s) => s.putApproval({ id: 'junk', session: 's1', at: T0.toISOString(), data: 'junk' }));
    const io = memoryIo();
    expect(runPending({ store: path }, io)).toBe(0);
    expect(io.out).toEqual(['no pending approvals']);
    expect(io.err[0]).toMatch(/^1 stored approval\(s\) could not be read/);
  });

  it('never creates a store, and refuses `memory`', () => {
    const missing = join(dir, 'nope.db');
    const io = memoryIo();
    expect(runPending({ store: missing }, io)).toBe(1);
    expect(io.err).toEqual([`no store at ${missing} (the gateway creates it on first start; pass --store)`]);
    expect(existsSync(missing)).toBe(false);
    const mem = memoryIo();
    expect(runPending({ store: 'memory' }, mem)).toBe(1);
    expect(mem.err[0]).toMatch(/memory/);
  });

  it("takes the store from the config's `store:`, and --store over it", () => {
    const cfgDir = scratch({ 'gw.yaml': 'store: ./gw.db\n' });
    const io = memoryIo();
    expect(runPending({ config: join(cfgDir, 'gw.yaml') }, io)).toBe(1);
    expect(io.err).toEqual([
      `no store at ${join(cfgDir, 'gw.db')} (the gateway creates it on first start; pass --store)`,
    ]);
    expect(runPending({ config: join(cfgDir, 'gw.yaml'), store: path }, memoryIo())).toBe(0);
    const bad = scratch({ 'bad.yaml': 'stor: x\n' });
    const io2 = memoryIo();
    expect(runPending({ config: join(bad, 'bad.yaml') }, io2)).toBe(1);
    expect(io2.err[0]).toMatch(/bad\.yaml:1:1: error/);
    rmSync(cfgDir, { recursive: true, force: true });
    rmSync(bad, { recursive: true, force: true });
  });
});

describe('mcp-trust approve', () => {
  it('approves a call, which the gateway then consumes exactly once', () => {
    const id = withStore((s) => requestCallApproval(s, CALL, T0).id);
    const io = memoryIo();
    expect(runApprove(id, { store: path }, io)).toBe(0);
    expect(io.out[0]).toBe(`approved call ${id} in session s1: mail__send_email ${ARGS_JSON}`);
    expect(io.out[1]).toMatch(/ask the assistant to retry the call/);
    const pending = memoryIo();
    runPending({ store: path }, pending);
    expect(pending.out).toEqual(['no pending approvals']);
    withStore((s) => {
      expect(consumeCallApproval(s, 's1', HASH)?.data.status).toBe('approved');
      expect(consumeCallApproval(s, 's1', HASH)).toBeUndefined();
    });
  });

  it('denies a call; the gateway learns it was denied', () => {
    const id = withStore((s) => requestCallApproval(s, CALL, T0).id);
    const io = memoryIo();
    expect(runApprove(id, { store: path, deny: true }, io)).toBe(0);
    expect(io.out[0]).toMatch(new RegExp(`^denied call ${id}`));
    withStore((s) => expect(consumeCallApproval(s, 's1', HASH)?.data.status).toBe('denied'));
  });

  it('fails with a hint on an unknown id, and on a second decision', () => {
    const io = memoryIo();
    expect(runApprove('0123456789', { store: path }, io)).toBe(1);
    expect(io.err[0]).toMatch(/no approval with id 0123456789 .*mcp-trust pending/);
    const id = withStore((s) => requestCallApproval(s, CALL, T0).id);
    expect(runApprove(id, { store: path }, memoryIo())).toBe(0);
    const again = memoryIo();
    expect(runApprove(id, { store: path, deny: true }, again)).toBe(1);
    expect(again.err[0]).toMatch(/already approved/);
  });

  it('pins an approved tool definition', () => {
    const id = withStore(
      (s) =>
        requestPinApproval(
          s,
          {
            server: 'files',
            tool: 'read_file',
            digest: 'b'.repeat(64),
            previousDigest: 'a'.repeat(64),
            definition: {},
          },
          T0,
        ).id,
    );
    const io = memoryIo();
    expect(runApprove(id, { store: path }, io)).toBe(0);
    expect(io.out[0]).toMatch(/^approved the new definition of files__read_file/);
    withStore((s) => expect(s.getPin('files', 'read_file')?.digest).toBe('b'.repeat(64)));
  });
});
