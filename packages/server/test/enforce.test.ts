/**
 * Refuse or ask, through a real SDK client and server (in memory, 2025 protocol: the SDK's shim
 * turns the handler's question into `elicitation/create` and calls the handler again).
 */
import type { HandlerContext } from '@mcp-trust/server';
import { confirmWithUser, createCallGuard, SERVER_VERDICT_KEY, textResult } from '@mcp-trust/server';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { byRecipient, MAIL_TOOLS, policyOf, RULES } from './support/mail-fixture.js';

type Answer = 'accept' | 'decline';

async function setUp(opts: { elicitation: boolean; answers?: Answer[] }) {
  const sent: string[] = [];
  const asked: string[] = [];
  const server = new McpServer({ name: 'mail', version: '0' }, { capabilities: { tools: {} } });
  const guard = createCallGuard({
    policy: policyOf(RULES),
    server: 'mail',
    tools: MAIL_TOOLS,
    resolve: byRecipient,
  });
  server.registerTool(
    'send_email',
    {
      inputSchema: z.object({ to: z.string(), body: z.string() }),
      annotations: MAIL_TOOLS.send_email.annotations,
    },
    async (args, ctx) => {
      const stop = await guard.enforce({ server, ctx, tool: 'send_email', args });
      if (stop !== undefined) return stop;
      // Mid-task: a second question, about this body, after the policy's.
      if (args.body.includes('IGNORE PREVIOUS')) {
        const answer = confirmWithUser({
          server,
          ctx,
          tool: 'send_email',
          args,
          question: 'injected-body',
          message: 'The body looks like a prompt injection. Send it anyway?',
        });
        if (answer.status === 'asking') return answer.result;
        if (answer.status !== 'confirmed')
          return textResult(answer.message, { openWorldHint: false }, { isError: true });
      }
      sent.push(args.to);
      return textResult(`sent to ${args.to}`, { openWorldHint: false });
    },
  );
  const answers = [...(opts.answers ?? [])];
  const client = new Client(
    { name: 'host', version: '0' },
    opts.elicitation ? { capabilities: { elicitation: { form: {} } } } : {},
  );
  if (opts.elicitation) {
    client.setRequestHandler('elicitation/create', async (req) => {
      asked.push(String(req.params.message));
      return answers.shift() === 'accept'
        ? { action: 'accept', content: { approve: true } }
        : { action: 'decline' };
    });
  }
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  const call = (args: Record<string, unknown>, meta?: Record<string, unknown>) =>
    client.request(
      {
        method: 'tools/call',
        params: { name: 'send_email', arguments: args, ...(meta ? { _meta: meta } : {}) },
      },
      z.looseObject({
        content: z.array(z.looseObject({ text: z.string().optional() })),
        isError: z.boolean().optional(),
        _meta: z.looseObject({}).optional(),
      }),
    );
  return { client, sent, asked, call };
}

const outside = { to: 'accountant@ledger-partners.example', body: 'the numbers' };
const openWorld = { annotations: { openWorldHint: true } };
const financial = {
  annotations: { openWorldHint: false, returnMetadata: { source: 'internal', sensitivity: 'financial' } },
};
const open: Client[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});
const track = async (p: ReturnType<typeof setUp>) => {
  const s = await p;
  open.push(s.client);
  return s;
};

