import type { DataClass, ResultAnnotations, Source, TrustToolAnnotationsInit } from '@mcp-trust/server';
import { normalizePath } from './file-store.js';

/**
 * The drive is split into areas by top-level directory, and every file takes its area's
 * classification — the "server knows this path is internal and classified as financial" of
 * SEP-1913's tools/resolve example.
 */
export interface Area {
  /** The top-level directory. */
  name: string;
  description: string;
  source: Source;
  sensitivity: DataClass[];
  /** Files here are published: only data known to be clean may be written here. */
  published: boolean;
}

export const AREAS: readonly Area[] = [
  {
    name: 'hr',
    description: 'HR records: salaries and personal data',
    source: 'internal',
    sensitivity: ['financial', 'pii'],
    published: false,
  },
  {
    name: 'notes',
    description: 'internal team notes',
    source: 'internal',
    sensitivity: ['none'],
    published: false,
  },
  {
    name: 'public',
    description: 'published material',
    source: 'trustedPublic',
    sensitivity: ['none'],
    published: true,
  },
];

/** The area a normalized path lies in (`undefined` for the root and for anything outside the areas). */
export function areaOf(path: string): Area | undefined {
  const top = path.split('/')[0];
  return AREAS.find((a) => a.name === top);
}

/** The SEP-1913 result annotations for the content of a file in `area`. */
export function fileAnnotations(area: Area, uri: string): ResultAnnotations {
  return {
    openWorldHint: false,
    attribution: [uri],
    returnMetadata: { source: area.source, sensitivity: area.sensitivity },
  };
}

/** Results the server itself writes (confirmations, errors). */
export function systemAnnotations(attribution?: string[]): ResultAnnotations {
  return {
    openWorldHint: false,
    ...(attribution && attribution.length > 0 ? { attribution } : {}),
    returnMetadata: { source: 'system', sensitivity: 'none' },
  };
}

/**
 * `tools/resolve`: once the path is known, so is the area. `read_file` narrows to the area's
 * source and classes (SEP-1913's salary-sheet example); `write_file` to `public` for the
 * published area and `internal` for the others. Anything else keeps its declaration.
 */
export function resolveFileTool(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  uriOf: (path: string) => string,
): TrustToolAnnotationsInit | undefined {
  const path = typeof args.path === 'string' ? normalizePath(args.path) : undefined;
  const area = path === undefined ? undefined : areaOf(path);
  if (path === undefined || area === undefined || !path.includes('/')) return undefined;
  if (tool === 'read_file') {
    return {
      attribution: [uriOf(path)],
      returnMetadata: { source: area.source, sensitivity: area.sensitivity },
    };
  }
  if (tool === 'write_file')
    return { inputMetadata: { destination: area.published ? 'public' : 'internal' } };
  return undefined;
}
