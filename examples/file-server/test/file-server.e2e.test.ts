/**
 * The example file server over real stdio: SEP-1913 tool annotations on the wire, result
 * annotations by directory, and the refusal to publish open-world or sensitive data.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { StdioServer } from '../../test-support/stdio-client.js';
import { spawnServer, textOf } from '../../test-support/stdio-client.js';

const ENTRY = 'examples/file-server/src/main.ts';
const ORIGIN = 'mcp://file-server.example.com';

describe('file-server over stdio', () => {
  let server: StdioServer;
  beforeAll(async () => {
    server = await spawnServer(ENTRY);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('declares SEP-1913 possible sets in tools/list', async () => {
    const tools = await server.tools();
    expect([...tools.keys()].sort()).toEqual(['list_files', 'read_file', 'write_file']);
    expect(tools.get('read_file')?.annotations).toMatchObject({
      readOnlyHint: true,
      openWorldHint: false,
      inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
      // Possible sets as @mcp-trust/core writes them: rank order, data classes as a set (`none` is the empty one).
      returnMetadata: { source: ['trustedPublic', 'internal'], sensitivity: ['pii', 'financial'] },
    });
    expect(tools.get('write_file')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      inputMetadata: {
        destination: ['internal', 'public'],
        sensitivity: ['pii', 'financial'],
        outcomes: ['consequential', 'irreversible'],
      },
      returnMetadata: { source: 'system', sensitivity: 'none' },
    });
    expect(tools.get('list_files')?.annotations).toMatchObject({
      inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
      returnMetadata: { source: 'internal', sensitivity: 'none' },
    });
  });

  it('labels the salary sheet internal, financial and personal', async () => {
    const result = await server.call('read_file', { path: 'hr/salaries.csv' });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('Alice Moreau');
    expect(result._meta?.annotations).toEqual({
      openWorldHint: false,
      attribution: [`${ORIGIN}/hr/salaries.csv`],
      returnMetadata: { source: 'internal', sensitivity: ['pii', 'financial'] },
    });
  });

  it('labels notes internal and the press release trusted public, neither sensitive', async () => {
    const notes = await server.call('read_file', { path: '/notes/team-lunch.md' });
    expect(textOf(notes)).toContain('Team lunch');
    expect(notes._meta?.annotations).toEqual({
      openWorldHint: false,
      attribution: [`${ORIGIN}/notes/team-lunch.md`],
      returnMetadata: { source: 'internal', sensitivity: 'none' },
    });
    const press = await server.call('read_file', { path: 'public/press-release.md' });
    expect(press._meta?.annotations).toMatchObject({
      openWorldHint: false,
      returnMetadata: { source: 'trustedPublic', sensitivity: 'none' },
    });
  });

  it('lists directories', async () => {
    const top = await server.call('list_files', {});
    expect(textOf(top)).toMatch(/hr\/\nnotes\/\npublic\//);
    expect(top._meta?.annotations).toMatchObject({ openWorldHint: false, attribution: [`${ORIGIN}/`] });
    const hr = await server.call('list_files', { dir: 'hr' });
    expect(textOf(hr)).toContain('salaries.csv');
  });

  it('refuses to publish when the request says the session holds open-world data', async () => {
    const result = await server.call(
      'write_file',
      { path: 'public/tips.md', content: 'Ten productivity tips' },
      { annotations: { openWorldHint: true, attribution: ['https://blog.example.net/productivity-tips'] } },
    );
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Refused to write public\/tips\.md/);
    expect(textOf(result)).toContain('the data in this session is open-world');
    expect(textOf(result)).toContain('https://blog.example.net/productivity-tips');
    expect(result._meta?.['mcp-trust/server-verdict']).toMatchObject({
      decision: 'block',
      rules: [{ rule: 'publish-open-world' }],
    });
    expect(result._meta?.annotations).toMatchObject({ openWorldHint: false });
    const after = await server.call('read_file', { path: 'public/tips.md' });
    expect(after.isError).toBe(true);
  });

  it('refuses to publish sensitive data (SEP-1913 returnMetadata, #711 hints, the extension form)', async () => {
    const metas = [
      {
        annotations: {
          openWorldHint: false,
          returnMetadata: { source: 'internal', sensitivity: 'financial' },
        },
      },
      { annotations: { privateHint: true } },
      { annotations: { sensitiveHint: 'high' } },
      { annotations: { maliciousActivityHint: true } },
      { 'io.modelcontextprotocol/trust-annotations': { untrusted: false, sensitive: ['pii'] } },
      { annotations: { openWorldHint: 'yes' } }, // malformed: read as open-world
      { annotations: 'open-world' }, // malformed: nothing can be ruled out
    ];
    for (const meta of metas) {
      const result = await server.call('write_file', { path: 'public/leak.md', content: 'x' }, meta);
      expect(result.isError, JSON.stringify(meta)).toBe(true);
      expect(textOf(result)).toContain('Refused');
    }
  });

  it('publishes clean data, and writes anything to internal areas', async () => {
    const clean = await server.call(
      'write_file',
      { path: 'public/update.md', content: '# Office update' },
      { annotations: { openWorldHint: false, returnMetadata: { source: 'internal', sensitivity: 'none' } } },
    );
    expect(clean.isError).toBeFalsy();
    expect(clean._meta?.annotations).toEqual({
      openWorldHint: false,
      attribution: [`${ORIGIN}/public/update.md`],
      returnMetadata: { source: 'system', sensitivity: 'none' },
    });
    const back = await server.call('read_file', { path: 'public/update.md' });
    expect(textOf(back)).toBe('# Office update');

    const internal = await server.call(
      'write_file',
      { path: 'notes/web-summary.md', content: 'summary' },
      { annotations: { openWorldHint: true } },
    );
    expect(internal.isError).toBeFalsy();
  });

  it("answers tools/resolve per path, as SEP-1913's salary-sheet example does", async () => {
    const caps = server.client.getServerCapabilities() as Record<string, Record<string, unknown>>;
    expect(caps.extensions?.['io.modelcontextprotocol/tool-resolution']).toEqual({});
    const resolve = (name: string, args: Record<string, unknown>) =>
      server.client.request(
        { method: 'tools/resolve', params: { name, arguments: args } },
        z.object({ tool: z.looseObject({ name: z.string(), annotations: z.looseObject({}) }) }),
      );
    const salaries = await resolve('read_file', { path: '/hr/salaries.csv' });
    expect(salaries.tool.annotations).toMatchObject({
      readOnlyHint: true,
      openWorldHint: false,
      attribution: [`${ORIGIN}/hr/salaries.csv`],
      returnMetadata: { source: 'internal', sensitivity: ['pii', 'financial'] },
    });
    const press = await resolve('read_file', { path: 'public/press-release.md' });
    expect(press.tool.annotations).toMatchObject({
      returnMetadata: { source: 'trustedPublic', sensitivity: 'none' },
    });
    expect((await resolve('write_file', { path: 'public/x.md' })).tool.annotations).toHaveProperty(
      'inputMetadata.destination',
      'public',
    );
    expect((await resolve('write_file', { path: 'notes/x.md' })).tool.annotations).toHaveProperty(
      'inputMetadata.destination',
      'internal',
    );
    // A path outside the areas tells the server nothing: the declaration stands.
    expect((await resolve('write_file', { path: '../x' })).tool.annotations).toHaveProperty(
      'inputMetadata.destination',
      ['internal', 'public'],
    );
  });

  it('stays inside the drive', async () => {
    for (const path of ['../package.json', 'hr/../../x', 'elsewhere/x.md', 'hr']) {
      const result = await server.call('write_file', { path, content: 'x' });
      expect(result.isError, path).toBe(true);
    }
    const read = await server.call('read_file', { path: '../src/server.ts' });
    expect(read.isError).toBe(true);
  });
});

describe('file-server on the 2026-07-28 protocol', () => {
  it('keeps annotations, and reads the extension form from params._meta', async () => {
    const server = await spawnServer(ENTRY, { negotiation: 'auto' });
    try {
      expect(server.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const tools = await server.tools();
      expect(tools.get('read_file')?.annotations).toHaveProperty('returnMetadata.source', [
        'trustedPublic',
        'internal',
      ]);
      const read = await server.call('read_file', { path: 'hr/salaries.csv' });
      expect(read._meta?.annotations).toMatchObject({
        returnMetadata: { source: 'internal', sensitivity: ['pii', 'financial'] },
      });
      const refused = await server.call(
        'write_file',
        { path: 'public/x.md', content: 'x' },
        { 'io.modelcontextprotocol/trust-annotations': { untrusted: true } },
      );
      expect(textOf(refused)).toContain('Refused');
    } finally {
      await server.close();
    }
  });
});

describe('file-server with FILE_SERVER_PERSIST', () => {
  it('writes through to FILE_SERVER_ROOT', async () => {
    const root = mkdtempSync(join(tmpdir(), 'file-server-'));
    cpSync(new URL('../data/', import.meta.url), root, { recursive: true });
    const server = await spawnServer(ENTRY, { env: { FILE_SERVER_ROOT: root, FILE_SERVER_PERSIST: '1' } });
    try {
      const result = await server.call('write_file', { path: 'notes/new/todo.md', content: 'buy milk' });
      expect(result.isError).toBeFalsy();
      expect(readFileSync(join(root, 'notes', 'new', 'todo.md'), 'utf8')).toBe('buy milk');
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