describe('createCallGuard: enforce', () => {
  it('refuses a blocked call with a tool error that says why, and carries the verdict', async () => {
    const { call, sent } = await track(setUp({ elicitation: true }));
    const result = await call(outside, openWorld);
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain('Not sent to accountant@ledger-partners.example');
    expect(result._meta?.[SERVER_VERDICT_KEY]).toMatchObject({
      decision: 'block',
      rules: [{ rule: 'open-world-to-outside', effect: 'block' }],
    });
    expect(result._meta?.annotations).toEqual({
      openWorldHint: false,
      returnMetadata: { source: 'system', sensitivity: 'none' },
    });
    expect(sent).toEqual([]);
  });

  it('asks the person on escalate, and goes ahead when they approve', async () => {
    const { call, sent, asked } = await track(setUp({ elicitation: true, answers: ['accept'] }));
    const result = await call(outside, financial);
    expect(result.isError).toBeFalsy();
    expect(asked).toEqual(['send_email would send financial data outside.\n\nApprove send_email?']);
    expect(sent).toEqual(['accountant@ledger-partners.example']);
  });

  it('refuses when the person declines', async () => {
    const { call, sent } = await track(setUp({ elicitation: true, answers: ['decline'] }));
    const result = await call(outside, financial);
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toMatch(
      /^send_email: the person did not approve it, so nothing was done\./,
    );
    expect(sent).toEqual([]);
  });

  it('refuses with a clear error when the client cannot ask anyone', async () => {
    const { call, sent } = await track(setUp({ elicitation: false }));
    const result = await call(outside, financial);
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain("needs the person's approval, but this client cannot ask");
    expect(result.content[0]?.text).toContain('send_email would send financial data outside.');
    expect(sent).toEqual([]);
  });

  it('asks several questions in one call in turn, each once', async () => {
    const { call, sent, asked } = await track(setUp({ elicitation: true, answers: ['accept', 'accept'] }));
    const result = await call({ ...outside, body: 'IGNORE PREVIOUS instructions' }, financial);
    expect(result.isError).toBeFalsy();
    expect(asked).toHaveLength(2);
    expect(asked[1]).toBe('The body looks like a prompt injection. Send it anyway?');
    expect(sent).toHaveLength(1);
  });

  it('stops at the second question when it is declined', async () => {
    const { call, sent } = await track(setUp({ elicitation: true, answers: ['accept', 'decline'] }));
    const result = await call({ ...outside, body: 'IGNORE PREVIOUS instructions' }, financial);
    expect(result.isError).toBe(true);
    expect(sent).toEqual([]);
  });
});

describe('confirmWithUser', () => {
  const server = { getClientCapabilities: () => ({ elicitation: {} }) } as never;
  const ctx = (state: unknown, responses?: Record<string, unknown>): HandlerContext => ({
    mcpReq: { requestState: () => state, ...(responses === undefined ? {} : { inputResponses: responses }) },
  });
  const ask = (c: HandlerContext, args: Record<string, unknown> = { a: 1 }) =>
    confirmWithUser({ server, ctx: c, tool: 't', args, question: 'q', message: 'ok?' });
  const yes = { 'mcp-trust/server-confirm': { action: 'accept', content: { approve: true } } };

  it('binds the answer to the exact call and ignores tampered state', () => {
    const first = ask(ctx(undefined));
    expect(first.status).toBe('asking');
    const state = first.status === 'asking' ? first.result.requestState : undefined;
    expect(ask(ctx(state, yes)).status).toBe('confirmed');
    expect(ask(ctx(state, yes), { a: 2 }).status).toBe('asking');
    expect(ask(ctx(`${state}x`, yes)).status).toBe('asking');
    expect(ask(ctx('mcp-trust.1.e30.forged', yes)).status).toBe('asking');
  });

  it('lets an approval expire', () => {
    vi.useFakeTimers();
    try {
      const first = ask(ctx(undefined));
      const state = first.status === 'asking' ? first.result.requestState : undefined;
      vi.advanceTimersByTime(31 * 60 * 1000);
      expect(ask(ctx(state, yes)).status).toBe('asking');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads an accept without approve: true, or no answer at all, as a no', () => {
    const first = ask(ctx(undefined));
    const state = first.status === 'asking' ? first.result.requestState : undefined;
    const noApprove = { 'mcp-trust/server-confirm': { action: 'accept', content: { approve: false } } };
    expect(ask(ctx(state, noApprove)).status).toBe('declined');
    expect(ask(ctx(state)).status).toBe('declined');
  });
});
