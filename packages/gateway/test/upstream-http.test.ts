import type { FetchLike } from '@modelcontextprotocol/client';
import { INTERNAL_ERROR, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { answeringFetch, SseAnswers } from '../src/upstream-http.js';
import { UNREADABLE_ANSWER } from '../src/upstream-lines.js';

const GARBLED = { jsonrpc: '2.0', id: 7, result: 'not an object' };
const UNREADABLE_7 = {
  jsonrpc: '2.0',
  id: 7,
  error: {
    code: INTERNAL_ERROR,
    message:
      "the server's answer is not a valid JSON-RPC response (result: Invalid input: expected object, received string); mcp-trust dropped it",
    data: { mcpTrust: UNREADABLE_ANSWER },
  },
};

/** What `SseAnswers` passes on for `chunks`, and what it reported dropped. */
function run(chunks: string[], maxBytes = 1 << 20): { out: string; dropped: string[] } {
  const dropped: string[] = [];
  const sse = new SseAnswers(maxBytes, (m) => dropped.push(m));
  let out = '';
  for (const c of chunks) out += sse.push(c);
  return { out: out + sse.end(), dropped };
}

/** A base fetch answering every request with `body` in `chunks`, as `type`. */
function serving(chunks: (string | Uint8Array)[], type: string, status = 200): FetchLike {
  return async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(typeof c === 'string' ? new TextEncoder().encode(c) : c);
        controller.close();
      },
    });
    return new Response(status === 202 ? null : stream, { status, headers: { 'content-type': type } });
  };
}

/** The messages the SDK's own HTTP client reads from a POST answered through `fetch`. */
async function sdkReads(
  fetch: FetchLike,
  expected: number,
): Promise<{ messages: unknown[]; errors: string[] }> {
  const t = new StreamableHTTPClientTransport(new URL('http://upstream.test/mcp'), { fetch });
  const messages: unknown[] = [];
  const errors: string[] = [];
  t.onmessage = (m) => void messages.push(m);
  t.onerror = (e) => void errors.push(e.message);
  await t.start();
  await t.send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x', arguments: {} } });
  await vi.waitFor(() => expect(messages.length + errors.length).toBeGreaterThanOrEqual(expected), {
    timeout: 2000,
    interval: 2,
  });
  await t.close();
  return { messages, errors };
}

const event = (data: unknown, fields = ''): string => `${fields}data: ${JSON.stringify(data)}\n\n`;

describe('SseAnswers', () => {
  it('passes readable events on unchanged, one event as it completes', () => {
    const progress = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 1, progress: 1 },
    };
    const result = { jsonrpc: '2.0', id: 7, result: { content: [] } };
    const sse = new SseAnswers(1 << 20, () => {});
    expect(sse.push(event(progress, 'id: e1\n'))).toBe(event(progress, 'id: e1\n'));
    expect(sse.push(': keep-alive\n\n')).toBe(': keep-alive\n\n');
    expect(sse.push(`data: ${JSON.stringify(result)}`)).toBe('');
    expect(sse.push('\n\n')).toBe(event(result));
  });

  it('makes a response the protocol rejects an error answer to its id, keeping its other fields', () => {
    const { out, dropped } = run([event(GARBLED, 'id: e9\nevent: message\n')]);
    expect(out).toBe(`id: e9\nevent: message\ndata: ${JSON.stringify(UNREADABLE_7)}\n\n`);
    expect(dropped).toEqual([]);
  });

  it('leaves alone what it cannot answer: other event types, data that is not JSON, requests', () => {
    const other = event(GARBLED, 'event: custom\n');
    const notJson = 'data: {oops\n\n';
    const request = event({ jsonrpc: '2.0', id: 3, method: 'sampling/createMessage', params: 'x' });
    expect(run([other, notJson, request]).out).toBe(other + notJson + request);
  });

  it('reads every line end the format allows, split anywhere', () => {
    const text = `id: a\r\ndata: ${JSON.stringify(GARBLED)}\r\n\r\n: c\rdata: {"jsonrpc":"2.0","method":"m"}\r\r`;
    const whole = run([text]).out;
    expect(whole).toBe(
      `id: a\ndata: ${JSON.stringify(UNREADABLE_7)}\n\n: c\ndata: {"jsonrpc":"2.0","method":"m"}\n\n`,
    );
    for (let cut = 1; cut < text.length; cut++)
      expect(run([text.slice(0, cut), text.slice(cut)]).out).toBe(whole);
  });

  it('joins multi-line data as the format says before reading it', () => {
    const out = run(['data: {"jsonrpc": "2.0",\ndata: "id": 7, "result": 5}\n\n']).out;
    expect(out.startsWith('data: ') && out.endsWith('\n\n')).toBe(true);
    expect(JSON.parse(out.slice(6))).toMatchObject({
      id: 7,
      error: { message: expect.stringContaining('result: Invalid input: expected object, received number') },
    });
  });

  it('answers an oversize response by its id and drops an oversize notification, saying so', () => {
    const big = 'x'.repeat(5000);
    const response = event({ jsonrpc: '2.0', id: 'r1', result: { content: [{ type: 'text', text: big }] } });
    const note = event({ jsonrpc: '2.0', method: 'notifications/message', params: { data: big } });
    const small = event({ jsonrpc: '2.0', method: 'notifications/progress', params: {} });
    const chunks = (response + note + small).match(/[\s\S]{1,700}/g)!;
    const { out, dropped } = run(chunks, 1000);
    const events = out.split('\n\n').filter((e) => e !== '');
    expect(events).toHaveLength(2);
    const answer = JSON.parse(events[0]!.slice('data: '.length)) as {
      id: unknown;
      error: { message: string };
    };
    expect(answer.id).toBe('r1');
    expect(answer.error.message).toMatch(
      /^the server sent a message of 50\d\d bytes, over the 1000 the gateway reads/,
    );
    expect(`${events[1]}\n\n`).toBe(small);
    expect(dropped).toEqual([
      expect.stringMatching(
        /^skipped a message that is not an answer: the server sent a message of 50\d\d bytes/,
      ),
    ]);
  });

  it('never throws, whatever a server sends, and keeps nothing past the limit', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom('\n', '\r', '\r\n', 'data: ', 'data:', 'event: x\n', ': c\n', 'id: 1\n'),
      fc.jsonValue().map((v) => `data: ${JSON.stringify(v)}\n\n`),
      fc
        .record({ id: fc.oneof(fc.nat(), fc.string()), result: fc.jsonValue() })
        .map((v) => `data: ${JSON.stringify(v)}\n\n`),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.nat({ max: 400 }), (pieces, limit) => {
        const sse = new SseAnswers(limit + 20, () => {});
        const held = sse as unknown as { lines: string[]; partial: string[] };
        for (const p of pieces) {
          sse.push(p);
          const kept = [...held.lines, ...held.partial].reduce((n, l) => n + l.length, 0);
          expect(kept).toBeLessThanOrEqual(limit + 20);
        }
        sse.end();
      }),
      { numRuns: 300 },
    );
  });

  it('passes an event the stream ends in the middle of on as it came', () => {
    expect(run(['data: {"jsonrpc":"2.0","method":"m"}']).out).toBe('data: {"jsonrpc":"2.0","method":"m"}');
  });
});

