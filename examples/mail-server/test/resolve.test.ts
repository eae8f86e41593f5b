/** SEP-1862 `tools/resolve` on the mail server: a mail's destination is known once its recipient is. */
import { resolveTool, TOOL_RESOLUTION_EXTENSION } from '@mcp-trust/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StdioServer } from '../../test-support/stdio-client.js';
import { connectInProcess } from '../../test-support/stdio-client.js';
import { resolveMailTool } from '../src/resolve.js';
import { createMailServer, MAIL_TOOLS } from '../src/server.js';

const resolved = z.looseObject({ tool: z.looseObject({ name: z.string(), annotations: z.looseObject({}) }) });

describe('mail-server tools/resolve', () => {
  let server: StdioServer;
  beforeAll(async () => {
    server = await connectInProcess(createMailServer());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('advertises resolution as the extension', () => {
    const caps = server.client.getServerCapabilities() as Record<string, Record<string, unknown>>;
    expect(caps.experimental?.[TOOL_RESOLUTION_EXTENSION]).toEqual({});
    expect(caps.extensions?.[TOOL_RESOLUTION_EXTENSION]).toEqual({});
  });

  it.each([
    ['lunch@example.com', 'internal'],
    ['accountant@ledger-partners.example', 'public'],
  ])('narrows send_email to %s down to %s', async (to, destination) => {
    const res = await server.client.request(
      { method: 'tools/resolve', params: { name: 'send_email', arguments: { to, subject: 's', body: 'b' } } },
      resolved,
    );
    expect(res.tool.name).toBe('send_email');
    expect(res.tool.annotations).toMatchObject({ inputMetadata: { destination, outcomes: 'irreversible' } });
  });

  it('never answers wider than tools/list, and refuses unknown tools', async () => {
    expect(resolveMailTool('send_email', { to: 'not an address' }, 'example.com')).toBeUndefined();
    const res = await server.client.request(
      { method: 'tools/resolve', params: { name: 'send_email', arguments: { to: 'not an address' } } },
      resolved,
    );
    expect(res.tool.annotations).toEqual(MAIL_TOOLS.send_email.annotations);
    for (const to of ['a@example.com', 'b@elsewhere.example']) {
      const answer = resolveTool(MAIL_TOOLS.send_email, resolveMailTool('send_email', { to }, 'example.com'));
      expect(MAIL_TOOLS.send_email.annotations.inputMetadata?.destination).toContain(
        answer.annotations.inputMetadata?.destination,
      );
    }
    await expect(
      server.client.request(
        { method: 'tools/resolve', params: { name: 'nope', arguments: {} } },
        z.looseObject({}),
      ),
    ).rejects.toThrow(/unknown tool/);
  });
});
