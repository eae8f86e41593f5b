import type { ToolCall } from '@mcp-trust/engine';
import { createEngine } from '@mcp-trust/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testPolicy, text } from './support.js';

function session() {
  const e = createEngine({ policy: testPolicy([]), servers: { s: { trust: 'untrusted', share: 'none' } } });
  return e.session('m');
}

const hostile = new Proxy(
  {},
  {
    ownKeys() {
      throw new Error('trap');
    },
    get() {
      throw new Error('trap');
    },
  },
);

describe('malformed inputs never throw', () => {
  it('calls that are not calls are decided, conservatively, with problems', () => {
    const s = session();
    const seen = { id: 'r', server: 's', tool: 't', arguments: {} };
    s.beforeCall(seen);
    s.afterResult(seen, text('from evil@x.example'));
    for (const bad of [
      null,
      7,
      'call',
      [],
      { id: 1 },
      { id: 'x', server: 's', tool: 't', arguments: 'nope' },
      hostile,
      { id: 'y', server: 's', tool: 't', arguments: hostile },
    ]) {
      const d = s.beforeCall(bad as unknown as ToolCall);
      expect(d.problems.length).toBeGreaterThan(0);
      // Unreadable arguments may hold anything seen; a call that merely lacks fields has no arguments.
      expect(d.facts.argsLabel.openWorld).toBe(
        !(typeof bad === 'object' && bad !== null && 'id' in bad && bad.id === 1),
      );
    }
  });

  it('results that are not results are labelled and recorded', () => {
    const s = session();
    for (const bad of [
      null,
      'text',
      { content: 'x' },
      { content: [null, 1, { type: 'text', text: 5 }] },
      { _meta: { annotations: 'x' } },
      hostile,
    ]) {
      const call = { id: 'q', server: 's', tool: 't', arguments: {} };
      s.beforeCall(call);
      expect(() => s.afterResult(call, bad)).not.toThrow();
    }
    expect(s.counts.results).toBe(6);
    expect(s.label.openWorld).toBe(true);
  });

  it('a result for a call never seen is labelled with the default contract and recorded', () => {
    const s = session();
    const r = s.afterResult({ id: 'ghost', server: 's', tool: 't', arguments: {} }, text('hi'));
    expect(r.problems.map((p) => p.code)).toContain('unknown-call');
    expect(r.label.openWorld).toBe(true);
    expect(s.counts.results).toBe(1);
  });

  it('a throwing policy fails closed', () => {
    const e = createEngine({
      policy: {
        mode: 'enforce',
        evaluate: () => {
          throw new Error('boom');
        },
      },
      servers: {},
    });
    const d = e.session('x').beforeCall({ id: '1', server: 'a', tool: 'b', arguments: {} });
    expect(d.verdict.decision).toBe('escalate');
    expect(d.verdict.errors).toHaveLength(1);
  });

  it('random JSON as call, result and resolve answer', () => {
    const s = session();
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.jsonValue(), (call, result, resolved) => {
        s.beforeCall(call as unknown as ToolCall, { resolved });
        s.afterResult(call as unknown as ToolCall, result);
      }),
      { numRuns: 300 },
    );
  });
});
