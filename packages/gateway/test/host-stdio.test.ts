import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HostStdioTransport } from '../src/host-stdio.js';

interface Wire {
  transport: HostStdioTransport;
  input: PassThrough;
  received: JSONRPCMessage[];
  /** What the transport wrote back, one parsed line each. */
  answers: () => Array<{ id: unknown; error?: { code: number; message: string } }>;
  logged: string[];
  closed: () => boolean;
}

async function wire(maxMessageBytes = 1000): Promise<Wire> {
  const input = new PassThrough();
  const output = new PassThrough();
  let out = '';
  output.setEncoding('utf8');
  output.on('data', (c: string) => {
    out += c;
  });
  const logged: string[] = [];
  const transport = new HostStdioTransport(input, output, maxMessageBytes, (m) => logged.push(m));
  const received: JSONRPCMessage[] = [];
  let closed = false;
  transport.onmessage = (m) => received.push(m);
  transport.onclose = () => {
    closed = true;
  };
  await transport.start();
  return {
    transport,
    input,
    received,
    answers: () =>
      out
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l)),
    logged,
    closed: () => closed,
  };
}

/** Lets the streams deliver what was written. */
const settle = () => new Promise((r) => setImmediate(r));

const request = (id: number, text = 'hi') =>
  ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'a__b', arguments: { text } } }) as const;

describe('HostStdioTransport', () => {
  it('reads messages however the stream cuts them, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (texts, cuts) => {
          const w = await wire();
          const bytes = Buffer.from(texts.map((t, i) => `${JSON.stringify(request(i, t))}\r\n`).join(''));
          const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          let from = 0;
          for (const cut of [...at, bytes.length]) {
            w.input.write(bytes.subarray(from, cut));
            from = cut;
          }
          await settle();
          expect(w.received).toEqual(texts.map((t, i) => request(i, t)));
          expect(w.answers()).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers a line that is not JSON with a parse error and reads on', async () => {
    const w = await wire();
    w.input.write(`{"jsonrpc":"2.0","id":1,\n${JSON.stringify(request(2))}\n`);
    await settle();
    const [answer] = w.answers();
    expect(answer?.id).toBeNull();
    expect(answer?.error?.code).toBe(-32700);
    expect(w.received).toEqual([request(2)]);
    expect(w.logged[0]).toMatch(/^host: not JSON/);
  });

  it('answers a request the schema rejects by its id, and only logs a bad notification', async () => {
    const w = await wire();
    w.input.write('{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"x","_meta":[]}}\n');
    w.input.write('{"jsonrpc":"2.0","method":"notifications/cancelled","params":7}\n');
    await settle();
    expect(w.answers()).toEqual([
      {
        jsonrpc: '2.0',
        id: 9,
        error: {
          code: -32602,
          message: 'invalid tools/call request: params._meta: Invalid input: expected object, received array',
        },
      },
    ]);
    expect(w.logged[1]).toMatch(/^host: ignored an invalid notifications\/cancelled notification/);
    expect(w.received).toEqual([]);
  });

  it('skips a line over the limit to its end, answers it by its id, and reads on', async () => {
    const w = await wire(200);
    const big = JSON.stringify({ ...request(0, 'x'.repeat(5000)), id: undefined });
    // The SDK's clients write the id last; this one arrives in many small chunks.
    const line = Buffer.from(`${big.slice(0, -1)},"id":77}\n${JSON.stringify(request(78))}\n`);
    for (let i = 0; i < line.length; i += 64) w.input.write(line.subarray(i, i + 64));
    await settle();
    const [answer] = w.answers();
    expect(answer?.id).toBe(77);
    expect(answer?.error?.code).toBe(-32600);
    expect(answer?.error?.message).toMatch(/^message too large: \d+ bytes, over the limit of 200/);
    expect(w.received).toEqual([request(78)]);
    expect(w.closed()).toBe(false);
  });

  it('answers an oversize line without a readable id with id null', async () => {
    const w = await wire(100);
    w.input.write(`${'z'.repeat(500)}\n`);
    await settle();
    expect(w.answers().map((a) => a.id)).toEqual([null]);
  });

  it('closes when the host closes its end, and refuses to send after', async () => {
    const w = await wire();
    w.input.end();
    await settle();
    expect(w.closed()).toBe(true);
    await expect(w.transport.send(request(1) as JSONRPCMessage)).rejects.toThrow('closed');
  });
});

describe('HostStdioTransport, when a handler throws', () => {
  it('reports the error and reads the next line', async () => {
    const w = await wire();
    const errors: string[] = [];
    w.transport.onerror = (e) => errors.push(e.message);
    const seen: unknown[] = [];
    w.transport.onmessage = (m) => {
      seen.push(m);
      if (seen.length === 1) throw new Error('handler broke');
    };
    w.input.write(`${JSON.stringify(request(1))}\n${JSON.stringify(request(2))}\n`);
    await settle();
    expect(errors).toEqual(['handler broke']);
    expect(seen).toEqual([request(1), request(2)]);
  });
});
