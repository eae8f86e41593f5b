import { fileURLToPath } from 'node:url';
import type { DeclaredTool, ResultAnnotations } from '@mcp-trust/server';
import { declareTools, scanContent, textResult } from '@mcp-trust/server';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { Page } from './pages.js';
import { findPage, loadPages, normalizeUrl } from './pages.js';

/**
 * The web server of SEP-1913's reference scenario: `fetch_page` returns canned pages, and every
 * page is open-world (`openWorldHint: true`, source `untrustedPublic`, attributed to its URL).
 * One page hides a prompt injection. By default the server does not say so — the gateway's
 * detectors must see it for themselves; with WEB_FLAG_INJECTIONS=1 it is "the web server that
 * flags injected pages": it scans each page with `@mcp-trust/server`'s `scanContent` (the same
 * detectors the gateway runs) and marks the ones it finds, or knows, injected with
 * `maliciousActivityHint: true`.
 */

export const WEB_SERVER_NAME = 'example-web-server';
/** The bundled pages (`examples/web-server/pages`), from `src/` and `dist/` alike. */
export const DEFAULT_PAGES_DIR = fileURLToPath(new URL('../pages/', import.meta.url));

export interface WebServerOptions {
  /** The pages to serve (default: loaded from `pagesDir`). */
  pages?: Map<string, Page>;
  /** A directory with `pages.json` and the HTML files (default: the bundled pages). */
  pagesDir?: string;
  /** Mark pages known to be injected with `maliciousActivityHint: true` (default false). */
  flagInjections?: boolean;
}

/** Options from the environment: WEB_FLAG_INJECTIONS=1, WEB_PAGES_DIR. */
export function webServerOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): WebServerOptions {
  const opts: WebServerOptions = {};
  if (env.WEB_FLAG_INJECTIONS === '1' || env.WEB_FLAG_INJECTIONS === 'true') opts.flagInjections = true;
  if (env.WEB_PAGES_DIR) opts.pagesDir = env.WEB_PAGES_DIR;
  return opts;
}

/**
 * `tools/list` declarations. `maliciousActivityHint` is a possible value: `true` when results may
 * carry the flag, `false` when they never will.
 */
export function webTools(flagInjections: boolean): { readonly fetch_page: DeclaredTool } {
  return declareTools({
    fetch_page: {
      title: 'Fetch a web page',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
      maliciousActivityHint: flagInjections,
      inputMetadata: { destination: 'public', sensitivity: 'none', outcomes: 'benign' },
      returnMetadata: { source: 'untrustedPublic', sensitivity: 'none' },
    },
  });
}

const SYSTEM: ResultAnnotations = {
  openWorldHint: false,
  returnMetadata: { source: 'system', sensitivity: 'none' },
};

export function createWebServer(options: WebServerOptions = {}): McpServer {
  const pages = options.pages ?? loadPages(options.pagesDir ?? DEFAULT_PAGES_DIR);
  const flagInjections = options.flagInjections ?? false;
  const tools = webTools(flagInjections);
  const server = new McpServer(
    { name: WEB_SERVER_NAME, version: '0.1.0' },
    {
      capabilities: { tools: {} },
      instructions: 'Fetches web pages. Every page is open-world content (see _meta.annotations).',
    },
  );

  server.registerTool(
    'fetch_page',
    {
      description: 'Fetch a web page by URL and return its HTML.',
      inputSchema: z.object({ url: z.string().describe('The http(s) URL of the page.') }),
      annotations: tools.fetch_page.annotations,
    },
    async ({ url: raw }) => {
      const url = normalizeUrl(raw);
      if (url === undefined)
        return textResult(`Cannot fetch ${JSON.stringify(raw)}: not an http(s) URL.`, SYSTEM, {
          isError: true,
        });
      const page = findPage(pages, url);
      if (page === undefined) return textResult(`404 Not Found: ${url}`, SYSTEM, { isError: true });
      const flagged = flagInjections && (page.injected || scanContent(page.html).malicious);
      return textResult(
        page.html,
        {
          openWorldHint: true,
          ...(flagged ? { maliciousActivityHint: true } : {}),
          attribution: [page.url],
          returnMetadata: { source: 'untrustedPublic', sensitivity: 'none' },
        },
        { tool: tools.fetch_page },
      );
    },
  );

  return server;
}
