import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { Client, InMemoryTransport, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/server';
import {
  acceptedContent,
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
  Server,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DirectCalls } from '../src/direct-calls.js';
import { looseResult } from '../src/wire.js';

/**
 * Direct `tools/call` against a real SDK server over the SDK's in-memory transport, beside the
 * SDK client's own `request` on the same connection: the same answers, the same errors.
 */

type Era = 'legacy' | 'auto';
const MODES = { legacy: 'legacy', auto: 'auto' } as const;

interface Connected {
  client: Client;
  direct: DirectCalls;
  /** Every message the client sent, in order. */
  sent: JSONRPCMessage[];
  /** How many `hang` calls the server is sitting on. */
  hanging: () => number;
}

const open: Client[] = [];

afterEach(async () => {
  for (const c of open.splice(0)) await c.close().catch(() => undefined);
});

async function connect(era: Era): Promise<Connected> {
  let hanging = 0;
  const makeServer = (): Server => {
    const server = new Server({ name: 'direct-test', version: '0.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', async () => ({ tools: [] }));
    server.setRequestHandler('tools/call', async (req, ctx): Promise<CallToolResult> => {
      const args = (req.params.arguments ?? {}) as Record<string, unknown>;
      switch (req.params.name) {
        case 'echo':
          return {
            content: [{ type: 'text', text: String(args.text) }],
            structuredContent: { echoed: args.text },
          };
        case 'refuse':
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'refuse refuses', { why: 'asked to' });
        case 'hang':
          hanging++;
          return new Promise<never>(() => undefined);
        case 'progress': {
          const token = req.params._meta?.progressToken;
          for (let i = 1; i <= 5; i++) {
            await new Promise((r) => setTimeout(r, 40));
            if (token !== undefined)
              await ctx.mcpReq.notify({
                method: 'notifications/progress',
                params: { progressToken: token, progress: i, total: 5 },
              });
          }
          return { content: [{ type: 'text', text: 'progressed' }] };
        }
        case 'slow':
          await new Promise((r) => setTimeout(r, Number(args.ms)));
          return { content: [{ type: 'text', text: 'slow done' }] };
        case 'confirm': {
          const answer = acceptedContent(ctx.mcpReq.inputResponses, 'confirm');
          if (answer?.ok !== true)
            return inputRequired({
              inputRequests: {
                confirm: inputRequired.elicit({
                  message: 'Go ahead?',
                  requestedSchema: {
                    type: 'object',
                    properties: { ok: { type: 'boolean' } },
                    required: ['ok'],
                  },
                }),
              },
            }) as never;
          return { content: [{ type: 'text', text: 'confirmed' }] };
        }
        default:
          return { content: [{ type: 'text', text: `no tool ${req.params.name}` }], isError: true };
      }
    });
    return server;
  };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sent: JSONRPCMessage[] = [];
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => {
    sent.push(message);
    return send(message, options);
  };
  // `serveStdio` over a transport of our own: it serves either revision, as the SDK's stdio servers do.
  serveStdio(makeServer, { transport: serverSide });
  const client = new Client(
    { name: 'direct-test-host', version: '0.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: MODES[era] } },
  );
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { ok: true } }));
  await client.connect(clientSide);
  open.push(client);
  const direct = DirectCalls.attach(client);
  if (direct === undefined) throw new Error('DirectCalls.attach refused a connected SDK client');
  return { client, direct, sent, hanging: () => hanging };
}

const sdkCall = (client: Client, params: Record<string, unknown>) =>
  client.request({ method: 'tools/call', params } as never, looseResult, { timeout: 5000 });

/** The request ids of every `notifications/cancelled` the client sent. */
function cancelledIds(sent: JSONRPCMessage[]): unknown[] {
  return sent
    .filter((m) => 'method' in m && m.method === 'notifications/cancelled')
    .map((m) => (m as { params?: { requestId?: unknown } }).params?.requestId);
}

function callsSent(sent: JSONRPCMessage[]): Array<{ id: unknown; params: Record<string, unknown> }> {
  return sent.filter((m) => 'method' in m && m.method === 'tools/call') as never;
}

