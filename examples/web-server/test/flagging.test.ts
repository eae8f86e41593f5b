/**
 * "A web server that flags injected pages": with flagInjections, pages are scanned with the same
 * detectors the gateway runs, so a page is flagged for what it says, not only for what
 * pages.json knows about it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { connectInProcess } from '../../test-support/stdio-client.js';
import type { Page } from '../src/pages.js';
import { createWebServer } from '../src/server.js';

const html = (file: string) => readFileSync(new URL(`../pages/${file}`, import.meta.url), 'utf8');
const UNLISTED = 'https://forum.example.com/thread/1';
const BENIGN = 'https://news.example.org/market-report';

function pages(): Map<string, Page> {
  return new Map([
    // The injected blog post under another URL, not marked injected: only the scan can tell.
    [UNLISTED, { url: UNLISTED, html: html('blog.example.net/productivity-tips.html'), injected: false }],
    [BENIGN, { url: BENIGN, html: html('news.example.org/market-report.html'), injected: false }],
  ]);
}

describe('web-server flagging', () => {
  it('flags a page the detectors find injected, and not a benign one', async () => {
    const server = await connectInProcess(createWebServer({ pages: pages(), flagInjections: true }));
    try {
      const injected = await server.call('fetch_page', { url: UNLISTED });
      expect(injected._meta?.annotations).toMatchObject({ openWorldHint: true, maliciousActivityHint: true });
      const benign = await server.call('fetch_page', { url: BENIGN });
      expect(benign._meta?.annotations).not.toHaveProperty('maliciousActivityHint');
    } finally {
      await server.close();
    }
  });

  it('never flags without flagInjections, as its tools/list declares', async () => {
    const server = await connectInProcess(createWebServer({ pages: pages() }));
    try {
      expect((await server.tools()).get('fetch_page')?.annotations).toMatchObject({
        maliciousActivityHint: false,
      });
      const injected = await server.call('fetch_page', { url: UNLISTED });
      expect(injected._meta?.annotations).not.toHaveProperty('maliciousActivityHint');
    } finally {
      await server.close();
    }
  });
});