describe('answeringFetch, read by the SDK’s own HTTP client', () => {
  it('fails a call at once whose SSE answer has a broken envelope (the SDK alone drops it)', async () => {
    const base = serving([event(GARBLED)], 'text/event-stream');
    const alone = await sdkReads(base, 1);
    expect(alone.messages).toEqual([]);
    const { messages, errors } = await sdkReads(
      answeringFetch(() => {}, 1 << 20, base),
      1,
    );
    expect(messages).toEqual([UNREADABLE_7]);
    expect(errors).toEqual([]);
  });

  it('reads any readable stream exactly as the SDK does without it, however it is cut', async () => {
    const message = fc.oneof(
      fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.nat(),
        result: fc.dictionary(fc.string(), fc.string()),
      }),
      fc.record({
        jsonrpc: fc.constant('2.0'),
        method: fc.constantFrom('notifications/progress', 'notifications/message'),
        params: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer())),
      }),
    );
    const eol = fc.constantFrom('\n', '\r\n', '\r');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(message, eol), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (items, cuts) => {
          // (A stream that ends in a lone CR loses its last event in the SDK, which waits for an LF.)
          const text = `${items.map(([m, e]) => `data: ${JSON.stringify(m)}${e}${e}`).join('')}: end\n`;
          const bytes = new TextEncoder().encode(text);
          const points = [...new Set(cuts.map((c) => c % bytes.length))].sort((a, b) => a - b);
          const chunks = [0, ...points]
            .map((p, i, all) => bytes.subarray(p, all[i + 1] ?? bytes.length))
            .filter((c) => c.length > 0);
          const base = serving(chunks, 'text/event-stream');
          const direct = await sdkReads(base, items.length);
          const through = await sdkReads(
            answeringFetch(() => {}, 1 << 20, base),
            items.length,
          );
          expect(through).toEqual(direct);
          expect(direct.messages).toEqual(items.map(([m]) => JSON.parse(JSON.stringify(m))));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('makes a JSON answer with a broken envelope an error answer, and refuses one over the limit', async () => {
    const { messages } = await sdkReads(
      answeringFetch(() => {}, 1 << 20, serving([JSON.stringify(GARBLED)], 'application/json')),
      1,
    );
    expect(messages).toEqual([UNREADABLE_7]);
    const big = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { text: 'x'.repeat(3000) } });
    const t = new StreamableHTTPClientTransport(new URL('http://upstream.test/mcp'), {
      fetch: answeringFetch(
        () => {},
        1000,
        serving([big.slice(0, 1500), big.slice(1500)], 'application/json'),
      ),
    });
    await t.start();
    await expect(t.send({ jsonrpc: '2.0', id: 7, method: 'ping' })).rejects.toThrow(
      /more than 1000 bytes, the most the gateway reads from a server \(gateway\.maxUpstreamMessageBytes\)/,
    );
    await t.close();
  });

  it('hands anything but a successful answer to the SDK untouched', async () => {
    const base = serving([JSON.stringify(GARBLED)], 'application/json', 500);
    const response = await answeringFetch(
      () => {},
      1 << 20,
      base,
    )('http://upstream.test/mcp', { method: 'POST' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(GARBLED);
  });
});
