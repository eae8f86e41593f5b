import { INTERNAL_ERROR, parseJSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { responseAtEdges } from '../src/line-reader.js';
import { readUpstreamLines, UNREADABLE_ANSWER, UpstreamReadBuffer } from '../src/upstream-lines.js';

/** Every message the buffer gives for `chunks`, with what it threw in their place. */
function readAll(buffer: UpstreamReadBuffer, chunks: (string | Buffer)[]): unknown[] {
  const out: unknown[] = [];
  for (const chunk of chunks) {
    buffer.append(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    for (;;) {
      try {
        const m = buffer.readMessage();
        if (m === null) break;
        out.push(m);
      } catch (err) {
        out.push({ thrown: (err as Error).message });
      }
    }
  }
  return out;
}

const line = (value: unknown): string => `${JSON.stringify(value)}\n`;

describe('UpstreamReadBuffer', () => {
  it('reads messages as they come, whatever the chunks', () => {
    const text =
      line({ jsonrpc: '2.0', id: 1, result: { content: [] } }) +
      line({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }) +
      line({ jsonrpc: '2.0', id: 'a', method: 'sampling/createMessage', params: { messages: [] } });
    for (const cut of [1, 7, 40, text.length - 1]) {
      const got = readAll(new UpstreamReadBuffer(), [text.slice(0, cut), text.slice(cut)]);
      expect(got).toEqual([
        { jsonrpc: '2.0', id: 1, result: { content: [] } },
        { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
        { jsonrpc: '2.0', id: 'a', method: 'sampling/createMessage', params: { messages: [] } },
      ]);
    }
  });

  it('keeps a line in progress until its newline comes', () => {
    const b = new UpstreamReadBuffer();
    expect(readAll(b, ['{"jsonrpc":"2.0","id":3,'])).toEqual([]);
    expect(readAll(b, ['"result":{}}\r\n'])).toEqual([{ jsonrpc: '2.0', id: 3, result: {} }]);
  });

  it('answers a response the schema rejects by its id, so its call fails at once', () => {
    const [answer] = readAll(new UpstreamReadBuffer(), [line({ jsonrpc: '2.0', id: 7, result: 'oops' })]);
    expect(answer).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: INTERNAL_ERROR,
        message:
          "the server's answer is not a valid JSON-RPC response (result: Invalid input: expected object, received string); mcp-trust dropped it",
        data: { mcpTrust: UNREADABLE_ANSWER },
      },
    });
    const [meta] = readAll(new UpstreamReadBuffer(), [
      line({ jsonrpc: '2.0', id: 'x', result: { _meta: 4 } }),
    ]);
    expect(meta).toMatchObject({ id: 'x', error: { message: expect.stringContaining('result._meta') } });
  });

  it('reports what no call waits for: a broken request or notification, a line that is not JSON', () => {
    const got = readAll(new UpstreamReadBuffer(), [
      line({ jsonrpc: '2.0', id: 2, method: 'sampling/createMessage', params: 5 }),
      line({ jsonrpc: '2.0', method: 7 }),
      'Server listening on stdio\n',
      line({ jsonrpc: '2.0', id: null, result: 'x' }),
      line({ jsonrpc: '2.0', id: 4, result: {} }),
    ]);
    expect(got).toHaveLength(5);
    expect(got[0]).toEqual({
      thrown: expect.stringMatching(/^dropped a message the protocol's schema rejects: /),
    });
    expect(got[1]).toEqual({ thrown: expect.stringMatching(/^dropped a message/) });
    expect(got[2]).toEqual({
      thrown: 'skipped a line on stdout that is not JSON-RPC: "Server listening on stdio"',
    });
    expect(got[3]).toEqual({ thrown: expect.stringMatching(/^dropped a message/) });
    expect(got[4]).toEqual({ jsonrpc: '2.0', id: 4, result: {} });
  });

  it('answers an oversize response by its id, skips an oversize request, and reads on', () => {
    const big = 'x'.repeat(300);
    const got = readAll(new UpstreamReadBuffer(200), [
      line({ result: { content: [{ type: 'text', text: big }] }, jsonrpc: '2.0', id: 11 }),
      line({ jsonrpc: '2.0', id: 12, method: 'elicitation/create', params: { message: big } }),
      line({ jsonrpc: '2.0', id: 13, result: {} }),
    ]);
    expect(got[0]).toMatchObject({
      id: 11,
      error: {
        message: expect.stringMatching(/^the server sent a message of 3\d\d bytes, over the 200 the gateway/),
      },
    });
    expect(got[1]).toEqual({
      thrown: expect.stringMatching(
        /^skipped a message that is not an answer: the server sent a message of 3\d\d bytes/,
      ),
    });
    expect(got[2]).toEqual({ jsonrpc: '2.0', id: 13, result: {} });
  });

  it('forgets a line in progress when cleared', () => {
    const b = new UpstreamReadBuffer();
    readAll(b, ['{"jsonrpc":"2.0","id":3,']);
    b.clear();
    expect(readAll(b, [line({ jsonrpc: '2.0', id: 4, result: {} })])).toEqual([
      { jsonrpc: '2.0', id: 4, result: {} },
    ]);
  });

  it('gives every valid message back as the SDK reads it, however it is cut', () => {
    const message = fc.oneof(
      fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.nat(),
        result: fc.dictionary(fc.string(), fc.jsonValue()),
      }),
      fc.record({ jsonrpc: fc.constant('2.0'), method: fc.string({ minLength: 1 }) }),
    );
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 5 }), fc.nat(), (messages, at) => {
        const text = messages.map(line).join('');
        const cut = at % (text.length + 1);
        const got = readAll(new UpstreamReadBuffer(), [text.slice(0, cut), text.slice(cut)]);
        expect(got).toEqual(messages.map((m) => parseJSONRPCMessage(JSON.parse(JSON.stringify(m)))));
      }),
    );
  });
});

describe('responseAtEdges', () => {
  it('tells a response from a request by its first keys', () => {
    expect(responseAtEdges('{"result":{"content":[')).toBe(true);
    expect(responseAtEdges('{"jsonrpc":"2.0","id":5,"result":{')).toBe(true);
    expect(responseAtEdges('{"jsonrpc":"2.0","id":"a","error":{')).toBe(true);
    expect(responseAtEdges('{"jsonrpc":"2.0","id":5,"method":"x","params":{"result":')).toBe(false);
    expect(responseAtEdges('{"method":"x","params":{"result":{')).toBe(false);
  });
});

describe('readUpstreamLines', () => {
  it("swaps the read buffer of the SDK's own stdio transport, keeping its class", () => {
    const t = new StdioClientTransport({ command: 'true' });
    expect(readUpstreamLines(t)).toBe(true);
    expect(Object.getPrototypeOf(t)).toBe(StdioClientTransport.prototype);
    expect((t as unknown as { _readBuffer: unknown })._readBuffer).toBeInstanceOf(UpstreamReadBuffer);
  });

  it('leaves a transport without one as it is', () => {
    const t = { start: async () => undefined, send: async () => undefined, close: async () => undefined };
    expect(readUpstreamLines(t)).toBe(false);
    expect(t).not.toHaveProperty('_readBuffer');
  });
});
