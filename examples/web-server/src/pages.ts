import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The canned web: `pages.json` maps each URL to an HTML file and says whether the page is known
 * to carry a prompt injection (which only the flagging mode reports).
 */
export interface Page {
  url: string;
  html: string;
  injected: boolean;
}

export function loadPages(dir: string): Map<string, Page> {
  const manifest: unknown = JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8'));
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    throw new Error(`${join(dir, 'pages.json')}: expected an object of URL → {file, injected}`);
  const pages = new Map<string, Page>();
  for (const [url, entry] of Object.entries(manifest)) {
    const { file, injected } = (entry ?? {}) as { file?: unknown; injected?: unknown };
    const key = normalizeUrl(url);
    if (key === undefined || typeof file !== 'string')
      throw new Error(`${join(dir, 'pages.json')}: bad entry for ${JSON.stringify(url)}`);
    pages.set(key, { url: key, html: readFileSync(join(dir, file), 'utf8'), injected: injected === true });
  }
  return pages;
}

/** An http(s) URL without its fragment or a trailing slash; `undefined` for anything else. */
export function normalizeUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.href;
}

/** The page for a URL; `http:` finds the `https:` page (and the other way round). */
export function findPage(pages: Map<string, Page>, url: string): Page | undefined {
  const other = url.startsWith('https:') ? `http:${url.slice(6)}` : `https:${url.slice(5)}`;
  return pages.get(url) ?? pages.get(other);
}
