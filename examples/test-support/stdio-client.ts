/**
 * Test support for the example servers: spawn a server's TypeScript entry over real stdio (with
 * tsx, so no build is needed) and talk to it with the MCP client SDK. `tools/list` and
 * `tools/call` are read with loose result schemas: `client.listTools()` strips annotation keys
 * the SDK does not know, and these tests are about exactly those keys.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { McpServer } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import * as z from 'zod';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface WireTool {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface WireResult {
  content: { type: string; text?: string; _meta?: Record<string, unknown> }[];
  isError?: boolean;
  _meta?: { annotations?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

const listSchema = z.looseObject({ tools: z.array(z.looseObject({ name: z.string() })) });
const callSchema = z.looseObject({
  content: z.array(
    z.looseObject({ type: z.string(), text: z.string().optional(), _meta: z.looseObject({}).optional() }),
  ),
  isError: z.boolean().optional(),
  _meta: z.looseObject({}).optional(),
});

/** A connected example server, seen through the client SDK. */
export interface StdioServer {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** `tools/list`, as sent on the wire, by tool name. */
  tools(): Promise<Map<string, WireTool>>;
  /** `tools/call`, with `params._meta` when given, as sent on the wire. */
  call(name: string, args: Record<string, unknown>, meta?: Record<string, unknown>): Promise<WireResult>;
  close(): Promise<void>;
}

/**
 * How the test's person answers a server's question (form elicitation): `accept` approves it
 * (`{approve: true}`, as mcp-trust servers ask), `decline` refuses. Each question's message is
 * passed in, so a test can record what was asked.
 */
export type Person = (message: string) => 'accept' | 'decline';

export interface SpawnOptions {
  env?: Record<string, string>;
  negotiation?: 'legacy' | 'auto';
  /** Declare form elicitation and answer questions this way (default: no elicitation). */
  person?: Person;
}

/** Spawns `node --import tsx <entry>` (entry relative to the repository root). */
export async function spawnServer(entry: string, opts: SpawnOptions = {}): Promise<StdioServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', fileURLToPath(new URL(entry, `file://${repoRoot}`))],
    cwd: repoRoot,
    env: opts.env ?? {},
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client(
    { name: 'example-e2e', version: '0.0.0' },
    {
      versionNegotiation: { mode: opts.negotiation ?? 'legacy' },
      ...(opts.person === undefined ? {} : { capabilities: { elicitation: { form: {} } } }),
    },
  );
  const person = opts.person;
  if (person !== undefined) {
    client.setRequestHandler('elicitation/create', async (req) =>
      person(String(req.params.message)) === 'accept'
        ? { action: 'accept', content: { approve: true } }
        : { action: 'decline' },
    );
  }
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`could not connect to ${entry}: ${String(error)}\n${stderr}`);
  }
  return wrap(client, () => stderr);
}

/** Connects a client to a server made in this process (no stdio). */
export async function connectInProcess(server: McpServer): Promise<StdioServer> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'example-in-process', version: '0.0.0' });
  await client.connect(clientSide);
  return wrap(client, () => '');
}

function wrap(client: Client, stderr: () => string): StdioServer {
  return {
    client,
    stderr,
    async tools() {
      const { tools } = await client.request({ method: 'tools/list', params: {} }, listSchema);
      return new Map(tools.map((t) => [t.name, t as WireTool]));
    },
    async call(name, args, meta) {
      const params = meta === undefined ? { name, arguments: args } : { name, arguments: args, _meta: meta };
      return (await client.request({ method: 'tools/call', params }, callSchema)) as WireResult;
    },
    close: () => client.close(),
  };
}

/** The text of a result's content blocks, joined. */
export function textOf(result: WireResult): string {
  return result.content.map((c) => c.text ?? '').join('');
}
