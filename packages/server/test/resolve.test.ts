/** tools/resolve: narrowing for the arguments, never wider than tools/list, both capability shapes. */
import type { ToolResolver } from '@mcp-trust/server';
import {
  declareTools,
  registerToolResolution,
  resolveTool,
  TOOL_RESOLUTION_EXTENSION,
  TrustError,
} from '@mcp-trust/server';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { errorsOf, validToolAnnotations } from './support/schemas.js';

const TOOLS = declareTools({
  send_email: {
    title: 'Send an e-mail',
    openWorldHint: true,
    inputMetadata: {
      destination: ['internal', 'public'],
      sensitivity: ['user', 'pii'],
      outcomes: 'irreversible',
    },
    returnMetadata: { source: 'system', sensitivity: 'none' },
  },
  read_file: {
    readOnlyHint: true,
    returnMetadata: { source: ['internal', 'trustedPublic'], sensitivity: ['none', 'financial', 'pii'] },
  },
});
const send = TOOLS.send_email;

describe('resolveTool', () => {
  it('narrows the declared set to the resolved value, keeping every other field', () => {
    const answer = resolveTool(send, { inputMetadata: { destination: 'internal' } });
    expect(answer.name).toBe('send_email');
    expect(answer.annotations).toEqual({
      ...send.annotations,
      inputMetadata: { ...send.annotations.inputMetadata, destination: 'internal' },
    });
    expect(validToolAnnotations(answer.annotations), errorsOf(validToolAnnotations)).toBe(true);
  });

  it("resolves SEP-1913's salary-sheet example to internal financial data", () => {
    const answer = resolveTool(TOOLS.read_file, {
      openWorldHint: false,
      attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'],
      returnMetadata: { source: 'internal', sensitivity: 'financial' },
    });
    expect(answer.annotations).toEqual({
      readOnlyHint: true,
      openWorldHint: false,
      attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'],
      returnMetadata: { source: 'internal', sensitivity: 'financial' },
    });
  });

  it('answers with the static declaration when there is nothing to narrow', () => {
    expect(resolveTool(send, undefined).annotations).toEqual(send.annotations);
  });

  it.each([
    [
      'a destination outside the set',
      { inputMetadata: { destination: 'system' } },
      'annotations.inputMetadata.destination',
    ],
    [
      'a data class outside the set',
      { inputMetadata: { sensitivity: 'credentials' } },
      'annotations.inputMetadata.sensitivity',
    ],
    [
      'a source outside the set',
      { returnMetadata: { source: 'untrustedPublic' } },
      'annotations.returnMetadata.source',
    ],
  ] as const)('refuses %s', (_what, resolved, path) => {
    const error = thrown(() => resolveTool(send, resolved));
    expect(error.code).toBe('wider-than-declared');
    expect(error.subject).toBe('tools/resolve for "send_email"');
    expect(error.issues.map((i) => i.path)).toEqual([path]);
  });

  it('refuses a hint resolved to its risky value against a declared safe one', () => {
    const error = thrown(() => resolveTool(TOOLS.read_file, { readOnlyHint: false }));
    expect(error.issues).toEqual([
      { path: 'annotations.readOnlyHint', message: 'resolved {false}, wider than the declared {true}' },
    ]);
  });
});

describe('registerToolResolution over MCP', () => {
  const open: Client[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  const byRecipient: ToolResolver = (name, args) =>
    name === 'send_email' && typeof args.to === 'string'
      ? { inputMetadata: { destination: args.to.endsWith('@example.com') ? 'internal' : 'public' } }
      : undefined;

  async function connect(
    opts: { advertise?: 'both' | 'sep1862' | 'extension'; resolve?: ToolResolver } = {},
  ) {
    const server = new McpServer({ name: 'resolver', version: '0' }, { capabilities: { tools: {} } });
    registerToolResolution(server, {
      tools: TOOLS,
      resolve: opts.resolve ?? byRecipient,
      ...(opts.advertise === undefined ? {} : { advertise: opts.advertise }),
    });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '0' });
    await client.connect(clientSide);
    open.push(client);
    return { server, client };
  }

  const resolve = (client: Client, name: string, args: Record<string, unknown>) =>
    client.request(
      { method: 'tools/resolve', params: { name, arguments: args } },
      z.object({ tool: z.looseObject({ name: z.string(), annotations: z.looseObject({}) }) }),
    );

  it('advertises both shapes by default', async () => {
    const { server, client } = await connect();
    expect(server.server.getCapabilities()).toMatchObject({
      tools: { resolve: true },
      extensions: { [TOOL_RESOLUTION_EXTENSION]: {} },
      experimental: { [TOOL_RESOLUTION_EXTENSION]: {} },
    });
    // The SDK client keeps the extension forms (it drops unknown keys under `tools`).
    expect(client.getServerCapabilities()).toMatchObject({
      experimental: { [TOOL_RESOLUTION_EXTENSION]: {} },
    });
  });

  it('advertises one shape when asked', async () => {
    const only1862 = await connect({ advertise: 'sep1862' });
    expect(only1862.server.server.getCapabilities()).not.toHaveProperty('experimental');
    expect(only1862.server.server.getCapabilities().tools).toMatchObject({ resolve: true });
    const onlyExt = await connect({ advertise: 'extension' });
    expect(onlyExt.server.server.getCapabilities().tools).not.toHaveProperty('resolve');
  });

  it.each([
    ['lunch@example.com', 'internal'],
    ['accountant@ledger-partners.example', 'public'],
  ])('resolves send_email to %s as %s', async (to, destination) => {
    const { client } = await connect();
    const res = await resolve(client, 'send_email', { to });
    expect(res.tool.name).toBe('send_email');
    expect(res.tool.annotations).toMatchObject({
      title: 'Send an e-mail',
      inputMetadata: { destination, outcomes: 'irreversible' },
    });
    expect(validToolAnnotations(res.tool.annotations), errorsOf(validToolAnnotations)).toBe(true);
  });

  it('refuses unknown tools, and never lets a wider answer through', async () => {
    const { client } = await connect({
      resolve: () => ({ inputMetadata: { destination: ['public', 'system'] } }),
    });
    await expect(resolve(client, 'nope', {})).rejects.toThrow(/unknown tool "nope"/);
    await expect(resolve(client, 'send_email', { to: 'x@example.com' })).rejects.toThrow(
      /tools\/resolve for "send_email": annotations\.inputMetadata\.destination: resolved \{public, system\}, wider than the declared \{internal, public\}/,
    );
  });
});

function thrown(f: () => unknown): TrustError {
  try {
    f();
  } catch (error) {
    if (error instanceof TrustError) return error;
    throw error;
  }
  throw new Error('expected a TrustError');
}
