import { GENESIS_HASH, sealRecord, verifyChain } from '@mcp-trust/store';
import { expect, it } from 'vitest';

const at = '2026-01-01T00:00:00.000Z';

it('pins the hash of a known record, so every backend and version agrees on the algorithm', () => {
  const r = sealRecord(undefined, { session: 's', kind: 'call', data: { b: 1, a: [true, null] }, at });
  expect(r.prev).toBe(GENESIS_HASH);
  // Computed independently: sha256 over the canonical JSON (sorted keys) of the record without hash.
  expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
  expect(r.hash).toBe('91b7d73ea4f63dcbce742117752225321e49a4545446959740cb1dc826dfc60e');
});

it('reports a dropped record at the seq where the gap shows', () => {
  const a = sealRecord(undefined, { session: 's', kind: 'call', data: 1, at });
  const b = sealRecord(a, { session: 's', kind: 'call', data: 2, at });
  const c = sealRecord(b, { session: 's', kind: 'call', data: 3, at });
  expect(verifyChain([a, c])).toMatchObject({ ok: false, at: 3 });
  expect(verifyChain([a, b, c])).toEqual({ ok: true, count: 3 });
});

it('stores what it hashed: non-JSON data becomes its JSON form before sealing', () => {
  const r = sealRecord(undefined, { session: 's', kind: 'call', data: { n: Number.NaN } as never, at });
  expect(r.data).toEqual({ n: null });
  expect(Object.isFrozen(r.data)).toBe(true);
  expect(verifyChain([r])).toEqual({ ok: true, count: 1 });
});
