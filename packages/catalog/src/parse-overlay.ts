import type { Overlay, ToolOverlay } from '@mcp-trust/engine';
import type { CatalogProblem } from './catalog-problem.js';
import { hasErrors } from './catalog-problem.js';
import { readToolOverlay } from './tool-overlay.js';
import { readObject, readRecord, readString } from './yaml-checks.js';
import { YamlSource } from './yaml-source.js';

const OVERLAY_KEYS = ['name', 'description', 'tools', 'defaults'] as const;

/** Catalog names are paths of lowercase segments: `filesystem`, `agentdojo/banking`. */
export const OVERLAY_NAME = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

export interface OverlayParse {
  /** Present only when the file has no errors: a half-read overlay would misstate the operator's word. */
  overlay?: Overlay;
  problems: CatalogProblem[];
}

export interface ParseOverlayOptions {
  /** The name the overlay must have (its catalog path); a different `name` is an error. */
  expectName?: string;
}

/** An overlay file's text → the overlay the engine consumes, or every problem with its place. */
export function parseOverlay(text: string, file: string, opts: ParseOverlayOptions = {}): OverlayParse {
  const src = new YamlSource(text, file);
  if (hasErrors(src.problems)) return { problems: src.problems };
  const obj = readObject(src, src.value, [], 'an overlay', OVERLAY_KEYS);
  if (obj === undefined) return { problems: src.problems };

  const name = readString(src, obj.name, ['name'], '`name`');
  if (name !== undefined && !OVERLAY_NAME.test(name)) {
    src.report(
      ['name'],
      'invalid-name',
      `overlay name ${JSON.stringify(name)} must be lowercase path segments like "agentdojo/banking"`,
    );
  }
  if (name !== undefined && opts.expectName !== undefined && name !== opts.expectName) {
    src.report(
      ['name'],
      'name-mismatch',
      `the overlay at catalog path ${JSON.stringify(opts.expectName)} is named ${JSON.stringify(name)}; they must match`,
    );
  }
  let description: string | undefined;
  if (obj.description !== undefined)
    description = readString(src, obj.description, ['description'], '`description`');

  const tools: Record<string, ToolOverlay> = {};
  if (obj.tools === undefined)
    src.report([], 'missing-field', 'an overlay needs `tools` (use `tools: {}` with `defaults` only)');
  else {
    const entries = readRecord(src, obj.tools, ['tools'], '`tools`') ?? {};
    for (const [tool, raw] of Object.entries(entries)) {
      const parsed = readToolOverlay(src, raw, ['tools', tool], `tool ${JSON.stringify(tool)}`);
      if (parsed !== undefined) tools[tool] = parsed;
    }
  }
  const defaults =
    obj.defaults === undefined ? undefined : readToolOverlay(src, obj.defaults, ['defaults'], '`defaults`');

  if (hasErrors(src.problems) || name === undefined) return { problems: src.problems };
  const overlay: Overlay = { name, tools };
  if (description !== undefined) overlay.description = description;
  if (defaults !== undefined) overlay.defaults = defaults;
  return { overlay, problems: src.problems };
}
