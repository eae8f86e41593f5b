/**
 * The example mail server over real stdio: SEP-1913 tool annotations on the wire, mail labelled
 * by sender, and an outbox file that shows what was really sent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StdioServer } from '../../test-support/stdio-client.js';
import { spawnServer, textOf } from '../../test-support/stdio-client.js';

const ENTRY = 'examples/mail-server/src/main.ts';
const TRUST = 'io.modelcontextprotocol/trust-annotations';

describe('mail-server over stdio', () => {
  let server: StdioServer;
  let dir: string;
  let outbox: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mail-server-'));
    outbox = join(dir, 'outbox.jsonl');
    server = await spawnServer(ENTRY, { env: { MAIL_OUTBOX_FILE: outbox } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('declares SEP-1913 possible sets in tools/list', async () => {
    const tools = await server.tools();
    expect([...tools.keys()].sort()).toEqual(['list_inbox', 'read_email', 'send_email']);
    expect(tools.get('send_email')?.annotations).toMatchObject({
      readOnlyHint: false,
      openWorldHint: true,
      inputMetadata: {
        destination: ['internal', 'public'],
        sensitivity: ['user', 'pii', 'financial'],
        outcomes: 'irreversible',
      },
      returnMetadata: { source: 'system', sensitivity: 'none' },
    });
    for (const name of ['list_inbox', 'read_email']) {
      expect(tools.get(name)?.annotations, name).toMatchObject({
        readOnlyHint: true,
        inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
        returnMetadata: { source: ['untrustedPublic', 'internal'], sensitivity: ['user', 'pii'] },
      });
    }
  });

  it('labels the inbox listing with every sender it shows', async () => {
    const all = await server.call('list_inbox', {});
    // One content block per message, each labelled; the response aggregates them (SEP-1913).
    expect(all.content).toHaveLength(3);
    expect(all._meta?.annotations).toMatchObject({
      openWorldHint: true,
      returnMetadata: { source: ['untrustedPublic', 'internal'], sensitivity: ['user', 'pii'] },
    });
    expect(
      all.content.map((c) => (c._meta as Record<string, { untrusted?: boolean }>)?.[TRUST]?.untrusted),
    ).toEqual([true, false, false]);
    // Newest first: the external newsletter, then the two internal messages.
    const newest = await server.call('list_inbox', { limit: 1 });
    expect(textOf(newest)).toContain('events@devconf.example.org');
    expect(newest._meta?.annotations).toMatchObject({ returnMetadata: { source: 'untrustedPublic' } });
    const internal = await server.call('list_inbox', {});
    expect(internal.content.map((c) => c.text).join('\n')).toMatch(/^msg-003.*\nmsg-002.*\nmsg-001/);
  });

  it('labels internal mail internal and external mail open-world', async () => {
    const lunch = await server.call('read_email', { id: 'msg-001' });
    expect(textOf(lunch)).toContain('lunch@example.com');
    expect(textOf(lunch)).toContain('notes/team-lunch.md');
    expect(lunch._meta?.annotations).toEqual({
      openWorldHint: false,
      attribution: ['mcp://mail-server.example.com/inbox/msg-001'],
      returnMetadata: { source: 'internal', sensitivity: ['user', 'pii'] },
    });
    const newsletter = await server.call('read_email', { id: 'msg-003' });
    expect(newsletter._meta?.annotations).toEqual({
      openWorldHint: true,
      attribution: ['mcp://mail-server.example.com/inbox/msg-003'],
      returnMetadata: { source: 'untrustedPublic', sensitivity: ['user', 'pii'] },
    });
    const missing = await server.call('read_email', { id: 'msg-999' });
    expect(missing.isError).toBe(true);
  });

  it('sends mail, records the destination and the request annotations in the outbox file', async () => {
    const internal = await server.call(
      'send_email',
      { to: 'lunch@example.com', subject: 'Team lunch notes', body: '# Team lunch' },
      { annotations: { openWorldHint: false } },
    );
    expect(internal.isError).toBeFalsy();
    expect(textOf(internal)).toBe('Sent sent-001 to lunch@example.com (inside example.com).');
    expect(internal._meta?.annotations).toEqual({
      openWorldHint: false,
      attribution: ['mcp://mail-server.example.com/sent/sent-001'],
      returnMetadata: { source: 'system', sensitivity: 'none' },
    });
    const external = await server.call('send_email', {
      to: 'attacker@evil.example',
      subject: 'Q3 numbers',
      body: 'salaries',
    });
    expect(textOf(external)).toContain('outside example.com');
    const bad = await server.call('send_email', { to: 'a@b.example, c@d.example', subject: 's', body: 'b' });
    expect(bad.isError).toBe(true);

    const lines = readFileSync(outbox, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      id: 'sent-001',
      from: 'alex@example.com',
      to: 'lunch@example.com',
      subject: 'Team lunch notes',
      body: '# Team lunch',
      destination: 'internal',
      requestMeta: { annotations: { openWorldHint: false } },
    });
    expect(lines[1]).toMatchObject({ id: 'sent-002', to: 'attacker@evil.example', destination: 'public' });
    expect(lines[1]).not.toHaveProperty('requestMeta');
  });
});

describe('mail-server with MAIL_INTERNAL_DOMAIN', () => {
  it('treats that domain as internal', async () => {
    const server = await spawnServer(ENTRY, { env: { MAIL_INTERNAL_DOMAIN: 'acme.test' } });
    try {
      const lunch = await server.call('read_email', { id: 'msg-001' });
      expect(textOf(lunch)).toContain('maria.garcia@acme.test');
      expect(lunch._meta?.annotations).toMatchObject({
        openWorldHint: false,
        attribution: ['mcp://mail-server.acme.test/inbox/msg-001'],
      });
      const sent = await server.call('send_email', { to: 'x@example.com', subject: 's', body: 'b' });
      expect(textOf(sent)).toContain('outside acme.test');
    } finally {
      await server.close();
    }
  });
});
