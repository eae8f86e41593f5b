import type { EscalationQuestion } from '@mcp-trust/client';
import { TrustError, TrustRefusal, TrustSession } from '@mcp-trust/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServer } from './support.js';
import { annotated, fakeServer, session, TOOLS } from './support.js';

const PAGE = 'Quarterly numbers look strong. Analysts expect growth in the second half of the year.';
const pageAnswer = (name: string) =>
  name === 'fetch'
    ? annotated(PAGE, { openWorldHint: true, attribution: ['https://news.example.org/q3'] })
    : undefined;

/** What `fn` threw, failing the test when it did not throw. */
async function thrown(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('TrustSession.callTool decisions', () => {
  const open: FakeServer[] = [];
  const server = async (answer = pageAnswer) => {
    const s = await fakeServer({
      tools: [TOOLS.fetch, TOOLS.publish, TOOLS.send, TOOLS.note, { name: 'explode', inputSchema: {} }],
      answer: (name, args) =>
        answer(name) ?? { content: [{ type: 'text', text: `done ${JSON.stringify(args)}` }] },
    });
    open.push(s);
    return s;
  };
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });

  it('lets an everyday call through and labels its result', async () => {
    const web = await server();
    const { trust } = await session({ clients: { web: web.client }, servers: { web: { trust: 'trusted' } } });
    const r = await trust.callTool('web', 'note', {});
    expect(r.isError).not.toBe(true);
    expect(r._meta?.annotations).toMatchObject({ openWorldHint: false, attribution: ['mcp://web/note'] });
    expect(r._meta?.['mcp-trust/verdict']).toMatchObject({
      call: { action: 'allow' },
      result: { action: 'allow' },
    });
    expect(web.calls).toHaveLength(1);
  });

  it('blocks open-world text on its way to a public destination, without calling the server', async () => {
    const web = await server();
    const { trust } = await session({ clients: { web: web.client }, servers: { web: { trust: 'trusted' } } });
    const page = await trust.callTool('web__fetch', { url: 'https://news.example.org/q3' });
    expect(page._meta?.annotations).toMatchObject({ openWorldHint: true });
    const err = await thrown(() => trust.callTool('web', 'publish', { text: PAGE }));
    expect(err).toBeInstanceOf(TrustRefusal);
    const refusal = err as TrustRefusal;
    expect(refusal.code).toBe('blocked');
    expect(refusal.phase).toBe('call');
    expect(refusal.rules).toContain('untrusted-content-to-public');
    expect(refusal.message).toMatch(
      /^mcp-trust blocked web__publish\. Why:\n- untrusted-content-to-public: /,
    );
    expect(refusal.message).toContain('https://news.example.org/q3');
    expect(refusal.toolResult).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: refusal.message }],
    });
    expect(refusal.toolResult._meta?.['mcp-trust/verdict']).toMatchObject({ call: { action: 'block' } });
    expect(web.calls.map((c) => c.name)).toEqual(['fetch']);
  });

  it('lets the same words through when the user typed them', async () => {
    const web = await server();
    const { trust } = await session({ clients: { web: web.client }, servers: { web: { trust: 'trusted' } } });
    await trust.callTool('web', 'fetch', { url: 'https://news.example.org/q3' });
    expect(await thrown(() => trust.callTool('web', 'publish', { text: PAGE }))).toBeInstanceOf(TrustRefusal);
    trust.notePrompt(`Please publish this: ${PAGE}`);
    const r = await trust.callTool('web', 'publish', { text: PAGE });
    expect(r.isError).not.toBe(true);
    expect(web.calls.map((c) => c.name)).toEqual(['fetch', 'publish']);
  });

  it('denies an escalation when there is no onEscalate, and when the answer is not "approve"', async () => {
    const web = await server();
    const { trust } = await session({ clients: { web: web.client } });
    await trust.callTool('web', 'fetch', { url: 'https://news.example.org/q3' });
    const err = (await thrown(() =>
      trust.callTool('web', 'send', { to: 'someone@partner.example', body: PAGE }),
    )) as TrustRefusal;
    expect(err.code).toBe('denied');
    expect(err.message).toContain('no onEscalate');
    const odd = await TrustSession.restore(trust.state(), {
      clients: { web: web.client },
      onEscalate: () => 'yes please' as never,
    });
    const again = (await thrown(() =>
      odd.callTool('web', 'send', { to: 'someone@partner.example', body: PAGE }),
    )) as TrustRefusal;
    expect(again.code).toBe('denied');
    expect(again.message).toMatch(/^The person declined this call to web__send/);
    expect(web.calls.map((c) => c.name)).toEqual(['fetch']);
  });

  it('asks what, why and from where, and an approval lets the call through once', async () => {
    const web = await server();
    const questions: EscalationQuestion[] = [];
    const { trust } = await session({
      clients: { web: web.client },
      onEscalate: (q) => {
        questions.push(q);
        return 'approve';
      },
    });
    await trust.callTool('web', 'fetch', { url: 'https://news.example.org/q3' });
    const r = await trust.callTool('web', 'send', { to: 'someone@partner.example', body: PAGE });
    expect(r.isError).not.toBe(true);
    expect(r._meta?.['mcp-trust/verdict']).toMatchObject({
      call: { action: 'escalate' },
      approvedBy: 'onEscalate',
    });
    expect(questions).toHaveLength(1);
    const q = questions[0]!;
    expect(q).toMatchObject({ phase: 'call', server: 'web', tool: 'send', name: 'web__send' });
    expect(q.arguments).toEqual({ to: 'someone@partner.example', body: PAGE });
    expect(q.reasons.some((x) => x.startsWith('untrusted-content-relayed: '))).toBe(true);
    expect(q.origins.body).toEqual(['https://news.example.org/q3']);
    expect(q.message).toMatch(/^The assistant wants to call web__send with \{"to":/);
    expect(q.message).toContain('Where the data came from: body ← https://news.example.org/q3');
    // The approval allowed the call; it did not clean the session.
    expect(trust.label.openWorld).toBe(true);
    expect(web.calls.map((c) => c.name)).toEqual(['fetch', 'send']);
  });

  it('in warn and audit modes, passes the call with a visible notice', async () => {
    for (const mode of ['warn', 'audit'] as const) {
      const web = await server();
      const { trust } = await session({
        clients: { web: web.client },
        servers: { web: { trust: 'trusted' } },
        mode,
      });
      await trust.callTool('web', 'fetch', { url: 'https://news.example.org/q3' });
      const r = await trust.callTool('web', 'publish', { text: PAGE });
      expect(r.content[0]).toMatchObject({ type: 'text' });
      expect((r.content[0] as { text: string }).text).toMatch(
        /^⚠ mcp-trust warning on web__publish: untrusted-content-to-public: /,
      );
      expect(r._meta?.['mcp-trust/verdict']).toMatchObject({
        call: { decision: 'block', action: mode === 'warn' ? 'warn' : 'allow', mode },
      });
      expect(web.calls.at(-1)?.name).toBe('publish');
    }
  });

  it('refuses tools nobody listed, unknown servers and arguments that are not an object', async () => {
    const web = await server();
    const { trust } = await session({ clients: { web: web.client } });
    const cases: [() => Promise<unknown>, string][] = [
      [() => trust.callTool('web', 'delete_everything', {}), 'unknown-tool'],
      [() => trust.callTool('web__nope', {}), 'unknown-tool'],
      [() => trust.callTool('mail', 'send', {}), 'unknown-server'],
      [() => trust.callTool('web', 'note', ['a'] as never), 'invalid-arguments'],
    ];
    for (const [call, code] of cases) {
      const err = await thrown(call);
      expect(err).toBeInstanceOf(TrustError);
      expect((err as TrustError).code).toBe(code);
    }
    expect(web.calls).toHaveLength(0);
  });

  it('rethrows a server failure after the engine has heard of it', async () => {
    const web = await server();
    const { trust } = await session({ clients: { web: web.client } });
    const err = await thrown(() => trust.callTool('web', 'explode', {}));
    expect(err).not.toBeInstanceOf(TrustRefusal);
    expect(String(err)).toContain('the tool exploded');
    expect(trust.state().counters.local).toMatchObject({ calls: 1, results: 1 });
  });
});
