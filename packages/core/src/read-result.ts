import { aggregateClaims, joinClaims } from './aggregate-claims.js';
import type { DataClaims, ReadResult } from './claims.js';
import { readDataClaims } from './data-annotations-reader.js';
import { UNKNOWN } from './enums.js';
import { readTrustExtension, TRUST_ANNOTATIONS_KEY } from './ext-trust-reader.js';
import { readGithubIfc } from './github-ifc-reader.js';
import { isArray, isRecord, keyPath, MAX_BLOCKS, ReadContext } from './read-context.js';
import { setOf } from './sets.js';

/**
 * Whole messages: a `CallToolResult` (or `ReadResourceResult`) and a `tools/call` request's
 * params. A result may carry annotations at the response level and on every content block (and
 * an embedded resource); they are aggregated into one claim about the whole response.
 */

export function readResultAnnotations(result: unknown): ReadResult<DataClaims> {
  const ctx = new ReadContext('data', '$');
  if (!isRecord(result)) {
    ctx.wrongType('$', result, 'a result object');
    return ctx.result({});
  }
  const response = readMeta(ctx, result, '$', true);
  const blocks: (DataClaims | undefined)[] = [];
  let complete = true;
  for (const key of ['content', 'contents']) {
    const at = keyPath('$', key);
    const list = ctx.get(result, key, '$');
    if (list === undefined) continue;
    if (!isArray(list)) {
      ctx.wrongType(at, list, 'an array of content blocks');
      continue;
    }
    const head = ctx.head(list, at, MAX_BLOCKS);
    complete &&= head.complete;
    head.items.forEach((block, i) => {
      blocks.push(readBlock(ctx, block, keyPath(at, i)));
    });
  }
  const claims = aggregateClaims(response, blocks);
  return ctx.result(complete ? claims : unread(claims));
}

/**
 * True when `readResultAnnotations` would find nothing to read and nothing to report: no
 * annotations in the result's `_meta` (a plain object without `annotations`, the trust-annotations
 * extension or `ifc`: the protocol's own keys, such as the `serverInfo` every 2026-07-28 result
 * carries, are no annotations), no `_meta` on its blocks or their embedded resources, no
 * `contents`, and at most `MAX_BLOCKS` blocks. Most results look like this, and a caller can then
 * use the contract's label without reading. Anything unusual (a throwing getter, a proxy)
 * answers false: the full reader copes.
 */
export function carriesNoAnnotations(result: unknown): boolean {
  try {
    if (!isRecord(result) || Object.hasOwn(result, 'contents')) return false;
    if (Object.hasOwn(result, '_meta') && !metaWithoutAnnotations(result._meta)) return false;
    if (!Object.hasOwn(result, 'content')) return true;
    const content = result.content;
    if (!Array.isArray(content) || content.length > MAX_BLOCKS) return false;
    for (let i = 0; i < content.length; i++) {
      const block: unknown = content[i];
      if (!isRecord(block)) continue;
      if (Object.hasOwn(block, '_meta') || Object.hasOwn(block, 'resource')) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** A result-level `_meta` that `readMeta` reads nothing from and reports nothing about. */
function metaWithoutAnnotations(meta: unknown): boolean {
  return (
    isRecord(meta) &&
    !Object.hasOwn(meta, 'annotations') &&
    !Object.hasOwn(meta, TRUST_ANNOTATIONS_KEY) &&
    !Object.hasOwn(meta, 'ifc')
  );
}

/** `params._meta.annotations` and the trust-annotations extension on a `tools/call` request. */
export function readRequestAnnotations(params: unknown): ReadResult<DataClaims> {
  const ctx = new ReadContext('data', '$');
  if (!isRecord(params)) {
    ctx.wrongType('$', params, 'a params object');
    return ctx.result({});
  }
  return ctx.result(readMeta(ctx, params, '$', false) ?? {});
}

function readBlock(ctx: ReadContext, block: unknown, path: string): DataClaims | undefined {
  if (!isRecord(block)) return undefined;
  const own = readMeta(ctx, block, path, true);
  const resource = ctx.get(block, 'resource', path);
  const embedded = isRecord(resource) ? readMeta(ctx, resource, keyPath(path, 'resource'), true) : undefined;
  return joinClaims(own, embedded);
}

/** The trust annotations in `holder._meta`, joined; `undefined` when there are none. */
function readMeta(ctx: ReadContext, holder: object, path: string, withIfc: boolean): DataClaims | undefined {
  const at = keyPath(path, '_meta');
  const meta = ctx.get(holder, '_meta', path);
  if (meta === undefined) return undefined;
  if (!isRecord(meta)) {
    ctx.wrongType(at, meta, 'a _meta object; ignored');
    return undefined;
  }
  let out: DataClaims | undefined;
  const annotations = ctx.get(meta, 'annotations', at);
  if (annotations !== undefined) out = readDataClaims(ctx, annotations, keyPath(at, 'annotations'));
  const ext = ctx.get(meta, TRUST_ANNOTATIONS_KEY, at);
  if (ext !== undefined)
    out = joinClaims(out, readTrustExtension(ctx, ext, keyPath(at, TRUST_ANNOTATIONS_KEY)));
  const ifc = withIfc ? ctx.get(meta, 'ifc', at) : undefined;
  if (ifc !== undefined) out = joinClaims(out, readGithubIfc(ctx, ifc, keyPath(at, 'ifc')));
  return out;
}

/** Blocks we did not read may hold anything: open-world, and every set partial. */
function unread(claims: DataClaims): DataClaims {
  return {
    ...claims,
    openWorld: true,
    sources: setOf([...(claims.sources ?? []), UNKNOWN]),
    sensitivity: setOf([...(claims.sensitivity ?? []), UNKNOWN]),
  };
}
