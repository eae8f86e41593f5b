#!/usr/bin/env node
/**
 * The example web server over stdio. Environment: WEB_FLAG_INJECTIONS=1 (mark pages known to be
 * injected with maliciousActivityHint: true), WEB_PAGES_DIR (pages.json and HTML files to serve).
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { loadPages } from './pages.js';
import { createWebServer, DEFAULT_PAGES_DIR, webServerOptionsFromEnv } from './server.js';

const options = webServerOptionsFromEnv();
const pages = loadPages(options.pagesDir ?? DEFAULT_PAGES_DIR);
serveStdio(() => createWebServer({ ...options, pages }), {
  onerror: (error) => console.error(`example-web-server: ${error.message}`),
});
