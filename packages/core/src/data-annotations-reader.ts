import { readReturnMetadata } from './action-metadata-reader.js';
import type { DataClaims, ReadResult } from './claims.js';
import { parseAttribution, parseFlag, parseLevel } from './parse-scalars.js';
import { dataSet } from './parse-sets.js';
import { isRecord, keyPath, ReadContext, show } from './read-context.js';

/**
 * One data-annotations object, as SEP-1913 puts on results (`_meta.annotations`) and requests
 * (`params._meta.annotations`), with #711's `privateHint`/`sensitiveHint`. These describe actual
 * data, so a malformed risk flag fails closed: it reads as the risky value.
 */

export function readDataAnnotations(obj: unknown, path = '$'): ReadResult<DataClaims> {
  const ctx = new ReadContext('data', path);
  return ctx.result(readDataClaims(ctx, obj, path));
}

export function readDataClaims(ctx: ReadContext, raw: unknown, path: string): DataClaims {
  const claims: DataClaims = {};
  if (raw === undefined) return claims;
  if (!isRecord(raw)) {
    ctx.wrongType(path, raw, 'an annotations object; ignored');
    return claims;
  }
  for (const key of ctx.keys(raw, path)) {
    const at = keyPath(path, key);
    const value = ctx.get(raw, key, path);
    if (value === undefined) continue;
    switch (key) {
      case 'openWorldHint':
        ctx.saw('sep1913');
        put(claims, 'openWorld', parseFlag(ctx, value, at, true));
        break;
      case 'maliciousActivityHint':
        ctx.saw('sep1913');
        put(claims, 'malicious', parseFlag(ctx, value, at, true));
        break;
      case 'privateHint':
        ctx.saw('issue711');
        put(claims, 'private', parseFlag(ctx, value, at, true));
        break;
      case 'sensitiveHint':
        ctx.saw('issue711');
        put(claims, 'sensitiveLevel', parseLevel(ctx, value, at));
        break;
      case 'attribution':
        ctx.saw('sep1913');
        put(claims, 'attribution', parseAttribution(ctx, value, at));
        break;
      case 'returnMetadata': {
        const ret = readReturnMetadata(ctx, value, at, 'sep1913');
        put(claims, 'sources', dataSet(ret.source));
        put(claims, 'sensitivity', dataSet(ret.sensitivity));
        break;
      }
      default:
        ctx.report(at, 'unknown-key', `${show(key)} is not a known data annotation; ignored`, 'warning');
    }
  }
  return settleOpenWorld(ctx, claims, path);
}

/** Data from an `untrustedPublic` source is open-world whatever a flag beside it says: the worse claim wins. */
export function settleOpenWorld(ctx: ReadContext, claims: DataClaims, path: string): DataClaims {
  if (claims.sources?.includes('untrustedPublic') !== true) return claims;
  if (claims.openWorld === false) {
    ctx.report(
      path,
      'contradictory',
      'openWorldHint: false beside an untrustedPublic source; read as open-world',
      'warning',
    );
  }
  claims.openWorld = true;
  return claims;
}

export function put<K extends keyof DataClaims>(
  claims: DataClaims,
  key: K,
  value: DataClaims[K] | undefined,
): void {
  if (value !== undefined) claims[key] = value;
}
