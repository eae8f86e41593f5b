import type { ShareLevel } from '@mcp-trust/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from './support.js';
import { annotated, fakeServer, session, TOOLS } from './support.js';

/**
 * What the server is told about the session (`params._meta.annotations`) follows its `share`
 * setting: nothing, the flags (#711: once set, in every later request), or the flags with the
 * attribution and data classes.
 */
describe('request annotations per share', () => {
  let files: FakeServer;
  let mail: FakeServer;
  beforeAll(async () => {
    files = await fakeServer({
      tools: [TOOLS.note],
      answer: () =>
        annotated('Payroll: Alice 182000', {
          openWorldHint: false,
          attribution: ['mcp://files/hr/payroll.csv'],
          privateHint: true,
          returnMetadata: { source: 'internal', sensitivity: 'financial' },
        }),
    });
    mail = await fakeServer({ tools: [TOOLS.note] });
  });
  afterAll(async () => {
    await files.close();
    await mail.close();
  });

  async function sent(share: ShareLevel, meta?: Record<string, unknown>) {
    const { trust } = await session({
      clients: { files: files.client, mail: mail.client },
      servers: { files: { trust: 'trusted' }, mail: { share } },
    });
    await trust.callTool('files', 'note', {});
    await trust.callTool('mail', 'note', {}, meta === undefined ? {} : { meta });
    return mail.calls.at(-1)?._meta as Record<string, unknown> | undefined;
  }

  it('none: the server hears nothing', async () => {
    expect(await sent('none')).toBeUndefined();
  });

  it('minimal: the flags only', async () => {
    expect(await sent('minimal')).toEqual({ annotations: { openWorldHint: false, privateHint: true } });
  });

  it('full: the flags, where the data came from and what it is', async () => {
    expect(await sent('full')).toEqual({
      annotations: {
        openWorldHint: false,
        privateHint: true,
        attribution: ['mcp://files/hr/payroll.csv'],
        returnMetadata: { source: 'internal', sensitivity: 'financial' },
      },
    });
  });

  it('passes the host’s own _meta on, but never its annotations', async () => {
    const meta = await sent('minimal', {
      'example.com/trace': 'abc',
      annotations: { openWorldHint: false, privateHint: false },
    });
    expect(meta).toEqual({
      'example.com/trace': 'abc',
      annotations: { openWorldHint: false, privateHint: true },
    });
  });
});
