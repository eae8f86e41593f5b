/**
 * The catalog overlays of the reference servers that are installed here, checked against the
 * servers themselves: each server is spawned over stdio with the client SDK and its `tools/list`
 * compared with the overlay. Every tool the overlay names must exist (a renamed tool would leave
 * the overlay silently unused), every argument it gives a role must be in that tool's input
 * schema, and every tool the server lists must be covered (a tool the overlay forgets would fall
 * back to "unknown").
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { formatCatalogProblem, loadOverlay } from '@mcp-trust/catalog';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

interface ServerTool {
  name: string;
  arguments: string[];
}

/** The server's entry script, from its package.json `bin` (each has exactly one). */
function binOf(pkg: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  const entry = typeof bin === 'string' ? bin : Object.values(bin)[0];
  if (entry === undefined) throw new Error(`${pkg} has no bin`);
  return join(dirname(manifest), entry);
}

const dir = mkdtempSync(join(tmpdir(), 'mcp-trust-catalog-tools-'));

const SERVERS = {
  // The allowed directory is required.
  filesystem: { pkg: '@modelcontextprotocol/server-filesystem', args: [dir], env: {} },
  // Keep the graph out of node_modules.
  memory: {
    pkg: '@modelcontextprotocol/server-memory',
    args: [],
    env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
  },
  everything: { pkg: '@modelcontextprotocol/server-everything', args: ['stdio'], env: {} },
} as const;
type ServerName = keyof typeof SERVERS;
const NAMES = Object.keys(SERVERS) as ServerName[];

/**
 * Every capability a server may make tools conditional on: server-everything lists seven more
 * tools (roots, sampling, elicitation in both modes, tasks) only to clients that declare them.
 */
const CAPABILITIES = {
  roots: {},
  sampling: {},
  elicitation: { form: {}, url: {} },
  tasks: { requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
};

const clients: Client[] = [];
const listed = new Map<ServerName, ServerTool[]>();

async function listTools(name: ServerName): Promise<ServerTool[]> {
  const { pkg, args, env } = SERVERS[name];
  const client = new Client({ name: 't', version: '0' }, { capabilities: CAPABILITIES });
  clients.push(client);
  client.setRequestHandler('roots/list', () => ({ roots: [] }));
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [binOf(pkg), ...args],
      env,
      stderr: 'ignore',
    }),
  );
  const tools: ServerTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    for (const t of page.tools)
      tools.push({ name: t.name, arguments: Object.keys(t.inputSchema.properties ?? {}) });
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

beforeAll(async () => {
  const lists = await Promise.all(NAMES.map(listTools));
  for (const [i, name] of NAMES.entries()) listed.set(name, lists[i]!);
}, 20_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe.each(NAMES)('the %s overlay against the real server', (name) => {
  const overlayTools = () => {
    const { overlay, problems } = loadOverlay(name);
    expect(overlay, problems.map(formatCatalogProblem).join('\n')).toBeDefined();
    return overlay!.tools;
  };

  it('names only tools the server lists', () => {
    const real = new Set(listed.get(name)!.map((t) => t.name));
    const unknown = Object.keys(overlayTools()).filter((t) => !real.has(t));
    expect(unknown, `the overlay names tools ${name} does not list`).toEqual([]);
  });

  it('covers every tool the server lists', () => {
    const declared = overlayTools();
    const uncovered = listed
      .get(name)!
      .map((t) => t.name)
      .filter((t) => !Object.hasOwn(declared, t));
    expect(uncovered, `tools of ${name} the overlay does not cover`).toEqual([]);
  });

  it('gives roles only to arguments the tools take', () => {
    const declared = overlayTools();
    const wrong: string[] = [];
    for (const tool of listed.get(name)!) {
      for (const arg of Object.keys(declared[tool.name]?.arguments ?? {})) {
        // A dotted name reaches into an object argument; its first segment must exist.
        if (!tool.arguments.includes(arg.split('.')[0]!)) wrong.push(`${tool.name}.${arg}`);
      }
    }
    expect(wrong, `arguments the ${name} tools do not take`).toEqual([]);
  });
});
