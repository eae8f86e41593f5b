/**
 * An in-process MCP server for unit tests, over the SDK's in-memory transport: it lists exactly
 * the raw tool definitions it is given (annotation keys the SDK does not know included), answers
 * `tools/resolve` when asked to, and records every `tools/call` it receives, `_meta` included.
 */
import type { TrustProblem, TrustSessionOptions } from '@mcp-trust/client';
import { TrustSession } from '@mcp-trust/client';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import { z } from 'zod';

type Json = Record<string, unknown>;

export interface FakeServerOptions {
  tools: Json[];
  /** The answer to a call; default (or when it returns `undefined`): a text block echoing the arguments. */
  answer?: (name: string, args: Json) => Json | undefined;
  /** Answers `tools/resolve` (advertised as the extension) when given; a throw is an error answer. */
  resolve?: (name: string, args: Json) => Json;
}

export interface FakeServer {
  client: Client;
  /** Every `tools/call` params the server received. */
  calls: Json[];
  close(): Promise<void>;
}

const resolveParams = z.looseObject({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

export async function fakeServer(opts: FakeServerOptions): Promise<FakeServer> {
  const server = new Server(
    { name: 'fake', version: '0.0.0' },
    {
      capabilities: {
        tools: {},
        ...(opts.resolve === undefined
          ? {}
          : { experimental: { 'io.modelcontextprotocol/tool-resolution': {} } }),
      },
    },
  );
  const calls: Json[] = [];
  server.setRequestHandler('tools/list', async () => ({ tools: opts.tools as never }));
  server.setRequestHandler('tools/call', async (req) => {
    const params = req.params as unknown as Json;
    calls.push(params);
    const name = String(params.name);
    const args = (params.arguments ?? {}) as Json;
    if (name === 'explode') throw new ProtocolError(ProtocolErrorCode.InternalError, 'the tool exploded');
    return (opts.answer?.(name, args) ?? {
      content: [{ type: 'text', text: JSON.stringify(args) }],
    }) as never;
  });
  if (opts.resolve !== undefined) {
    const resolve = opts.resolve;
    server.setRequestHandler('tools/resolve', { params: resolveParams }, async (p) => {
      return resolve(p.name, p.arguments ?? {}) as never;
    });
  }
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'trust-session-test', version: '0.0.0' });
  await client.connect(clientSide);
  return {
    client,
    calls,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** A TrustSession whose problems are collected rather than printed. */
export async function session(
  options: TrustSessionOptions,
): Promise<{ trust: TrustSession; problems: TrustProblem[] }> {
  const problems: TrustProblem[] = [];
  const trust = await TrustSession.create({ onProblem: (p) => problems.push(p), ...options });
  return { trust, problems };
}

/** Tools of the kinds the default pack cares about, declared in SEP-1913 form. */
export const TOOLS = {
  /** Reads the web: open-world results. */
  fetch: {
    name: 'fetch',
    description: 'Fetch a page.',
    inputSchema: { type: 'object', properties: { url: { type: 'string' } } },
    annotations: {
      readOnlyHint: true,
      openWorldHint: true,
      inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
      returnMetadata: { source: 'untrustedPublic', sensitivity: 'none' },
    },
  },
  /** Publishes its input: certainly public. */
  publish: {
    name: 'publish',
    description: 'Publish a post.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    annotations: {
      readOnlyHint: false,
      inputMetadata: { destination: 'public', sensitivity: 'none', outcomes: 'consequential' },
      returnMetadata: { source: 'system', sensitivity: 'none' },
    },
  },
  /** Sends mail: public or internal, irreversible. */
  send: {
    name: 'send',
    description: 'Send a message.',
    inputSchema: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } } },
    annotations: {
      readOnlyHint: false,
      inputMetadata: { destination: ['internal', 'public'], sensitivity: ['pii'], outcomes: 'irreversible' },
      returnMetadata: { source: 'system', sensitivity: 'none' },
    },
  },
  /** A plain, harmless read. */
  note: {
    name: 'note',
    description: 'Read a note.',
    inputSchema: { type: 'object' },
    annotations: {
      readOnlyHint: true,
      inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
      returnMetadata: { source: 'internal', sensitivity: 'none' },
    },
  },
} satisfies Record<string, Json>;

/** A result carrying SEP-1913 result annotations. */
export function annotated(text: string, annotations: Json): Json {
  return { content: [{ type: 'text', text }], _meta: { annotations } };
}
