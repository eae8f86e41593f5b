import { BOTTOM, leq, makeLabel } from '@mcp-trust/core';
import type { SessionState } from '@mcp-trust/engine';
import type { JsonValue, Store } from '@mcp-trust/store';
import { hashRecord } from '@mcp-trust/store';
import { afterEach, describe, expect, it } from 'vitest';

/** One backend under test. Every `open()` is a restart over the same backing data. */
export interface StoreHarness {
  open(): Store;
  /** Rewrites record `seq`'s data behind the store's back, as an attacker with file access would. */
  tamper(seq: number, data: JsonValue): void;
  dispose?(): void;
}

const TAINTED = makeLabel({ openWorld: true, private: true, sources: ['untrustedPublic'] });

function state(id: string, label = BOTTOM, extra: Partial<SessionState> = {}): SessionState {
  return { version: 1, id, label, counters: {}, clock: 0, labels: [], values: [], prompts: [], ...extra };
}

/**
 * The cases every store backend must pass (memory, SQLite, and later Redis and PostgreSQL), in
 * the manner of hono's common.case.test.ts. Call it from a backend's test file.
 */
export function storeConformance(name: string, makeHarness: () => StoreHarness): void {
  describe(`store conformance: ${name}`, () => {
    let harness: StoreHarness | undefined;
    const opened: Store[] = [];
    const open = (): Store => {
      harness ??= makeHarness();
      const store = harness.open();
      opened.push(store);
      return store;
    };
    const restart = (store: Store): Store => {
      store.close();
      return open();
    };
    afterEach(() => {
      for (const s of opened.splice(0)) {
        try {
          s.close();
        } catch {
          // closing twice is allowed to throw; the test already finished with it
        }
      }
      harness?.dispose?.();
      harness = undefined;
    });

    describe('sessions', () => {
      it('knows nothing of an unsaved session', () => {
        expect(open().loadSession('nope')).toBeUndefined();
      });

      it('round-trips a session, values and all', () => {
        const store = open();
        const saved = state('s1', TAINTED, {
          clock: 3,
          labels: [TAINTED],
          values: [['acct-1234', 0, 3]],
          prompts: [['send the report', 1]],
        });
        store.saveSession(saved);
        expect(store.loadSession('s1')).toEqual(saved);
      });

      it('never lowers a stored label: a clean save merges, it does not replace', () => {
        const store = open();
        store.saveSession(state('s1', TAINTED));
        store.saveSession(state('s1', BOTTOM));
        expect(leq(TAINTED, store.loadSession('s1')!.label)).toBe(true);
      });

      it('keeps the label across a restart, so a restart cannot launder taint', () => {
        let store = open();
        store.saveSession(state('s1', TAINTED));
        store = restart(store);
        store.saveSession(state('s1', BOTTOM));
        expect(leq(TAINTED, store.loadSession('s1')!.label)).toBe(true);
      });

      it('merges each save into the last: values saved earlier stay', () => {
        const store = open();
        store.saveSession(
          state('s1', TAINTED, { clock: 1, labels: [TAINTED], values: [['first-value', 0, 1]] }),
        );
        store.saveSession(
          state('s1', BOTTOM, { clock: 2, labels: [BOTTOM], values: [['second-value', 0, 2]] }),
        );
        const keys = store.loadSession('s1')!.values.map(([k]) => k);
        expect(keys).toEqual(['first-value', 'second-value']);
      });

      it('merges with what another writer stored since its own last save', () => {
        const a = open();
        const b = open();
        a.saveSession(state('s1', BOTTOM, { clock: 1, labels: [BOTTOM], values: [['from-a-1', 0, 1]] }));
        b.saveSession(state('s1', TAINTED, { clock: 1, labels: [TAINTED], values: [['from-b', 0, 1]] }));
        a.saveSession(state('s1', BOTTOM, { clock: 2, labels: [BOTTOM], values: [['from-a-2', 0, 2]] }));
        const stored = a.loadSession('s1')!;
        expect(stored.values.map(([k]) => k).sort()).toEqual(['from-a-1', 'from-a-2', 'from-b']);
        expect(leq(TAINTED, stored.label)).toBe(true);
      });

      it('keeps sessions apart', () => {
        const store = open();
        store.saveSession(state('a', TAINTED));
        store.saveSession(state('b', BOTTOM));
        expect(store.loadSession('b')!.label).toEqual(BOTTOM);
      });
    });

    describe('audit log', () => {
      it('verifies an empty log', () => {
        expect(open().verifyAudit()).toEqual({ ok: true, count: 0 });
      });

      it('chains records: seq counts up, prev is the previous hash, hash covers the record', () => {
        const store = open();
        const a = store.appendAudit({ session: 's1', kind: 'call', data: { tool: 'x' } });
        const b = store.appendAudit({ session: 's1', kind: 'decision', data: { allow: false } });
        expect([a.seq, b.seq]).toEqual([1, 2]);
        expect(a.prev).toBe('0'.repeat(64));
        expect(b.prev).toBe(a.hash);
        // The receipt is the record without its data; the data reads back as it went in.
        const [, stored] = store.audit();
        expect(stored).toEqual({ ...b, data: { allow: false } });
        const { hash, ...rest } = stored!;
        expect(hash).toBe(hashRecord(rest));
        expect(store.verifyAudit()).toEqual({ ok: true, count: 2 });
      });

      it('hashes canonically: key order does not change the hash', () => {
        const r = open().appendAudit({ session: 's', kind: 'label', data: { a: 1, b: [2, { c: 3, d: 4 }] } });
        const { hash, ...rest } = r;
        expect(hashRecord({ ...rest, data: { b: [2, { d: 4, c: 3 }], a: 1 } })).toBe(hash);
        expect(hashRecord({ ...rest, data: { b: [2, { d: 4, c: 4 }], a: 1 } })).not.toBe(hash);
      });

      it('returns records after a seq, up to a limit, oldest first', () => {
        const store = open();
        for (let i = 0; i < 5; i++) store.appendAudit({ session: 's', kind: 'call', data: i });
        expect(store.audit().map((r) => r.data)).toEqual([0, 1, 2, 3, 4]);
        expect(store.audit({ after: 2, limit: 2 }).map((r) => r.seq)).toEqual([3, 4]);
        expect(store.audit({ after: 5 })).toEqual([]);
      });

      it('detects a tampered record at its seq', () => {
        const store = open();
        for (let i = 0; i < 4; i++)
          store.appendAudit({ session: 's', kind: 'decision', data: { allow: false } });
        harness!.tamper(3, { allow: true });
        const verdict = store.verifyAudit();
        expect(verdict.ok).toBe(false);
        if (!verdict.ok) expect(verdict.at).toBe(3);
      });

      it('chains logged records in the order they were logged, between appended ones', () => {
        const store = open();
        store.logAudit({ session: 's', kind: 'decision', data: { n: 1 }, at: '2026-01-01T00:00:00.000Z' });
        store.logAudit({ session: 's', kind: 'decision', data: { n: 2 } });
        const third = store.appendAudit({ session: 's', kind: 'approval', data: { n: 3 } });
        store.logAudit({ session: 't', kind: 'label', data: { n: 4, z: [1, { b: 2, a: 1 }] } });
        expect(third.seq).toBe(3);
        const records = store.audit();
        expect(records.map((r) => [r.seq, r.session, r.kind, r.data])).toEqual([
          [1, 's', 'decision', { n: 1 }],
          [2, 's', 'decision', { n: 2 }],
          [3, 's', 'approval', { n: 3 }],
          [4, 't', 'label', { n: 4, z: [1, { a: 1, b: 2 }] }],
        ]);
        expect(records[0]!.at).toBe('2026-01-01T00:00:00.000Z');
        expect(records[2]!.prev).toBe(records[1]!.hash);
        expect(store.verifyAudit()).toEqual({ ok: true, count: 4 });
      });

      it('keeps logged records across a restart', () => {
        let store = open();
        for (let i = 0; i < 3; i++) store.logAudit({ session: 's', kind: 'call', data: i });
        store = restart(store);
        store.logAudit({ session: 's', kind: 'call', data: 3 });
        expect(store.audit().map((r) => r.data)).toEqual([0, 1, 2, 3]);
        expect(store.verifyAudit()).toEqual({ ok: true, count: 4 });
      });

      it('survives a restart and continues the chain', () => {
        let store = open();
        const first = store.appendAudit({ session: 's', kind: 'call', data: null });
        store = restart(store);
        expect(store.audit()).toEqual([{ ...first, data: null }]);
        const next = store.appendAudit({ session: 's', kind: 'call', data: null });
        expect(next.seq).toBe(2);
        expect(next.prev).toBe(first.hash);
        expect(store.verifyAudit()).toEqual({ ok: true, count: 2 });
      });
    });

    describe('approvals', () => {
      const approval = { id: 'ap1', session: 's1', at: '2026-01-01T00:00:00.000Z', data: { tool: 'send' } };

      it('lists pending approvals and hands each out exactly once', () => {
        const store = open();
        store.putApproval(approval);
        store.putApproval({ ...approval, id: 'ap2' });
        expect(
          store
            .listApprovals()
            .map((a) => a.id)
            .sort(),
        ).toEqual(['ap1', 'ap2']);
        expect(store.takeApproval('ap1')).toEqual(approval);
        expect(store.takeApproval('ap1')).toBeUndefined();
        expect(store.listApprovals().map((a) => a.id)).toEqual(['ap2']);
      });

      it('keeps pending approvals across a restart', () => {
        let store = open();
        store.putApproval(approval);
        store = restart(store);
        expect(store.takeApproval('ap1')).toEqual(approval);
      });
    });

    describe('pins', () => {
      const pin = { server: 'mail', tool: 'send', digest: 'abc', at: '2026-01-01T00:00:00.000Z' };

      it('stores, replaces and keeps pins by server and tool', () => {
        let store = open();
        expect(store.getPin('mail', 'send')).toBeUndefined();
        store.putPin(pin);
        store.putPin({ ...pin, tool: 'read', digest: 'def' });
        store.putPin({ ...pin, digest: 'xyz' });
        store = restart(store);
        expect(store.getPin('mail', 'send')).toEqual({ ...pin, digest: 'xyz' });
        expect(store.getPin('mail', 'read')?.digest).toBe('def');
        expect(store.getPin('other', 'send')).toBeUndefined();
      });
    });

    it('refuses to work once closed', () => {
      const store = open();
      store.close();
      expect(() => store.appendAudit({ session: 's', kind: 'call', data: null })).toThrow();
      expect(() => store.logAudit({ session: 's', kind: 'call', data: null })).toThrow();
    });
  });
}
