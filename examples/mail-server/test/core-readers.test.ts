/** What the mail server emits reads cleanly with mcp-trust's own readers (packages/core). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResultAnnotations, readToolDefinition } from '../../../packages/core/src/index.js';
import type { StdioServer } from '../../test-support/stdio-client.js';
import { connectInProcess } from '../../test-support/stdio-client.js';
import { createMailbox, createMailServer } from '../src/server.js';

describe('mail-server output read by @mcp-trust/core', () => {
  const mailbox = createMailbox();
  let server: StdioServer;
  beforeAll(async () => {
    server = await connectInProcess(createMailServer({ mailbox }));
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

  it('reads internal mail as internal, external mail as open-world', async () => {
    const internal = readResultAnnotations(await server.call('read_email', { id: 'msg-001' }));
    expect(internal.problems).toEqual([]);
    expect(internal.value).toMatchObject({ openWorld: false, sources: ['internal'] });
    const external = readResultAnnotations(await server.call('read_email', { id: 'msg-003' }));
    expect(external.value).toMatchObject({ openWorld: true, sources: ['untrustedPublic'] });
    const listing = readResultAnnotations(await server.call('list_inbox', {}));
    expect(listing.problems).toEqual([]);
    expect(listing.value.openWorld).toBe(true);
  });

  it('keeps what it sent in the shared mailbox', async () => {
    const sent = readResultAnnotations(
      await server.call('send_email', { to: 'lunch@example.com', subject: 'Lunch', body: 'notes' }),
    );
    expect(sent.problems).toEqual([]);
    expect(mailbox.outbox).toMatchObject([
      { id: 'sent-001', to: 'lunch@example.com', destination: 'internal' },
    ]);
  });
});
