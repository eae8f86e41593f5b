import { BOTTOM, isBottom, join, joinAll, labelEquals, leq, makeLabel } from '@mcp-trust/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labelArb } from './arbitraries.js';

const eq = (a: Parameters<typeof labelEquals>[0], b: Parameters<typeof labelEquals>[1]) => labelEquals(a, b);

describe('the label lattice', () => {
  it('join is commutative', () => {
    fc.assert(fc.property(labelArb, labelArb, (a, b) => eq(join(a, b), join(b, a))));
  });

  it('join is associative', () => {
    fc.assert(
      fc.property(labelArb, labelArb, labelArb, (a, b, c) => eq(join(join(a, b), c), join(a, join(b, c)))),
    );
  });

  it('join is idempotent', () => {
    fc.assert(fc.property(labelArb, (a) => eq(join(a, a), a)));
  });

  it('bottom is the identity of join and below everything', () => {
    fc.assert(
      fc.property(labelArb, (a) => eq(join(BOTTOM, a), a) && eq(join(a, BOTTOM), a) && leq(BOTTOM, a)),
    );
  });

  it('join is an upper bound of both sides, and the least one', () => {
    fc.assert(
      fc.property(labelArb, labelArb, labelArb, (a, b, c) => {
        const j = join(a, b);
        if (!leq(a, j) || !leq(b, j)) return false;
        // any other upper bound is above the join
        return !(leq(a, c) && leq(b, c)) || leq(j, c);
      }),
    );
  });

  it('join is monotone: a ⊑ b implies a ⊔ c ⊑ b ⊔ c', () => {
    fc.assert(
      fc.property(labelArb, labelArb, labelArb, (a, d, c) => {
        const b = join(a, d); // guarantees a ⊑ b
        return leq(a, b) && leq(join(a, c), join(b, c));
      }),
    );
  });

  it('leq agrees with join: a ⊑ b iff a ⊔ b = b', () => {
    fc.assert(fc.property(labelArb, labelArb, (a, b) => leq(a, b) === eq(join(a, b), b)));
  });

  it('leq is antisymmetric', () => {
    fc.assert(fc.property(labelArb, labelArb, (a, b) => !(leq(a, b) && leq(b, a)) || eq(a, b)));
  });

  it('a session never goes down: folding results only grows the label', () => {
    fc.assert(
      fc.property(fc.array(labelArb, { maxLength: 12 }), (results) => {
        let session = BOTTOM;
        for (const r of results) {
          const next = join(session, r);
          if (!leq(session, next)) return false;
          session = next;
        }
        return eq(session, joinAll(results));
      }),
    );
  });

  it('merging two replicas in either order gives the same state', () => {
    fc.assert(
      fc.property(fc.array(labelArb, { maxLength: 6 }), fc.array(labelArb, { maxLength: 6 }), (xs, ys) => {
        const a = joinAll(xs);
        const b = joinAll(ys);
        return eq(join(a, b), joinAll([...ys, ...xs]));
      }),
    );
  });

  it('joins field by field', () => {
    const web = makeLabel({ sources: ['untrustedPublic'], attribution: ['https://example.com/a'] });
    const hr = makeLabel({
      sources: ['internal'],
      sensitivity: ['financial', { regulated: { scopes: ['gdpr'] } }],
      sensitiveLevel: 'medium',
      private: true,
    });
    const j = join(web, hr);
    expect(j).toEqual({
      openWorld: true,
      malicious: false,
      private: true,
      sensitiveLevel: 'medium',
      sources: ['internal', 'untrustedPublic'],
      sensitivity: ['financial', 'regulated:GDPR'],
      attribution: ['https://example.com/a'],
    });
    expect(isBottom(j)).toBe(false);
    expect(isBottom(joinAll([]))).toBe(true);
  });

  it('makeLabel canonicalises: sorted sets, none dropped, untrustedPublic means open-world', () => {
    const l = makeLabel({
      sources: ['user', 'untrustedPublic', 'user'],
      sensitivity: ['pii', 'none', 'pii'],
    });
    expect(l.sources).toEqual(['untrustedPublic', 'user']);
    expect(l.sensitivity).toEqual(['pii']);
    expect(l.openWorld).toBe(true);
  });
});
