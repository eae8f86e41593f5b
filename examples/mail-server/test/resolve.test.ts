/** SEP-1862 `tools/resolve` on the mail server: a mail's destination is known once its recipient is. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StdioServer } from '../../test-support/stdio-client.js';
import { connectInProcess } from '../../test-support/stdio-client.js';
import { createMailServer, resolvedAnnotations, TOOL_RESOLUTION } from '../src/server.js';

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
    expect(caps.experimental?.[TOOL_RESOLUTION]).toEqual({});
  });

  it.each([
    ['lunch@example.com', 'internal'],
    ['accountant@ledger-partners.example', 'public'],
  ])('narrows send_email to %s down to %s', async (to, destination) => {
    const res = await server.client.request(
      { method: 'tools/resolve', params: { name: 'send_email', arguments: { to, subject: 's', body: 'b' } } },
      z.looseObject({ tool: z.looseObject({ name: z.string(), annotations: z.looseObject({}) }) }),
    );
    expect(res.tool.name).toBe('send_email');
    expect(res.tool.annotations).toMatchObject({ inputMetadata: { destination, outcomes: 'irreversible' } });
  });

  it('never answers wider than tools/list, and refuses unknown tools', async () => {
    expect(
      resolvedAnnotations('send_email', { to: 'not an address' }, 'example.com')?.inputMetadata?.destination,
    ).toEqual(['internal', 'public']);
    expect(resolvedAnnotations('nope', {}, 'example.com')).toBeUndefined();
    await expect(
      server.client.request(
        { method: 'tools/resolve', params: { name: 'nope', arguments: {} } },
        z.looseObject({}),
      ),
    ).rejects.toThrow(/unknown tool/);
  });
});