describe.each<Era>(['legacy', 'auto'])('DirectCalls (%s negotiation)', (era) => {
  it('answers as Client.request does, under ids the SDK never uses', async () => {
    const c = await connect(era);
    const params = { name: 'echo', arguments: { text: 'hello' } };
    const direct = await c.direct.call(params, { timeoutMs: 5000 });
    const sdk = await sdkCall(c.client, params);
    expect(direct).toEqual(sdk);
    expect(direct).toMatchObject({
      content: [{ type: 'text', text: 'hello' }],
      structuredContent: { echoed: 'hello' },
    });
    expect(direct).not.toHaveProperty('resultType');

    const [ours, theirs] = callsSent(c.sent);
    expect(ours?.id).toBe('mcp-trust-1');
    expect(typeof theirs?.id).toBe('number');
    // The envelope the negotiated revision puts on a request, exactly as the SDK puts it.
    const envelope = (m: { params: Record<string, unknown> }) =>
      Object.keys((m.params._meta ?? {}) as object).sort();
    expect(envelope(ours!)).toEqual(envelope(theirs!));
    if (era === 'auto') expect(envelope(ours!)).toContain('io.modelcontextprotocol/protocolVersion');
  });

  it("fails with the server's error, as Client.request does", async () => {
    const c = await connect(era);
    const params = { name: 'refuse', arguments: {} };
    const direct = await c.direct.call(params, { timeoutMs: 5000 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const sdk = await sdkCall(c.client, params).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(direct).toBeInstanceOf(ProtocolError);
    expect(direct).toMatchObject({ code: ProtocolErrorCode.InvalidParams, data: { why: 'asked to' } });
    expect((direct as Error).message).toBe((sdk as Error).message);
    expect(direct?.constructor).toBe(sdk?.constructor);
  });

  it('times a call out, tells the server, and carries on', async () => {
    const c = await connect(era);
    const err = await c.direct
      .call({ name: 'hang', arguments: {} }, { timeoutMs: 60 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdkError);
    expect(err).toMatchObject({ code: SdkErrorCode.RequestTimeout, message: 'Request timed out' });
    expect(c.hanging()).toBe(1);
    expect(cancelledIds(c.sent)).toEqual(['mcp-trust-1']);
    expect(c.direct.waiting).toBe(0);
    expect(
      await c.direct.call({ name: 'echo', arguments: { text: 'after' } }, { timeoutMs: 5000 }),
    ).toMatchObject({
      content: [{ text: 'after' }],
    });
  });

  it('times out each call by its own deadline', async () => {
    const c = await connect(era);
    const t0 = Date.now();
    const long = c.direct.call({ name: 'slow', arguments: { ms: 250 } }, { timeoutMs: 5000 });
    const short = c.direct.call({ name: 'hang', arguments: {} }, { timeoutMs: 80 }).catch((e: unknown) => e);
    const shortErr = await short;
    const shortMs = Date.now() - t0;
    expect(shortErr).toMatchObject({ code: SdkErrorCode.RequestTimeout });
    expect(shortMs).toBeLessThan(240);
    expect(await long).toMatchObject({ content: [{ text: 'slow done' }] });
    const late = await c.direct
      .call({ name: 'slow', arguments: { ms: 400 } }, { timeoutMs: 120 })
      .catch((e: unknown) => e);
    expect(late).toMatchObject({ code: SdkErrorCode.RequestTimeout });
  });

  it('arms one timer for a stream of calls, not one a call', async () => {
    const c = await connect(era);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      for (let i = 0; i < 20; i++)
        await c.direct.call({ name: 'echo', arguments: { text: `${i}` } }, { timeoutMs: 5000 });
      const ours = timers.mock.calls.filter(([, ms]) => typeof ms === 'number' && ms > 1000);
      expect(ours).toHaveLength(1);
    } finally {
      timers.mockRestore();
    }
  });

  it('hands on every progress notification, the last one too, and lets each restart the timeout', async () => {
    const c = await connect(era);
    const seen: unknown[] = [];
    const result = await c.direct.call(
      { name: 'progress', arguments: {} },
      { timeoutMs: 120, onprogress: (p) => seen.push(p) },
    );
    expect(result).toMatchObject({ content: [{ text: 'progressed' }] });
    expect(seen).toEqual([1, 2, 3, 4, 5].map((progress) => ({ progress, total: 5 })));
    expect(callsSent(c.sent)[0]?.params._meta).toMatchObject({ progressToken: 'mcp-trust-1' });
  });

  it("cancels on the host's signal, and does not send a call already cancelled", async () => {
    const c = await connect(era);
    const host = new AbortController();
    const pending = c.direct.call({ name: 'hang', arguments: {} }, { timeoutMs: 5000, signal: host.signal });
    await new Promise((r) => setTimeout(r, 20));
    host.abort('the host gave up');
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdkError);
    expect((err as Error).message).toBe('the host gave up');
    expect(cancelledIds(c.sent)).toEqual(['mcp-trust-1']);

    const before = callsSent(c.sent).length;
    const again = await c.direct
      .call({ name: 'echo', arguments: { text: 'x' } }, { timeoutMs: 5000, signal: host.signal })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(SdkError);
    expect(callsSent(c.sent)).toHaveLength(before);
  });

  it('fails waiting calls when the connection closes, and every call after', async () => {
    const c = await connect(era);
    const pending = c.direct
      .call({ name: 'hang', arguments: {} }, { timeoutMs: 5000 })
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 20));
    await c.client.close();
    expect(await pending).toMatchObject({
      code: SdkErrorCode.ConnectionClosed,
      message: 'Connection closed',
    });
    expect(
      await c.direct.call({ name: 'echo', arguments: {} }, { timeoutMs: 5000 }).catch((e: unknown) => e),
    ).toMatchObject({
      code: SdkErrorCode.ConnectionClosed,
    });
  });

  it('leaves answers to the SDK its own requests', async () => {
    const c = await connect(era);
    const [a, b] = await Promise.all([
      c.direct.call({ name: 'echo', arguments: { text: 'ours' } }, { timeoutMs: 5000 }),
      c.client.listTools(),
    ]);
    expect(a).toMatchObject({ content: [{ text: 'ours' }] });
    expect(b.tools).toEqual([]);
  });
});

describe('DirectCalls on 2026-07-28', () => {
  it('hands a result that asks for input to the SDK, which asks the client and retries', async () => {
    const c = await connect('auto');
    const result = await c.direct.call({ name: 'confirm', arguments: {} }, { timeoutMs: 5000 });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'confirmed' }] });
    const calls = callsSent(c.sent);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.id).toBe('mcp-trust-1');
    expect(calls[1]?.params).toHaveProperty('inputResponses');
  });
});

describe('DirectCalls.attach', () => {
  it('refuses a client that is not connected', () => {
    expect(DirectCalls.attach(new Client({ name: 'x', version: '0' }))).toBeUndefined();
  });

  it('refuses a client without the SDK internals it reads', async () => {
    const c = await connect('legacy');
    const stripped = Object.create(c.client, { _envelopeOutbound: { value: undefined } });
    expect(DirectCalls.attach(stripped)).toBeUndefined();
  });
});
