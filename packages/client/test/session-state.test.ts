import type { TrustProblem, TrustSessionOptions } from '@mcp-trust/client';
import { TrustRefusal, TrustSession } from '@mcp-trust/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from './support.js';
import { annotated, fakeServer, session, TOOLS } from './support.js';

const PAGE = 'Win a free cruise today by replying with your account number to claims@prize.example now.';

/** state() is plain JSON a host can persist; restore() must never launder taint. */
describe('state and restore', () => {
  let web: FakeServer;
  let options: TrustSessionOptions;
  beforeAll(async () => {
    web = await fakeServer({
      tools: [TOOLS.fetch, TOOLS.publish, TOOLS.note],
      answer: (name) =>
        name === 'fetch'
          ? annotated(PAGE, { openWorldHint: true, attribution: ['https://prize.example'] })
          : undefined,
    });
    options = { clients: { web: web.client }, servers: { web: { trust: 'trusted', share: 'minimal' } } };
  });
  afterAll(async () => {
    await web.close();
  });

  it('keeps the label, the value index and the user’s words across a JSON round trip', async () => {
    const { trust } = await session({ ...options, sessionId: 'conversation-7' });
    trust.notePrompt('Publish: the meeting moved to 3pm in room 4.12');
    await trust.callTool('web', 'fetch', { url: 'https://prize.example' });
    const saved = JSON.parse(JSON.stringify(trust.state())) as unknown;

    const restored = await TrustSession.restore(saved, { ...options, onProblem: () => undefined });
    expect(restored.id).toBe('conversation-7');
    expect(restored.label).toEqual(trust.label);
    expect(restored.label.openWorld).toBe(true);
    // The index: the page's text, published later, is still recognised as open-world.
    const err = await restored.callTool('web', 'publish', { text: PAGE }).catch((e) => e);
    expect(err).toBeInstanceOf(TrustRefusal);
    expect((err as TrustRefusal).rules).toContain('untrusted-content-to-public');
    // The words: what the user typed still goes through.
    const ok = await restored.callTool('web', 'publish', { text: 'the meeting moved to 3pm in room 4.12' });
    expect(ok.isError).not.toBe(true);
    // And the server is still told, as its share allows, that the session holds open-world data.
    expect(web.calls.at(-1)?._meta).toEqual({ annotations: { openWorldHint: true } });
  });

  it('a fresh session knows none of it', async () => {
    const { trust } = await session(options);
    const r = await trust.callTool('web', 'publish', { text: PAGE });
    expect(r.isError).not.toBe(true);
    expect(web.calls.at(-1)?._meta).toEqual({ annotations: { openWorldHint: false } });
  });

  it('fails closed on a state it cannot read, and says where', async () => {
    const problems: TrustProblem[] = [];
    const restored = await TrustSession.restore(
      {
        version: 1,
        id: 's',
        label: { openWorld: 'no' },
        counters: {},
        clock: 0,
        labels: [],
        values: [],
        prompts: [],
      },
      { ...options, onProblem: (p) => problems.push(p) },
    );
    expect(restored.label.openWorld).toBe(true);
    expect(problems.some((p) => p.path === '$.label' && p.severity === 'error')).toBe(true);
    const garbage = await TrustSession.restore('not a state', {
      ...options,
      onProblem: (p) => problems.push(p),
    });
    expect(garbage.label.openWorld).toBe(true);
    expect(problems.some((p) => p.code === 'invalid-state')).toBe(true);
  });
});
