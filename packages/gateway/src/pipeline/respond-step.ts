import { BOTTOM, writeResultMeta } from '@mcp-trust/core';
import { isInputRequiredResult } from '@modelcontextprotocol/server';
import type { Json } from '../wire.js';
import { isObject } from '../wire.js';
import type { Step } from './call-context.js';
import { verdictMeta } from './tool-error.js';

/**
 * Every result carries its label in `_meta.annotations` (SEP-1913), so the host sees what the
 * gateway saw, and the verdicts in `_meta["mcp-trust/verdict"]`. A multi-round-trip question is
 * passed back untouched.
 */
export const respondStep: Step = {
  name: 'respond',
  always: true,
  run(ctx) {
    const out = ctx.response ?? ctx.result;
    if (out === undefined) return;
    if (isInputRequiredResult(out)) {
      ctx.response = out;
      return;
    }
    const label = ctx.resultDecision?.label ?? ctx.releasedLabel ?? BOTTOM;
    const meta: Json = {};
    // The upstream's `_meta` travels on, except the protocol's reserved keys (the gateway is the
    // server the host talks to; the SDK stamps its own identity) and what the gateway owns.
    for (const [k, v] of Object.entries(isObject(out._meta) ? out._meta : {})) {
      if (!k.startsWith('io.modelcontextprotocol/') && k !== 'annotations') meta[k] = v;
    }
    Object.assign(meta, writeResultMeta(label));
    // One shape: {call, result} verdicts, plus how an escalation was settled.
    const given = isObject(meta['mcp-trust/verdict']) ? meta['mcp-trust/verdict'] : {};
    const verdict: Json = {};
    if (ctx.decision !== undefined) verdict.call = verdictMeta(ctx.decision.verdict);
    else if (isObject(given.call)) verdict.call = given.call;
    else if (given.action !== undefined) verdict.call = given;
    if (ctx.resultDecision !== undefined) verdict.result = verdictMeta(ctx.resultDecision.verdict);
    else if (isObject(given.result)) verdict.result = given.result;
    if (ctx.approvedBy !== undefined) verdict.approvedBy = ctx.approvedBy;
    if (Object.keys(verdict).length > 0) meta['mcp-trust/verdict'] = verdict;
    const content = Array.isArray(out.content) ? out.content : [];
    const notices = ctx.notices.map((text) => ({ type: 'text', text: `⚠ ${text}` }));
    ctx.response = forHost({ ...out, content: [...notices, ...content], _meta: meta }, ctx.host.legacy);
  },
};

/**
 * A result as the host's revision reads it. Since 2026-07-28 `structuredContent` may be any JSON
 * value; a 2025-era host's schema wants an object, and an upstream of the newer revision may
 * answer one of the older. As the SDK's codecs do for a server of its own (SEP-2106): a value
 * that is not an object gets a text block holding it when the result has no text, and for a
 * 2025-era host it travels as `{result: value}`.
 */
export function forHost(result: Json, legacy: boolean): Json {
  const sc = result.structuredContent;
  if (sc === undefined || isObject(sc)) return result;
  const content = Array.isArray(result.content) ? result.content : [];
  const hasText = content.some((b) => isObject(b) && b.type === 'text');
  return {
    ...result,
    ...(hasText ? {} : { content: [...content, { type: 'text', text: JSON.stringify(sc) }] }),
    ...(legacy ? { structuredContent: { result: sc } } : {}),
  };
}
