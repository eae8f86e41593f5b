/**
 * End to end over real stdio: the example servers built on @mcp-trust/server, driven by a real SDK
 * client. What they put on the wire validates against core's pinned SEP-1913 schemas and reads
 * back through core; request annotations in every dialect reach the server-side policy.
 */
import { readResultAnnotations, readToolDefinition } from '@mcp-trust/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { StdioServer } from '../../../examples/test-support/stdio-client.js';
import { spawnServer, textOf } from '../../../examples/test-support/stdio-client.js';
import { errorsOf, validDataMeta, validToolAnnotations } from './support/schemas.js';

const FILES = 'examples/file-server/src/main.ts';
const MAIL = 'examples/mail-server/src/main.ts';

describe('the file server, over stdio', () => {
  let files: StdioServer;
  beforeAll(async () => {
    files = await spawnServer(FILES);
  });
  afterAll(async () => {
    await files?.close();
  });

  it('lists tools whose annotations validate and read back without a problem', async () => {
    const tools = await files.tools();
    expect(tools.size).toBe(3);
    for (const tool of tools.values()) {
      expect(validToolAnnotations(tool.annotations), `${tool.name}: ${errorsOf(validToolAnnotations)}`).toBe(
        true,
      );
      expect(readToolDefinition(tool).problems).toEqual([]);
    }
  });

  it('answers tools/resolve within the declaration, with schema-valid annotations', async () => {
    const res = await files.client.request(
      { method: 'tools/resolve', params: { name: 'read_file', arguments: { path: 'hr/salaries.csv' } } },
      z.object({ tool: z.looseObject({ name: z.string(), annotations: z.looseObject({}) }) }),
    );
    expect(validToolAnnotations(res.tool.annotations), errorsOf(validToolAnnotations)).toBe(true);
    expect(res.tool.annotations).toMatchObject({ returnMetadata: { source: 'internal' } });
  });

  it('labels results with schema-valid _meta that core reads as the server meant', async () => {
    const result = await files.call('read_file', { path: 'hr/salaries.csv' });
    expect(validDataMeta(result._meta), errorsOf(validDataMeta)).toBe(true);
    expect(readResultAnnotations(result).value).toMatchObject({
      openWorld: false,
      sources: ['internal'],
      sensitivity: ['financial', 'pii'],
    });
  });

  it.each([
    ['SEP-1913', { annotations: { openWorldHint: true } }],
    [
      'SEP-1913 returnMetadata',
      {
        annotations: {
          openWorldHint: false,
          returnMetadata: { source: 'untrustedPublic', sensitivity: 'none' },
        },
      },
    ],
    ['#711', { annotations: { sensitiveHint: 'low' } }],
    ['the trust-annotations extension', { 'io.modelcontextprotocol/trust-annotations': { malicious: true } }],
    ['malformed annotations', { annotations: ['open-world'] }],
  ])('refuses to publish when the request says so in %s', async (_dialect, meta) => {
    const result = await files.call('write_file', { path: 'public/out.md', content: 'x' }, meta);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Refused to write public\/out\.md: /);
  });

  it('publishes when the request says the data is clean, and writes internally whatever it says', async () => {
    const clean = {
      annotations: { openWorldHint: false, returnMetadata: { source: 'internal', sensitivity: 'none' } },
    };
    expect(
      (await files.call('write_file', { path: 'public/ok.md', content: 'x' }, clean)).isError,
    ).toBeFalsy();
    const tainted = { annotations: { openWorldHint: true } };
    expect(
      (await files.call('write_file', { path: 'notes/ok.md', content: 'x' }, tainted)).isError,
    ).toBeFalsy();
  });
});

describe('the mail server, over stdio on the 2026-07-28 protocol', () => {
  it('asks the person through the client before sensitive data leaves, and sends once approved', async () => {
    const asked: string[] = [];
    const mail = await spawnServer(MAIL, {
      negotiation: 'auto',
      person: (message) => {
        asked.push(message);
        return 'accept';
      },
    });
    try {
      const meta = { annotations: { openWorldHint: false, privateHint: true } };
      const result = await mail.call(
        'send_email',
        { to: 'someone@elsewhere.example', subject: 's', body: 'b' },
        meta,
      );
      expect(asked).toHaveLength(1);
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toMatch(/^Sent sent-001 to someone@elsewhere\.example/);
      expect(validDataMeta(result._meta), errorsOf(validDataMeta)).toBe(true);
    } finally {
      await mail.close();
    }
  });
});
