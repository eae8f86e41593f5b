import type { DataLabel } from '@mcp-trust/core';
import { TRUST_ANNOTATIONS_KEY, writeResultMeta } from '@mcp-trust/core';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { CallVerdicts } from './refusals.js';
import type { Json } from './wire.js';
import { isObject } from './wire.js';

/** Result `_meta` keys that carry the server's own claims; the label replaces them. */
const CLAIM_KEYS = new Set(['annotations', TRUST_ANNOTATIONS_KEY, 'ifc']);

/**
 * The result as the host gets it: its label in `_meta.annotations` (SEP-1913), the verdicts in
 * `_meta["mcp-trust/verdict"]`, and any notice the policy asked for as a leading `⚠` text block
 * the model and the person both see. The server's own trust claims are replaced by the label,
 * which is what they amount to after the trust filter; its other `_meta` keys pass through.
 */
export function respond(
  result: Json,
  label: DataLabel,
  verdicts: CallVerdicts,
  notices: readonly string[],
): CallToolResult {
  const meta: Json = {};
  for (const [k, v] of Object.entries(isObject(result._meta) ? result._meta : {}))
    if (!CLAIM_KEYS.has(k)) meta[k] = v;
  Object.assign(meta, writeResultMeta(label));
  meta['mcp-trust/verdict'] = verdicts;
  const content = Array.isArray(result.content) ? result.content : [];
  const leading = notices.map((text) => ({ type: 'text', text: `⚠ ${text}` }));
  return { ...result, content: [...leading, ...content], _meta: meta } as CallToolResult;
}
