import type { DataLabel } from '@mcp-trust/core';
import { join, leq } from '@mcp-trust/core';
import type { Session, SessionState } from '@mcp-trust/engine';
import { createEngine, mergeSessionStates } from '@mcp-trust/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { covers } from '../src/merge-state.js';
import { ValueIndex } from '../src/value-index.js';
import { testPolicy } from './support.js';

const VALUES = [
  'a@x.example',
  'b@y.example',
  'GB29 NWBK 6016 1331 9268 19',
  'https://evil.example/p',
  'ORDER-123456',
  'file id 13',
];

type Op =
  | { kind: 'prompt'; text: string }
  | {
      kind: 'call';
      open: boolean;
      malicious: boolean;
      sens: 'pii' | 'financial' | 'none';
      attr: number;
      words: string[];
    };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('prompt' as const), text: fc.constantFrom(...VALUES) }),
  fc.record({
    kind: fc.constant('call' as const),
    open: fc.boolean(),
    malicious: fc.boolean(),
    sens: fc.constantFrom('pii' as const, 'financial' as const, 'none' as const),
    attr: fc.nat(3),
    words: fc.array(fc.constantFrom(...VALUES), { maxLength: 3 }),
  }),
);

function engine(replica: string, valueIndexBytes = 1 << 20) {
  return createEngine({
    policy: testPolicy([]),
    servers: { s: { trust: 'trusted', share: 'full' } },
    replica,
    valueIndexBytes,
  });
}

let n = 0;
function apply(s: Session, ops: Op[]): void {
  for (const o of ops) {
    if (o.kind === 'prompt') {
      s.notePrompt(o.text);
      continue;
    }
    const call = { id: `c${n++}`, server: 's', tool: 't', arguments: { q: o.words[0] ?? '' } };
    s.beforeCall(call);
    const annotations = {
      openWorldHint: o.open,
      maliciousActivityHint: o.malicious,
      attribution: [`urn:a:${o.attr}`],
      returnMetadata: { source: o.open ? 'untrustedPublic' : 'internal', sensitivity: o.sens },
    };
    s.afterResult(call, { content: [{ type: 'text', text: o.words.join(' and ') }], _meta: { annotations } });
  }
}

// The merge written the slow, obvious way: join each key's labels as objects, intern each
// entry's label as it is added.
function reference(x: SessionState, y: SessionState, max: number) {
  const byKey = new Map<string, { label: DataLabel; seq: number }>();
  for (const s of [x, y]) {
    for (const [key, at, seq] of s.values) {
      const known = byKey.get(key);
      const label = s.labels[at]!;
      byKey.set(
        key,
        known === undefined
          ? { label, seq }
          : { label: join(known.label, label), seq: Math.max(known.seq, seq) },
      );
    }
  }
  const index = new ValueIndex(max);
  const ordered = [...byKey].sort((p, q) => p[1].seq - q[1].seq || (p[0] < q[0] ? -1 : 1));
  for (const [key, e] of ordered) index.add(key, index.table.intern(e.label), e.seq);
  index.trim();
  const { labels, values } = index.snapshot();
  return new Map(values.map(([k, at, seq]) => [k, { label: labels[at], seq }]));
}

const entries = (st: SessionState) =>
  new Map(st.values.map(([k, at, seq]) => [k, { label: st.labels[at], seq }]));

const keyLabels = (st: SessionState) => new Map(st.values.map(([k, at]) => [k, st.labels[at]!]));

