import type { DataClaims, DataLabel, Dialect, Problem } from '@mcp-trust/core';
import { join, makeLabel, readRequestAnnotations, TRUST_ANNOTATIONS_KEY } from '@mcp-trust/core';
import { labelOfClaims } from './result-label.js';
import type { HandlerContext } from './sdk-server.js';
import { isRecord } from './sdk-server.js';

/** What a `tools/call` request says about the data in the caller's agent session. */
export interface CallerAnnotations {
  /** The request carried trust annotations (in any dialect, readable or not). */
  readonly present: boolean;
  /**
   * The caller's session label as the request tells it: open-world, malicious, private, level,
   * sources, data classes, attribution. The label of nothing when the request says nothing.
   */
  readonly label: DataLabel;
  /** The claims as read, before failing closed. */
  readonly claims: DataClaims;
  /** What was wrong with them, each at a path such as `params._meta.annotations.openWorldHint`. */
  readonly problems: readonly Problem[];
  readonly dialects: readonly Dialect[];
  /**
   * Some annotation could not be read, so the label assumes the worst the reader could not rule
   * out: open-world, with unknown sources and data classes.
   */
  readonly failedClosed: boolean;
}

/** What an annotation we could not read might have said. */
const UNREADABLE: DataLabel = makeLabel({ openWorld: true, sources: ['unknown'], sensitivity: ['unknown'] });

/**
 * Reads a request's trust annotations from its `params._meta`, in every dialect `@mcp-trust/core`
 * reads: SEP-1913 `annotations` (with `returnMetadata`), #711 `privateHint`/`sensitiveHint`, and
 * the `io.modelcontextprotocol/trust-annotations` extension. Never throws. A risk flag that is
 * malformed reads as set, and anything else unreadable fails closed (see `failedClosed`): a
 * client that tried to say something and got it wrong must not make its data look clean.
 *
 * With the v1 SDK, pass `request.params._meta`.
 */
export function readCallerAnnotations(meta: unknown): CallerAnnotations {
  const read = readRequestAnnotations(meta === undefined ? {} : { _meta: meta });
  const problems = read.problems.map((p) => ({ ...p, path: `params${p.path.slice(1)}` }));
  const failedClosed = problems.some((p) => p.severity === 'error');
  const base = labelOfClaims(read.value);
  return {
    present: read.dialects.length > 0 || problems.length > 0,
    label: failedClosed ? join(base, UNREADABLE) : base,
    claims: read.value,
    problems,
    dialects: read.dialects,
    failedClosed,
  };
}

/**
 * `readCallerAnnotations` for an SDK v2 request handler: reads `ctx.mcpReq._meta`, and the
 * trust-annotations extension from the request's envelope too, where a 2026-07-28 SDK may have
 * lifted `io.modelcontextprotocol/*` keys.
 */
export function callerAnnotationsOf(ctx: HandlerContext): CallerAnnotations {
  const meta = ctx.mcpReq._meta;
  const envelope = ctx.mcpReq.envelope;
  const lifted = isRecord(envelope) ? envelope[TRUST_ANNOTATIONS_KEY] : undefined;
  if (lifted === undefined || (meta !== undefined && !isRecord(meta))) return readCallerAnnotations(meta);
  if (isRecord(meta) && meta[TRUST_ANNOTATIONS_KEY] !== undefined) return readCallerAnnotations(meta);
  return readCallerAnnotations({ ...(meta ?? {}), [TRUST_ANNOTATIONS_KEY]: lifted });
}
