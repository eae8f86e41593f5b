import { writeResultMeta } from '@mcp-trust/core';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { GatewayCore } from './gateway-core.js';
import { labelSummary } from './label-summary.js';
import { reasons, verdictMeta } from './pipeline/tool-error.js';
import type { Json } from './wire.js';
import { errorText, isObject } from './wire.js';

/** The pseudo-tool a resource read is decided as, so policies and the audit log can name it. */
export const RESOURCE_READ = 'resources/read';

/**
 * A resource read is labelled like a tool result: its contents go through the engine (index,
 * session label, result rules) and come back with `_meta.annotations`. Reading sends nothing but
 * the URI to the server that owns it, so the call phase is recorded but not enforced.
 */
export async function readResource(
  core: GatewayCore,
  sessionId: string,
  uri: string,
  signal: AbortSignal,
): Promise<Json> {
  const { server, result } = await fetchResource(core, uri, signal);
  const session = core.session(sessionId);
  const call = { id: core.nextCallId(sessionId), server, tool: RESOURCE_READ, arguments: { uri } };
  session.beforeCall(call);
  const contents = Array.isArray(result.contents) ? (result.contents as Json[]) : [];
  // Where a resource's data came from is the resource itself, unless the server says more.
  const given = isObject(result._meta) ? result._meta : {};
  const annotations = isObject(given.annotations) ? given.annotations : {};
  const asResult = {
    _meta: { ...given, annotations: { ...annotations, attribution: annotations.attribution ?? [uri] } },
    content: contents.map((c) => ({
      type: 'text',
      text: typeof c.text === 'string' ? c.text : '',
      _meta: c._meta,
    })),
  };
  const rd = session.afterResult(call, asResult);
  core.saveSession(session);
  core.audit(sessionId, 'label', {
    call: call.id,
    server,
    tool: RESOURCE_READ,
    uri,
    phase: 'result',
    label: labelSummary(rd.label),
    action: rd.verdict.action,
    rules: rd.verdict.matched.map((m) => m.rule),
  });
  if (rd.verdict.action === 'block' || rd.verdict.action === 'escalate') {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidRequest,
      `mcp-trust withheld the resource ${uri}: ${reasons(rd.verdict).join('; ')}`,
      { 'mcp-trust/verdict': verdictMeta(rd.verdict) },
    );
  }
  const meta = isObject(result._meta) ? { ...result._meta } : {};
  Object.assign(meta, writeResultMeta(rd.label));
  return { ...result, _meta: meta };
}

async function fetchResource(
  core: GatewayCore,
  uri: string,
  signal: AbortSignal,
): Promise<{ server: string; result: Json }> {
  const owner = core.resourceOwner(uri);
  const candidates =
    owner === undefined
      ? core.upstreamList().filter((u) => isObject(u.serverCapabilities.resources))
      : [core.upstream(owner)].filter((u) => u !== undefined);
  const failures: string[] = [];
  for (const u of candidates) {
    try {
      return { server: u.name, result: await u.request('resources/read', { uri }, { signal }) };
    } catch (err) {
      failures.push(`${u.name}: ${errorText(err)}`);
    }
  }
  throw new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `no upstream could read ${uri}${failures.length > 0 ? ` (${failures.join('; ')})` : ''}`,
  );
}
