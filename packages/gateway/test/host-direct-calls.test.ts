import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { ServerContext } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { answerCallsDirectly } from '../src/host-direct-calls.js';
import type { Json } from '../src/wire.js';

/**
 * `answerCallsDirectly` on a real SDK server after a real 2025-era handshake (the SDK's
 * in-memory transport): what it takes, what it leaves to the SDK, and what it answers.
 */

type Handler = (request: { params: Json }, ctx: ServerContext) => Promise<unknown>;

const open: Client[] = [];

afterEach(async () => {
  for (const c of open.splice(0)) await c.close().catch(() => undefined);
});

async function setUp(handler: Handler) {
  const server = new Server({ name: 'host-direct-test', version: '0.0.0' }, { capabilities: { tools: {} } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'legacy-host', version: '0.0.0' });
  await client.connect(clientSide);
  open.push(client);
  const sent: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  const intercept = answerCallsDirectly(
    server,
    async (m) => {
      sent.push(m);
    },
    handler,
    (e) => errors.push(e),
  );
  if (intercept === undefined) throw new Error('answerCallsDirectly refused a connected SDK server');
  return { intercept, sent, errors };
}

const call = (id: number, params: unknown): JSONRPCMessage =>
  ({ jsonrpc: '2.0', id, method: 'tools/call', params }) as JSONRPCMessage;

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('answerCallsDirectly (a 2025-era host)', () => {
  it('answers a call with the handler’s result, read by the protocol’s result schema', async () => {
    const seen: Json[] = [];
    const t = await setUp(async (req) => {
      seen.push(req.params);
      return {
        content: [{ type: 'text', text: 'hi', unknownToTheProtocol: true }],
        _meta: { kept: 1 },
      };
    });
    expect(
      t.intercept(call(7, { name: 'echo', arguments: { text: 'hi' }, _meta: { progressToken: 3 } })),
    ).toBe(true);
    await settle();
    expect(seen).toEqual([{ name: 'echo', arguments: { text: 'hi' }, _meta: { progressToken: 3 } }]);
    expect(t.sent).toEqual([
      { result: { content: [{ type: 'text', text: 'hi' }], _meta: { kept: 1 } }, jsonrpc: '2.0', id: 7 },
    ]);
  });

  it('leaves to the SDK a call its schema rejects, one with reserved _meta keys, and other messages', async () => {
    let ran = 0;
    const t = await setUp(async () => {
      ran++;
      return { content: [] };
    });
    expect(t.intercept(call(1, { name: 'echo', arguments: 'not a record' }))).toBe(false);
    expect(t.intercept(call(2, { arguments: {} }))).toBe(false);
    expect(
      t.intercept(call(3, { name: 'echo', _meta: { 'io.modelcontextprotocol/related-task': {} } })),
    ).toBe(false);
    expect(t.intercept({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: {} } as JSONRPCMessage)).toBe(
      false,
    );
    expect(
      t.intercept({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } }),
    ).toBe(false);
    await settle();
    expect(ran).toBe(0);
    expect(t.sent).toEqual([]);
  });

  it('answers an error as the SDK does: the code, message and data of a protocol error', async () => {
    const t = await setUp(async (req) => {
      if (req.params.name === 'unknown')
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'no such tool', { hint: 'x' });
      throw new Error('broke');
    });
    t.intercept(call(1, { name: 'unknown' }));
    t.intercept(call(2, { name: 'other' }));
    await settle();
    expect(t.sent).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: ProtocolErrorCode.InvalidParams, message: 'no such tool', data: { hint: 'x' } },
      },
      { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'broke' } },
    ]);
  });

  it('fails a result the protocol’s schema rejects, rather than passing it on', async () => {
    const t = await setUp(async () => ({ content: 'not a list' }));
    t.intercept(call(5, { name: 'echo' }));
    await settle();
    expect(t.sent).toHaveLength(1);
    expect(t.sent[0]).toMatchObject({ id: 5, error: { code: ProtocolErrorCode.InvalidParams } });
    expect((t.sent[0] as { error: { message: string } }).error.message).toMatch(
      /^Invalid tools\/call result: /,
    );
  });

  it('stops a call the host cancels, and does not answer it', async () => {
    let signal: AbortSignal | undefined;
    const t = await setUp(
      (_req, ctx) =>
        new Promise((resolve) => {
          signal = ctx.mcpReq.signal;
          signal.addEventListener('abort', () => resolve({ content: [{ type: 'text', text: 'too late' }] }));
        }),
    );
    t.intercept(call(9, { name: 'slow' }));
    await settle();
    expect(
      t.intercept({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 9, reason: 'the person left' },
      }),
    ).toBe(true);
    await settle();
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe('the person left');
    expect(t.sent).toEqual([]);
  });

  it('is not offered by a server without the SDK internals it reads', () => {
    const server = new Server({ name: 'x', version: '0' }, { capabilities: { tools: {} } });
    const stripped = Object.create(server, { _wireCodec: { value: undefined } });
    expect(
      answerCallsDirectly(
        stripped,
        async () => undefined,
        async () => ({}),
        () => undefined,
      ),
    ).toBeUndefined();
  });
});
