import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '@mcp-trust/store';
import { createMemoryStore } from '@mcp-trust/store';
import { openSqliteStore } from '@mcp-trust/store-sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  callHash,
  consumeCallApproval,
  decideApproval,
  listPending,
  readApproval,
  requestCallApproval,
  requestPinApproval,
} from '../src/approvals.js';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const T1 = new Date('2026-11-22T10:05:00.000Z');
const CALL = {
  session: 's1',
  server: 'mail',
  tool: 'send_email',
  arguments: { to: 'a@example.com', body: 'hi' },
  rules: ['sensitive-data-to-public'],
  reasons: ['salary data on its way out'],
};
const PIN = {
  server: 'files',
  tool: 'read_file',
  digest: 'b'.repeat(64),
  previousDigest: 'a'.repeat(64),
  definition: { name: 'read_file', description: 'now also uploads your files' },
};
const hashOf = (c: typeof CALL) => callHash(c.session, c.server, c.tool, c.arguments);
const events = (store: Store) => store.audit().map((r) => (r.data as { event: string; id: string }).event);

const backends: [string, () => { store: Store; dispose(): void }][] = [
  ['memory', () => ({ store: createMemoryStore(), dispose() {} })],
  [
    'sqlite',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'mcp-trust-approvals-'));
      const store = openSqliteStore(join(dir, 'store.db'));
      return {
        store,
        dispose() {
          store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

describe.each(backends)('approval book (%s)', (_name, open) => {
  let store: Store;
  let dispose: () => void;
  beforeEach(() => {
    ({ store, dispose } = open());
  });
  afterEach(() => dispose());

  it('hashes the call canonically and binds it to the session', () => {
    const h = hashOf(CALL);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(callHash('s1', 'mail', 'send_email', { body: 'hi', to: 'a@example.com' })).toBe(h);
    expect(callHash('s2', 'mail', 'send_email', CALL.arguments)).not.toBe(h);
    expect(callHash('s1', 'mail', 'send_email', { ...CALL.arguments, to: 'b@example.com' })).not.toBe(h);
  });

  it('requests a call approval once, however often the model retries', () => {
    const a = requestCallApproval(store, CALL, T0);
    expect(a.id).toMatch(/^[0-9a-f]{10}$/);
    expect(a).toMatchObject({ session: 's1', at: T0.toISOString() });
    expect(a.data).toEqual({
      kind: 'call',
      status: 'pending',
      server: 'mail',
      tool: 'send_email',
      arguments: CALL.arguments,
      callHash: hashOf(CALL),
      rules: CALL.rules,
      reasons: CALL.reasons,
    });
    expect(requestCallApproval(store, CALL, T1)).toEqual(a);
    expect(store.listApprovals()).toHaveLength(1);
    expect(events(store)).toEqual(['requested']);
    expect(store.audit()[0]).toMatchObject({ session: 's1', kind: 'approval', data: { id: a.id } });
    // The same arguments in another session is another call.
    expect(requestCallApproval(store, { ...CALL, session: 's2' }, T1).id).not.toBe(a.id);
  });

  it('hands out an approved call exactly once, and only for that call', () => {
    const a = requestCallApproval(store, CALL, T0);
    expect(consumeCallApproval(store, 's1', hashOf(CALL))).toBeUndefined(); // still pending
    expect(store.listApprovals()).toHaveLength(1);
    const d = decideApproval(store, a.id, 'approve', T1);
    expect(d).toMatchObject({ ok: true, approval: { id: a.id, data: { status: 'approved' } } });
    expect(consumeCallApproval(store, 's2', hashOf(CALL))).toBeUndefined();
    expect(consumeCallApproval(store, 's1', 'f'.repeat(64))).toBeUndefined();
    const used = consumeCallApproval(store, 's1', hashOf(CALL), T1);
    expect(used).toMatchObject({ id: a.id, data: { status: 'approved', decidedAt: T1.toISOString() } });
    expect(consumeCallApproval(store, 's1', hashOf(CALL))).toBeUndefined();
    expect(events(store)).toEqual(['requested', 'approved', 'used']);
    expect(store.audit()[1]?.data).toMatchObject({ by: 'cli', id: a.id });
    expect(store.verifyAudit()).toEqual({ ok: true, count: 3 });
  });

  it('returns a denied call as denied, once', () => {
    const a = requestCallApproval(store, CALL, T0);
    expect(decideApproval(store, a.id, 'deny', T1)).toMatchObject({ ok: true });
    expect(listPending(store)).toEqual([]);
    expect(requestCallApproval(store, CALL, T1).data.status).toBe('denied'); // the retry sees the refusal
    expect(consumeCallApproval(store, 's1', hashOf(CALL))?.data.status).toBe('denied');
    expect(consumeCallApproval(store, 's1', hashOf(CALL))).toBeUndefined();
    expect(events(store)).toEqual(['requested', 'denied', 'used']);
  });

  it('refuses unknown ids and second decisions', () => {
    const a = requestCallApproval(store, CALL, T0);
    const unknown = decideApproval(store, 'nope', 'approve');
    expect(unknown).toEqual({ ok: false, error: expect.stringContaining('mcp-trust pending') });
    decideApproval(store, a.id, 'deny', T1);
    expect(decideApproval(store, a.id, 'approve')).toEqual({
      ok: false,
      error: `approval ${a.id} was already denied at ${T1.toISOString()}`,
    });
    expect(consumeCallApproval(store, 's1', hashOf(CALL))?.data.status).toBe('denied');
  });

  it('quarantines a changed tool definition until it is approved, then pins it', () => {
    const p = requestPinApproval(store, PIN, T0);
    expect(p).toMatchObject({ session: '*', data: { kind: 'pin', status: 'pending', ...PIN } });
    expect(requestPinApproval(store, PIN, T1).id).toBe(p.id);
    expect(requestPinApproval(store, { ...PIN, digest: 'c'.repeat(64) }, T1).id).not.toBe(p.id);
    expect(listPending(store).map((x) => x.id)[0]).toBe(p.id);
    expect(decideApproval(store, p.id, 'approve', T1)).toMatchObject({ ok: true });
    expect(store.getPin('files', 'read_file')).toEqual({
      server: 'files',
      tool: 'read_file',
      digest: PIN.digest,
      at: T1.toISOString(),
    });
    expect(store.listApprovals().map((x) => x.id)).not.toContain(p.id);
    expect(events(store)).toEqual(['requested', 'requested', 'approved']);
  });

  it('keeps a denied pin denied, so the gateway does not ask again', () => {
    const p = requestPinApproval(store, PIN, T0);
    decideApproval(store, p.id, 'deny', T1);
    expect(store.getPin('files', 'read_file')).toBeUndefined();
    expect(requestPinApproval(store, PIN, T1).data.status).toBe('denied');
    expect(listPending(store)).toEqual([]);
  });

  it('lists pending approvals of both kinds, oldest first', () => {
    const later = requestCallApproval(store, CALL, T1);
    const earlier = requestPinApproval(store, PIN, T0);
    const decided = requestCallApproval(store, { ...CALL, session: 's3' }, T0);
    decideApproval(store, decided.id, 'approve', T1);
    expect(listPending(store).map((a) => a.id)).toEqual([earlier.id, later.id]);
  });

  it('skips malformed entries and never counts them as approved', () => {
    const h = hashOf(CALL);
    const good = {
      kind: 'call',
      status: 'approved',
      server: 'mail',
      tool: 'send_email',
      arguments: CALL.arguments,
      callHash: h,
      rules: [],
      reasons: [],
    };
    const bad = [
      null,
      'approved',
      { ...good, status: 'yes' },
      { ...good, kind: 'other' },
      { ...good, rules: 'x' },
      { ...good, arguments: { to: 'evil@example.com', body: 'hi' } }, // shown args ≠ hashed args
      { ...good, decidedAt: 5 },
    ];
    bad.forEach((data, i) => {
      store.putApproval({ id: `bad${i}`, session: 's1', at: T0.toISOString(), data });
    });
    store.putApproval({ id: 'noat', session: 's1', data: good } as never);
    expect(listPending(store)).toEqual([]);
    expect(consumeCallApproval(store, 's1', h)).toBeUndefined();
    expect(store.listApprovals()).toHaveLength(bad.length + 1);
    expect(decideApproval(store, 'bad2', 'approve')).toMatchObject({ ok: false, error: /unreadable/ });
    expect(decideApproval(store, 'bad2', 'deny')).toMatchObject({ ok: false, error: /removed/ });
    expect(store.listApprovals()).toHaveLength(bad.length);
    // A well-formed copy is understood.
    expect(readApproval({ id: 'x', session: 's1', at: T0.toISOString(), data: good })).toBeDefined();
    // A new request does not reuse an id an unreadable entry holds.
    const a = requestCallApproval(store, CALL, T0);
    expect(a.data.status).toBe('pending');
  });

  it('lengthens the id when its prefix is already taken by another approval', () => {
    const first = requestCallApproval(store, CALL, T0);
    const squatted = first.id;
    store.takeApproval(squatted);
    store.putApproval({ id: squatted, session: 'other', at: T0.toISOString(), data: null });
    const again = requestCallApproval(store, CALL, T0);
    expect(again.id).toHaveLength(16);
    expect(again.id.startsWith(squatted)).toBe(true);
    expect(requestCallApproval(store, CALL, T1).id).toBe(again.id);
  });
});
