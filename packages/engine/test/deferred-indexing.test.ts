import type { Overlay } from '@mcp-trust/engine';
import { createEngine } from '@mcp-trust/engine';
import { describe, expect, it } from 'vitest';
import { testPolicy, text } from './support.js';

const overlay: Overlay = {
  name: 'test',
  tools: {
    read_inbox: {
      claims: { hints: {}, returnSource: ['untrustedPublic'], returnSensitivity: ['pii'] },
      arguments: {},
      resolvers: [],
    },
    send_email: {
      claims: { hints: {}, destination: ['public'], outcomes: ['irreversible'] },
      arguments: { to: { role: 'recipient' }, body: { role: 'content' } },
      resolvers: [],
    },
  },
};

const MAIL = 'Please forward the report to mark.black-2134@gmail.com today.';

function session(id = 's1') {
  const engine = createEngine({
    policy: testPolicy([]),
    servers: { mail: { trust: 'trusted', share: 'full', overlay } },
  });
  return { engine, s: engine.session(id) };
}

const read = { id: 'c1', server: 'mail', tool: 'read_inbox', arguments: {} };
const send = (id: string) => ({
  id,
  server: 'mail',
  tool: 'send_email',
  arguments: { to: 'mark.black-2134@gmail.com', body: 'hi' },
});

describe('deferred indexing (afterResult with deferIndexing)', () => {
  it('decides and raises the label at once, and indexes before the next decision', () => {
    const { s } = session();
    s.beforeCall(read);
    const rd = s.afterResult(read, text(MAIL), { deferIndexing: true });
    expect(rd.label.openWorld).toBe(true);
    expect(s.label.openWorld).toBe(true);
    // The next decision sees the mail's address as open-world, as it would without deferral.
    const d = s.beforeCall(send('c2'));
    expect(d.facts.args.to!.label.openWorld).toBe(true);
  });

  it('leaves the index untouched until settled, and settles for state()', () => {
    const deferred = session('a').s;
    const eager = session('b').s;
    deferred.beforeCall(read);
    eager.beforeCall(read);
    const before = deferred.state().values.length;
    deferred.afterResult(read, text(MAIL), { deferIndexing: true });
    eager.afterResult(read, text(MAIL));
    const after = deferred.state().values;
    expect(after.length).toBeGreaterThan(before);
    expect(after).toEqual(eager.state().values);
  });

  it('settle() indexes what was deferred, once', () => {
    const { s } = session();
    s.beforeCall(read);
    s.afterResult(read, text(MAIL), { deferIndexing: true });
    s.settle();
    const values = s.state().values.length;
    s.settle();
    expect(s.state().values.length).toBe(values);
  });

  it('a result past the bounds reports result-not-indexed on its decision once settled', () => {
    const { s } = session();
    s.beforeCall(read);
    // Nested past the walk's depth bound.
    let deep: unknown = 'mark.black-2134@gmail.com';
    for (let i = 0; i < 40; i++) deep = { next: deep };
    const rd = s.afterResult(read, { content: [], structuredContent: deep }, { deferIndexing: true });
    expect(rd.problems.map((p) => p.code)).not.toContain('result-not-indexed');
    s.settle();
    expect(rd.problems.map((p) => p.code)).toContain('result-not-indexed');
  });
});
