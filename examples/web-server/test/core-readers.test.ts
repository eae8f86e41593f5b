/** What the web server emits reads cleanly with mcp-trust's own readers (packages/core). */
import { describe, expect, it } from 'vitest';
import { readResultAnnotations, readToolDefinition } from '../../../packages/core/src/index.js';
import { connectInProcess } from '../../test-support/stdio-client.js';
import { createWebServer } from '../src/server.js';

describe('web-server output read by @mcp-trust/core', () => {
  it.each([false, true])('flagInjections: %s', async (flagInjections) => {
    const server = await connectInProcess(createWebServer({ flagInjections }));
    try {
      const tool = readToolDefinition((await server.tools()).get('fetch_page'));
      expect(tool.problems).toEqual([]);
      const page = readResultAnnotations(
        await server.call('fetch_page', { url: 'https://blog.example.net/productivity-tips' }),
      );
      expect(page.problems).toEqual([]);
      expect(page.value).toMatchObject({
        openWorld: true,
        sources: ['untrustedPublic'],
        attribution: ['https://blog.example.net/productivity-tips'],
      });
      expect(page.value.malicious ?? false).toBe(flagInjections);
    } finally {
      await server.close();
    }
  });
});