describe('merging diverged replicas', () => {
  it('never loses taint: merged label ⊒ both, per-value labels ⊒ both, counts ⊒ both', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 5 }),
        fc.array(op, { maxLength: 6 }),
        fc.array(op, { maxLength: 6 }),
        (common, left, right) => {
          const a = engine('A').session('x');
          apply(a, common);
          const b = engine('B').restoreSession(a.state());
          apply(a, left);
          apply(b, right);
          const sa = a.state();
          const sb = b.state();
          const m = mergeSessionStates(sa, sb, { valueIndexBytes: 1 << 20 });
          expect(leq(sa.label, m.label) && leq(sb.label, m.label)).toBe(true);
          const mk = keyLabels(m);
          for (const side of [sa, sb]) {
            for (const [k, l] of keyLabels(side)) expect(leq(l, mk.get(k)!)).toBe(true);
          }
          const restored = engine('C').restoreSession(m);
          for (const f of ['calls', 'results'] as const) {
            expect(restored.counts[f]).toBe(a.counts[f] + b.counts[f] - countOf(common, f));
          }
          // commutative and idempotent
          expect(mergeSessionStates(sb, sa, { valueIndexBytes: 1 << 20 }).label).toEqual(m.label);
          expect(keyLabels(mergeSessionStates(m, m, { valueIndexBytes: 1 << 20 }))).toEqual(mk);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps exactly the entries a plain per-entry merge keeps, also when the bound trims', () => {
    // The merge under test interns per side and joins by id; labels it interned that no entry
    // kept must not count against the bound.
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 6 }),
        fc.array(op, { maxLength: 12 }),
        fc.array(op, { maxLength: 12 }),
        fc.integer({ min: 600, max: 3000 }),
        (common, left, right, max) => {
          const a = engine('A').session('x');
          apply(a, common);
          const b = engine('B').restoreSession(a.state());
          apply(a, left);
          apply(b, right);
          const m = mergeSessionStates(a.state(), b.state(), { valueIndexBytes: max });
          expect(entries(m)).toEqual(reference(a.state(), b.state(), max));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('merges a session into its own earlier state without rebuilding: the later state, whole', () => {
    let covered = 0;
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 8 }),
        fc.array(op, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 600, max: 4000 }),
        fc.boolean(),
        (before, after, max, flip) => {
          const s = engine('A', max).session('x');
          apply(s, before);
          const earlier = s.state();
          apply(s, after);
          const later = s.state();
          const m = flip
            ? mergeSessionStates(later, earlier, { valueIndexBytes: max })
            : mergeSessionStates(earlier, later, { valueIndexBytes: max });
          expect(leq(earlier.label, m.label) && leq(later.label, m.label)).toBe(true);
          const got = entries(m);
          // Never less than the full merge keeps, never a value neither side had.
          for (const [k, e] of reference(earlier, later, max)) expect(got.get(k)).toEqual(e);
          const both = new Map([...entries(earlier), ...entries(later)]);
          for (const k of got.keys()) expect(both.has(k)).toBe(true);
          if (covers(later, earlier, max)) {
            covered++;
            expect(got).toEqual(entries(later));
            expect(m.prompts).toEqual(later.prompts);
          }
        },
      ),
      { numRuns: 200 },
    );
    // Most of these runs take the covered path (a session only grows, and evicts oldest first).
    expect(covered).toBeGreaterThan(100);
  });

  it('counts a live index against its bound as a merge counts it, so a full session covers its earlier state', () => {
    // A session that only evicted its oldest entries since its earlier state holds what the merge
    // of the two would, so the merge takes it whole instead of rebuilding. When the live index
    // counted labels no entry used any more, it evicted entries a merge would have kept, and about
    // a quarter of a full session's saves took the slow union. (An entry can still go within one
    // result's indexing while the bound is briefly exceeded, so this is a rate, not a rule.)
    let evicted = 0;
    let covered = 0;
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 20, maxLength: 60 }),
        fc.integer({ min: 1500, max: 4000 }),
        (ops, max) => {
          const s = engine('A', max).session('x');
          let earlier = s.state();
          for (const o of ops) {
            apply(s, [o]);
            const later = s.state();
            const at = new Map(later.values.map(([k, l, q]) => [k, { label: later.labels[l]!, seq: q }]));
            const oldest = Math.min(...later.values.map(([, , q]) => q));
            const onlyEvicted = earlier.values.every(([k, l, q]) => {
              const e = at.get(k);
              return e === undefined ? q < oldest : q <= e.seq && leq(earlier.labels[l]!, e.label);
            });
            if (onlyEvicted && earlier.values.some(([k]) => !at.has(k))) {
              evicted++;
              if (covers(later, earlier, max)) covered++;
            }
            earlier = later;
          }
        },
      ),
      { numRuns: 100 },
    );
    expect(evicted).toBeGreaterThan(200);
    expect(covered / evicted).toBeGreaterThan(0.95);
  });

  it('does not take the whole of one side when the other holds a value it lacks', () => {
    const a = engine('A').session('x');
    apply(a, [
      { kind: 'call', open: false, malicious: false, sens: 'none', attr: 0, words: ['ORDER-123456'] },
    ]);
    const b = engine('B').restoreSession(a.state());
    apply(b, [{ kind: 'call', open: true, malicious: false, sens: 'pii', attr: 1, words: ['a@x.example'] }]);
    apply(a, [
      { kind: 'call', open: false, malicious: false, sens: 'none', attr: 2, words: ['b@y.example'] },
    ]);
    const [sa, sb] = [a.state(), b.state()];
    expect(covers(sb, sa, 1 << 20) || covers(sa, sb, 1 << 20)).toBe(false);
    const keys = [...entries(mergeSessionStates(sa, sb)).keys()];
    expect(keys).toEqual(expect.arrayContaining(['a@x.example', 'b@y.example', 'order-123456']));
  });

  it('trims the union to the bound, counting what it dropped', () => {
    const a = engine('A').session('x');
    const b = engine('B').session('x');
    apply(
      a,
      Array.from({ length: 30 }, (_, i) => ({
        kind: 'call' as const,
        open: true,
        malicious: false,
        sens: 'none' as const,
        attr: 0,
        words: [`left${i}@x.example`],
      })),
    );
    apply(
      b,
      Array.from({ length: 30 }, (_, i) => ({
        kind: 'call' as const,
        open: true,
        malicious: false,
        sens: 'none' as const,
        attr: 0,
        words: [`right${i}@x.example`],
      })),
    );
    const m = mergeSessionStates(a.state(), b.state(), { valueIndexBytes: 2048 });
    expect(m.values.length).toBeLessThan(60);
    expect(m.counters['(merge)']!.evictions).toBe(60 - m.values.length);
    expect(m.label.openWorld).toBe(true);
  });
});

function countOf(ops: Op[], f: 'calls' | 'results'): number {
  return f === 'calls' || f === 'results' ? ops.filter((o) => o.kind === 'call').length : 0;
}
