import { readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OverlayParse } from './parse-overlay.js';
import { OVERLAY_NAME, parseOverlay } from './parse-overlay.js';

/** `packages/catalog/overlays`, found from this module so it works from `src/` (tests) and `dist/` alike. */
export const CATALOG_DIR = fileURLToPath(new URL('../overlays/', import.meta.url));

/** A path (`./x.yaml`, `../o/x.yml`, `/abs/x.yaml`) rather than a catalog name (`agentdojo/banking`). */
export function isOverlayPath(nameOrPath: string): boolean {
  return /^\.{1,2}[\\/]/.test(nameOrPath) || isAbsolute(nameOrPath) || /\.ya?ml$/i.test(nameOrPath);
}

export interface LoadOverlayOptions {
  /** Directory that relative overlay paths are resolved against (the config file's); default: the working directory. */
  baseDir?: string;
}

/**
 * An overlay by catalog name or by file path. A catalog overlay's `name` must equal its name in the
 * catalog, so the file an operator names is the file they get. Never throws: an unreadable file is
 * a problem like any other.
 */
export function loadOverlay(
  nameOrPath: string,
  opts: LoadOverlayOptions = {},
): OverlayParse & { file: string } {
  const fromCatalog = !isOverlayPath(nameOrPath);
  if (fromCatalog && !OVERLAY_NAME.test(nameOrPath)) {
    return failed(
      nameOrPath,
      'unknown-overlay',
      `${JSON.stringify(nameOrPath)} is neither a catalog overlay name nor a .yaml path`,
    );
  }
  const file = fromCatalog
    ? join(CATALOG_DIR, `${nameOrPath}.yaml`)
    : resolve(opts.baseDir ?? process.cwd(), nameOrPath);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const why = fromCatalog
      ? `no overlay named ${JSON.stringify(nameOrPath)} in the catalog (known: ${listCatalogOverlays().join(', ') || 'none'})`
      : `cannot read the overlay: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;
    return failed(file, fromCatalog ? 'unknown-overlay' : 'unreadable', why);
  }
  const parsed = parseOverlay(text, file, fromCatalog ? { expectName: nameOrPath } : {});
  return { ...parsed, file };
}

/** Every catalog overlay's name, sorted (`agentdojo/banking`, …). */
export function listCatalogOverlays(): string[] {
  let entries: string[];
  try {
    entries = readdirSync(CATALOG_DIR, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries
    .filter((f) => f.endsWith('.yaml'))
    .map((f) =>
      relative(CATALOG_DIR, join(CATALOG_DIR, f))
        .split(sep)
        .join('/')
        .replace(/\.yaml$/, ''),
    )
    .sort();
}

function failed(file: string, code: string, message: string): OverlayParse & { file: string } {
  return { file, problems: [{ file, line: 0, col: 0, path: '$', code, message, severity: 'error' }] };
}
