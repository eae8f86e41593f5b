import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { ResultAnnotations, TrustToolAnnotations } from './annotations.js';
import type { Page } from './pages.js';
import { findPage, loadPages, normalizeUrl } from './pages.js';

/**
 * The web server of SEP-1913's reference scenario: `fetch_page` returns canned pages, and every
 * page is open-world (`openWorldHint: true`, source `untrustedPublic`, attributed to its URL).
 * One page hides a prompt injection. By default the server does not say so — the gateway's
 * detectors must see it for themselves; with WEB_FLAG_INJECTIONS=1 it is "the web server that
 * flags injected pages" and marks them `maliciousActivityHint: true`.
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

/** `tools/list` annotations. `maliciousActivityHint` says whether results may carry the flag. */
export function webToolAnnotations(flagInjections: boolean): { fetch_page: TrustToolAnnotations } {
  return {
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
  };
}

function result(text: string, annotations: ResultAnnotations, isError = false): CallToolResult {
  return { content: [{ type: 'text', text }], _meta: { annotations }, isError };
}

export function createWebServer(options: WebServerOptions = {}): McpServer {
  const pages = options.pages ?? loadPages(options.pagesDir ?? DEFAULT_PAGES_DIR);
  const flagInjections = options.flagInjections ?? false;
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
      annotations: webToolAnnotations(flagInjections).fetch_page,
    },
    async ({ url: raw }) => {
      const url = normalizeUrl(raw);
      const system: ResultAnnotations = {
        openWorldHint: false,
        returnMetadata: { source: 'system', sensitivity: 'none' },
      };
      if (url === undefined)
        return result(`Cannot fetch ${JSON.stringify(raw)}: not an http(s) URL.`, system, true);
      const page = findPage(pages, url);
      if (page === undefined) return result(`404 Not Found: ${url}`, system, true);
      return result(page.html, {
        openWorldHint: true,
        ...(flagInjections && page.injected ? { maliciousActivityHint: true } : {}),
        attribution: [page.url],
        returnMetadata: { source: 'untrustedPublic', sensitivity: 'none' },
      });
    },
  );

  return server;
}
