import { writeRequestMeta } from '@mcp-trust/core';
import { isInputRequiredResult, specTypeSchemas } from '@modelcontextprotocol/server';
import { issuesText, readableError } from '../schema-issues.js';
import { UNREADABLE_ANSWER } from '../upstream-lines.js';
import type { Json } from '../wire.js';
import { errorText, isObject } from '../wire.js';
import type { Step } from './call-context.js';
import { writeStagedAudit } from './staged-audit.js';
import { toolError } from './tool-error.js';

/**
 * The call goes upstream with the session's annotations as the server's `share` setting allows,
 * the upstream timeout, and the host's cancellation and progress wired through. The call's
 * decision record is written while the upstream works, so the store's write costs the host no
 * time. A store that fails then withholds the result: the call was made, but the host never gets
 * the result of an unrecorded call.
 */
export const forwardStep: Step = {
  name: 'forward',
  async run(ctx) {
    const upstream = ctx.core.upstream(ctx.exposed.server);
    const session = ctx.session;
    if (upstream === undefined || session === undefined) throw new Error(`no upstream ${ctx.exposed.server}`);
    const share = ctx.core.serverSettings(ctx.exposed.server).share;
    const meta: Json = { ...ctx.hostMeta };
    const ours = writeRequestMeta(session.label, { share });
    if (isObject(ours.annotations)) meta.annotations = ours.annotations;
    const params: Json = { name: ctx.exposed.tool, arguments: ctx.args };
    if (Object.keys(meta).length > 0) params._meta = meta;
    const progress = ctx.host.progress;
    const answer = ctx.core.inFlight(ctx.exposed.server, ctx.host, () =>
      upstream.request('tools/call', params, {
        signal: ctx.host.signal,
        ...(progress === undefined ? {} : { onprogress: progress, resetTimeoutOnProgress: true }),
      }),
    );
    // The request is on its way; the decision record is written while the upstream works.
    let unrecorded: unknown;
    try {
      writeStagedAudit(ctx);
    } catch (err) {
      unrecorded = err;
    }
    try {
      const result = await answer;
      // Progress the upstream sent before its answer reaches the host before the answer does.
      if (ctx.host.progressSent !== undefined) await ctx.host.progressSent();
      const invalid = unrecorded === undefined ? notAToolResult(result) : undefined;
      if (unrecorded !== undefined)
        ctx.result = toolError(
          `${ctx.exposed.name} was called, but mcp-trust could not record the call (${errorText(unrecorded)}), so its result is withheld.`,
        );
      else if (invalid !== undefined) {
        // An upstream that answers with something else is not passed on: the host could not read
        // it, and labels read from a malformed result mean little.
        ctx.core.audit(ctx.sessionId, 'error', { call: ctx.callId, step: 'forward', message: invalid });
        ctx.result = toolError(
          `${ctx.exposed.name} answered with something that is not a tool result (${invalid}); mcp-trust withheld it.`,
        );
      } else ctx.result = result;
    } catch (err) {
      // The engine still hears about it, so the call does not stay pending.
      ctx.result = toolError(`${ctx.exposed.name} failed upstream: ${readableError(err)}`);
      // An answer the gateway could not read is something the upstream did, not a failure to reach it.
      if (unreadableAnswer(err))
        ctx.core.audit(ctx.sessionId, 'error', {
          call: ctx.callId,
          step: 'forward',
          message: errorText(err),
        });
    }
  },
};

/** Whether the upstream's answer was one the gateway could not read (`UpstreamReadBuffer`). */
function unreadableAnswer(err: unknown): boolean {
  const data = (err as { data?: unknown } | null)?.data;
  return isObject(data) && data.mcpTrust === UNREADABLE_ANSWER;
}

/** What is wrong with an upstream's answer to `tools/call`, as the protocol's schema reads it. */
function notAToolResult(result: Json): string | undefined {
  if (isInputRequiredResult(result)) return undefined;
  const read = specTypeSchemas.CallToolResult['~standard'].validate(result);
  return read.issues === undefined ? undefined : issuesText(read);
}
