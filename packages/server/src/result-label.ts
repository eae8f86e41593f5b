import type { DataClaims, DataLabel, WireForm, WireObject } from '@mcp-trust/core';
import { makeLabel, readDataAnnotations, writeResultMeta } from '@mcp-trust/core';
import { checkAttribution } from './attribution.js';
import { TrustError } from './trust-error.js';
import type { ResultAnnotations } from './wire-types.js';

/** Where a result's annotations go: SEP-1913's `_meta.annotations`, the extension's key, or both. */
export type ResultForm = WireForm | 'both';

/**
 * One item's annotations, checked: read by core's data reader (any problem is the server
 * author's mistake, so it is refused rather than guessed at), and every attribution a URI.
 */
export function checkResultAnnotations(annotations: ResultAnnotations, path: string): DataClaims {
  const read = readDataAnnotations(annotations, path);
  const bad = read.problems.filter((p) => p.severity !== 'info');
  if (bad.length > 0) {
    throw new TrustError(
      'invalid-annotations',
      'result annotations',
      bad.map((p) => ({ path: p.path, message: p.message })),
    );
  }
  (annotations.attribution ?? []).forEach((uri, i) => {
    checkAttribution(uri, `${path}.attribution[${i}]`);
  });
  return read.value;
}

/** Claims (a server's own, so believed) as a label. */
export function labelOfClaims(claims: DataClaims): DataLabel {
  return makeLabel({
    openWorld: claims.openWorld === true,
    malicious: claims.malicious === true,
    private: claims.private === true,
    sensitiveLevel: claims.sensitiveLevel ?? 'none',
    sources: claims.sources ?? [],
    sensitivity: claims.sensitivity ?? [],
    attribution: claims.attribution ?? [],
  });
}

/** The `_meta` entries that carry a label in the chosen form. */
export function metaOfLabel(label: DataLabel, form: ResultForm): WireObject {
  if (form === 'both') {
    return { ...writeResultMeta(label), ...writeResultMeta(label, { form: 'extension' }) };
  }
  return writeResultMeta(label, { form });
}
