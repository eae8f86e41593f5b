import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashRecord, sealRecord } from '../src/audit-chain.js';

describe('sealRecord', () => {
  it('hashes exactly what hashRecord re-hashes when verifying, whatever the data', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), fc.string(), fc.nat(), (data, session, kind, seq) => {
        const input = { session, kind, data: data as never, at: '2026-11-22T00:00:00.000Z' };
        const r = sealRecord({ seq, hash: 'f'.repeat(64) }, input);
        expect(r.hash).toBe(hashRecord(r));
        expect(r.seq).toBe(seq + 1);
      }),
    );
  });

  it('stores what JSON can hold, as the hash saw it', () => {
    const r = sealRecord(undefined, {
      session: 's',
      kind: 'k',
      data: { b: 1, a: [undefined, 2], u: undefined } as never,
    });
    expect(r.data).toEqual({ a: [null, 2], b: 1 });
    expect(r.hash).toBe(hashRecord(r));
    expect(sealRecord(undefined, { session: 's', kind: 'k', data: undefined as never }).data).toBeNull();
  });
});
