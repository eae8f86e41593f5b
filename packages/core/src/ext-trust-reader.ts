import type { DataClaims } from './claims.js';
import { put } from './data-annotations-reader.js';
import { parseSensitivity } from './parse-data-class.js';
import { isLevelString, parseAttribution, parseFlag, parseLevel } from './parse-scalars.js';
import { dataSet } from './parse-sets.js';
import type { ReadContext } from './read-context.js';
import { isRecord, keyPath, show } from './read-context.js';

/**
 * The Tool Annotations interest group's extension form, on a result, a content block or a
 * request: `_meta["io.modelcontextprotocol/trust-annotations"] = {untrusted?, sensitive?,
 * malicious?, attribution?}`. `sensitive` is overloaded: a boolean, a #711 level, or data
 * classes. Like every data claim, a malformed flag fails closed.
 */

export const TRUST_ANNOTATIONS_KEY = 'io.modelcontextprotocol/trust-annotations';

export function readTrustExtension(ctx: ReadContext, raw: unknown, path: string): DataClaims {
  ctx.saw('ext-trust-annotations');
  const claims: DataClaims = {};
  if (!isRecord(raw)) {
    ctx.wrongType(path, raw, `a ${TRUST_ANNOTATIONS_KEY} object; ignored`);
    return claims;
  }
  for (const key of ctx.keys(raw, path)) {
    const at = keyPath(path, key);
    const value = ctx.get(raw, key, path);
    if (value === undefined) continue;
    switch (key) {
      case 'untrusted': {
        const untrusted = parseFlag(ctx, value, at, true);
        put(claims, 'openWorld', untrusted);
        if (untrusted === true) claims.sources = ['untrustedPublic'];
        break;
      }
      case 'sensitive':
        readSensitive(ctx, value, at, claims);
        break;
      case 'malicious':
        put(claims, 'malicious', parseFlag(ctx, value, at, true));
        break;
      case 'attribution':
        put(claims, 'attribution', parseAttribution(ctx, value, at));
        break;
      default:
        ctx.report(
          at,
          'unknown-key',
          `${show(key)} is not part of ${TRUST_ANNOTATIONS_KEY}; ignored`,
          'warning',
        );
    }
  }
  return claims;
}

/** `true`: sensitive, class not said (`unknown`); `false`: none; a level; else data classes. */
function readSensitive(ctx: ReadContext, raw: unknown, path: string, claims: DataClaims): void {
  if (typeof raw === 'boolean' || raw === 'true' || raw === 'false') {
    const sensitive = parseFlag(ctx, raw, path, true);
    claims.sensitivity = sensitive === false ? [] : ['unknown'];
  } else if (typeof raw === 'string' && isLevelString(raw) && raw.toLowerCase() !== 'none') {
    put(claims, 'sensitiveLevel', parseLevel(ctx, raw, path));
  } else {
    // `"none"` lands here too: as a data class it is the empty set.
    put(claims, 'sensitivity', dataSet(parseSensitivity(ctx, raw, path)));
  }
}
