/**
 * What the file server emits is what mcp-trust's own readers (packages/core) understand: every
 * tool definition and result reads without a single problem, with the claims we mean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResultAnnotations, readToolDefinition } from '../../../packages/core/src/index.js';
import type { StdioServer } from '../../test-support/stdio-client.js';
import { connectInProcess } from '../../test-support/stdio-client.js';
import { createFileServer } from '../src/server.js';

describe('file-server output read by @mcp-trust/core', () => {
  let server: StdioServer;
  beforeAll(async () => {
    server = await connectInProcess(createFileServer());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads every tool definition cleanly', async () => {
    const tools = await server.tools();
    expect(tools.size).toBe(3);
    for (const tool of tools.values()) {
      const read = readToolDefinition(tool);
      expect(read.problems, tool.name).toEqual([]);
      expect(read.dialects).toContain('sep1913');
    }
  });

  it('reads the salary sheet as internal financial + pii data', async () => {
    const read = readResultAnnotations(await server.call('read_file', { path: 'hr/salaries.csv' }));
    expect(read.problems).toEqual([]);
    expect(read.value).toMatchObject({
      openWorld: false,
      sources: ['internal'],
      attribution: ['mcp://file-server.example.com/hr/salaries.csv'],
    });
    expect([...(read.value.sensitivity ?? [])].sort()).toEqual(['financial', 'pii']);
  });

  it('reads a refusal cleanly too', async () => {
    const refused = await server.call(
      'write_file',
      { path: 'public/x.md', content: 'x' },
      { annotations: { openWorldHint: true } },
    );
    expect(refused.isError).toBe(true);
    expect(readResultAnnotations(refused).problems).toEqual([]);
  });
});
