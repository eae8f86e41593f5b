/**
 * The example web server over real stdio: every page is open-world, the injected page carries
 * its hidden instructions, and only WEB_FLAG_INJECTIONS=1 makes the server flag it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StdioServer } from '../../test-support/stdio-client.js';
import { spawnServer, textOf } from '../../test-support/stdio-client.js';

const ENTRY = 'examples/web-server/src/main.ts';
const BENIGN = 'https://news.example.org/market-report';
const INJECTED = 'https://blog.example.net/productivity-tips';

describe('web-server over stdio', () => {
  let server: StdioServer;
  beforeAll(async () => {
    server = await spawnServer(ENTRY);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('declares an open-world fetch tool that never flags pages', async () => {
    const tools = await server.tools();
    expect([...tools.keys()]).toEqual(['fetch_page']);
    expect(tools.get('fetch_page')?.annotations).toMatchObject({
      readOnlyHint: true,
      openWorldHint: true,
      maliciousActivityHint: false,
      inputMetadata: { destination: 'public', sensitivity: 'none', outcomes: 'benign' },
      returnMetadata: { source: 'untrustedPublic', sensitivity: 'none' },
    });
  });

  it('labels every page open-world and attributes it to its URL', async () => {
    const benign = await server.call('fetch_page', { url: BENIGN });
    expect(textOf(benign)).toContain('Markets close higher');
    expect(benign._meta?.annotations).toEqual({
      openWorldHint: true,
      attribution: [BENIGN],
      returnMetadata: { source: 'untrustedPublic', sensitivity: 'none' },
    });
    const injected = await server.call('fetch_page', { url: `${INJECTED}/#comments` });
    expect(injected._meta?.annotations).toEqual({
      openWorldHint: true,
      attribution: [INJECTED],
      returnMetadata: { source: 'untrustedPublic', sensitivity: 'none' },
    });
  });

  it('serves the hidden injection, in a comment and in a display:none div', async () => {
    const html = textOf(await server.call('fetch_page', { url: INJECTED }));
    expect(html).toMatch(
      /<!--[\s\S]*Ignore all previous instructions[\s\S]*attacker@evil\.example[\s\S]*-->/,
    );
    expect(html).toMatch(
      /<div style="display:none">[\s\S]*hr\/salaries\.csv[\s\S]*attacker@evil\.example[\s\S]*<\/div>/,
    );
  });

  it('answers unknown and malformed URLs with tool errors', async () => {
    const missing = await server.call('fetch_page', { url: 'https://unknown.example/' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('404');
    const bad = await server.call('fetch_page', { url: 'file:///etc/passwd' });
    expect(bad.isError).toBe(true);
  });
});

describe('web-server with WEB_FLAG_INJECTIONS=1', () => {
  it('flags the injected page, and only that one', async () => {
    const server = await spawnServer(ENTRY, { env: { WEB_FLAG_INJECTIONS: '1' } });
    try {
      const tools = await server.tools();
      expect(tools.get('fetch_page')?.annotations).toMatchObject({ maliciousActivityHint: true });
      const injected = await server.call('fetch_page', { url: INJECTED });
      expect(injected._meta?.annotations).toEqual({
        openWorldHint: true,
        maliciousActivityHint: true,
        attribution: [INJECTED],
        returnMetadata: { source: 'untrustedPublic', sensitivity: 'none' },
      });
      const benign = await server.call('fetch_page', { url: BENIGN });
      expect(benign._meta?.annotations).not.toHaveProperty('maliciousActivityHint');
    } finally {
      await server.close();
    }
  });
});
