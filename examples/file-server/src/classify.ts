import type { DataClass, ResultAnnotations, Source } from './annotations.js';

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

/** One value when there is one, as SEP-1913 asks of resolved values; a set otherwise. */
export function single<T>(values: readonly T[]): T | T[] {
  return values.length === 1 ? values[0]! : [...values];
}

/** The SEP-1913 result annotations for the content of a file in `area`. */
export function fileAnnotations(area: Area, uri: string): ResultAnnotations {
  return {
    openWorldHint: false,
    attribution: [uri],
    returnMetadata: { source: area.source, sensitivity: single(area.sensitivity) },
  };
}

/** Results the server itself writes (directory listings, confirmations, errors). */
export function systemAnnotations(attribution?: string[]): ResultAnnotations {
  return {
    openWorldHint: false,
    ...(attribution && attribution.length > 0 ? { attribution } : {}),
    returnMetadata: { source: 'system', sensitivity: 'none' },
  };
}
