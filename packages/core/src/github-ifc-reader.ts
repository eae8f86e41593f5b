import type { DataClaims } from './claims.js';
import type { ReadContext } from './read-context.js';
import { isArray, isRecord, keyPath, MAX_ATTRIBUTION, show, UNREADABLE } from './read-context.js';

/**
 * GitHub's MCP server labels results FIDES-style: `_meta.ifc = {integrity, confidentiality}`.
 * The format is GitHub's and may grow, so a value we do not recognise is a warning and no claim
 * (never a guess), and unknown keys are only noted.
 *
 * integrity (case-insensitive): `untrusted`/`low` → open-world, source `untrustedPublic`;
 * `trusted`/`high` → not open-world.
 * confidentiality: `public` (or a reader list of only `public`) → not private;
 * `private`/`internal`/`confidential`/`restricted`, or a reader list without `public` → private;
 * `secret` → private and `sensitiveLevel: high`.
 */

const UNTRUSTED = new Set(['untrusted', 'low']);
const TRUSTED = new Set(['trusted', 'high']);
const PRIVATE = new Set(['private', 'internal', 'confidential', 'restricted']);

export function readGithubIfc(ctx: ReadContext, raw: unknown, path: string): DataClaims {
  ctx.saw('github-ifc');
  const claims: DataClaims = {};
  if (!isRecord(raw)) {
    if (raw !== UNREADABLE)
      ctx.report(path, 'invalid-type', `expected an ifc object, got ${show(raw)}; no claim`, 'warning');
    return claims;
  }
  for (const key of ctx.keys(raw, path)) {
    const at = keyPath(path, key);
    const value = ctx.get(raw, key, path);
    if (value === undefined) continue;
    if (key === 'integrity') readIntegrity(ctx, value, at, claims);
    else if (key === 'confidentiality') readConfidentiality(ctx, value, at, claims);
    else ctx.report(at, 'unknown-key', `${show(key)} is not a label mcp-trust reads; ignored`, 'info');
  }
  return claims;
}

function readIntegrity(ctx: ReadContext, raw: unknown, path: string, claims: DataClaims): void {
  const level = typeof raw === 'string' ? raw.toLowerCase() : undefined;
  if (level !== undefined && UNTRUSTED.has(level)) {
    claims.openWorld = true;
    claims.sources = ['untrustedPublic'];
  } else if (level !== undefined && TRUSTED.has(level)) {
    claims.openWorld = false;
  } else {
    unrecognised(ctx, path, raw, 'integrity');
  }
}

function readConfidentiality(ctx: ReadContext, raw: unknown, path: string, claims: DataClaims): void {
  if (typeof raw === 'string') {
    const label = raw.toLowerCase();
    if (label === 'public') claims.private = false;
    else if (PRIVATE.has(label)) claims.private = true;
    else if (label === 'secret') {
      claims.private = true;
      claims.sensitiveLevel = 'high';
    } else unrecognised(ctx, path, raw, 'confidentiality');
    return;
  }
  const readers = isArray(raw) ? ctx.items(raw, path, MAX_ATTRIBUTION) : undefined;
  if (readers === undefined || !readers.every((r) => typeof r === 'string')) {
    unrecognised(ctx, path, raw, 'confidentiality');
    return;
  }
  // A reader list: who may read the data. Anyone (`public`) means not private; named readers only, private.
  const publicCount = readers.filter((r) => r.toLowerCase() === 'public').length;
  if (readers.length > 0 && publicCount === readers.length) claims.private = false;
  else if (publicCount === 0) claims.private = true;
  else unrecognised(ctx, path, raw, 'confidentiality (public beside named readers)');
}

function unrecognised(ctx: ReadContext, path: string, raw: unknown, what: string): void {
  if (raw === UNREADABLE) return;
  ctx.report(
    path,
    'invalid-value',
    `${show(raw)} is not a ${what} label mcp-trust reads; no claim`,
    'warning',
  );
}
