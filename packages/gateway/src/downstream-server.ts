import type { JSONRPCMessage, ServerContext } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { callHash } from './approvals.js';
import type { GatewayCore } from './gateway-core.js';
import { hostChannel } from './host-channel.js';
import type { CallContext, HostChannel } from './pipeline/call-context.js';
import { runPipeline } from './pipeline/pipeline.js';
import { readResource } from './resource-read.js';
import { readableError, readableMessage } from './schema-issues.js';
import { listedTool, resolvedTool } from './tool-listing.js';
import type { Json } from './wire.js';
import { errorText, isObject } from './wire.js';

/** `_meta` key a host may set to name its agent session explicitly. */
export const SESSION_META_KEY = 'mcp-trust/session';

export interface DownstreamOptions {
  /** The agent session when the host names none (per stdio gateway, or per HTTP session). */
  session: string | (() => string);
}

const resolveParams = z.looseObject({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The MCP server a host talks to: one per connection (or per request on 2026-07-28 HTTP). It
 * only moves messages — every decision comes from the engine through the pipeline.
 */
export function createDownstreamServer(core: GatewayCore, opts: DownstreamOptions): Server {
  const server = new Server(
    { name: 'mcp-trust-gateway', version: '0.1.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        experimental: { 'io.modelcontextprotocol/tool-resolution': {} },
      },
      instructions:
        'Tools are named server__tool. mcp-trust checks each call against its policy; a refused call explains why, and a call that needs approval says how to get it.',
    },
  );
  const sessionOf = sessionResolver(opts);

  server.setRequestHandler('tools/list', async () => ({
    tools: core.catalog.all().map((t) => listedTool(core, t)) as never,
  }));

  const callHandler = toolCallHandler(core, server, opts);
  server.setRequestHandler('tools/call', (req, ctx) => callHandler(req as unknown as { params: Json }, ctx));

  server.setRequestHandler('tools/resolve', { params: resolveParams }, async (params) => {
    const exposed = core.catalog.get(params.name);
    if (exposed === undefined)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown tool ${JSON.stringify(params.name)}`);
    const args = params.arguments ?? {};
    const answer = await core.resolveUpstream(sessionOf(params as Json), exposed, args);
    return resolvedTool(core, exposed, args, answer) as never;
  });

  server.setRequestHandler('resources/list', async () => ({
    resources: (await gather(core, 'resources/list', 'resources')) as never,
  }));
  server.setRequestHandler('resources/templates/list', async () => ({
    resourceTemplates: (await gather(core, 'resources/templates/list', 'resourceTemplates')) as never,
  }));
  server.setRequestHandler('resources/read', async (req, ctx) => {
    const params = req.params as unknown as Json;
    return (await readResource(core, sessionOf(params), String(params.uri), ctx.mcpReq.signal)) as never;
  });
  server.setRequestHandler('prompts/list', async () => ({
    prompts: (await gather(core, 'prompts/list', 'prompts', true)) as never,
  }));
  server.setRequestHandler('prompts/get', async (req) => {
    const params = req.params as unknown as Json;
    const name = String(params.name);
    const cut = name.indexOf(core.separator);
    const upstream = cut > 0 ? core.upstream(name.slice(0, cut)) : undefined;
    if (upstream === undefined)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown prompt ${JSON.stringify(name)}`);
    return (await upstream.request('prompts/get', {
      ...params,
      name: name.slice(cut + core.separator.length),
    })) as never;
  });

  // One line per problem: the SDK's validation errors carry their issues as indented JSON.
  server.onerror = (err) => core.log(`host connection: ${readableError(err).replace(/\s*\n\s*/g, ' ')}`);
  // The same for the errors the SDK answers the host with (a request whose params fail the
  // method's schema): whichever transport the server is connected to, stdio or either HTTP era.
  const connect = server.connect.bind(server);
  server.connect = (transport) => {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => send(readableErrorMessage(message), options);
    return connect(transport);
  };
  return server;
}

/** An error response whose message embeds a zod issue tree, said as `path: message`. */
function readableErrorMessage(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message) || typeof message.error?.message !== 'string') return message;
  const text = readableMessage(message.error.message);
  return text === message.error.message
    ? message
    : { ...message, error: { ...message.error, message: text } };
}

/** Pages of one upstream list at most: a server whose cursor never ends can't stall the host. */
const MAX_PAGES = 64;

/** The agent session a request belongs to: the one it names in `_meta`, else the connection's. */
function sessionResolver(opts: DownstreamOptions): (params: Json) => string {
  return (params) => {
    const meta = isObject(params._meta) ? params._meta : {};
    const named = meta[SESSION_META_KEY];
    if (typeof named === 'string' && named !== '' && named.length <= 200) return named;
    return typeof opts.session === 'string' ? opts.session : opts.session();
  };
}

/** The gateway's `tools/call` handler for `server`'s host: the SDK's dispatch and `answerCallsDirectly` both call it. */
export function toolCallHandler(
  core: GatewayCore,
  server: Server,
  opts: DownstreamOptions,
): (request: { params: Json }, ctx: ServerContext) => Promise<never> {
  const sessionOf = sessionResolver(opts);
  return (request, ctx) =>
    callTool(core, request.params, hostChannel(server, ctx, request.params), sessionOf);
}

/**
 * A `tools/call` the host made, through the pipeline: the tool's result (labelled, or a tool
 * error saying why not), or a `ProtocolError` for a tool no upstream has.
 */
async function callTool(
  core: GatewayCore,
  params: Json,
  host: HostChannel,
  sessionOf: (params: Json) => string,
): Promise<never> {
  const name = String(params.name);
  const exposed = core.catalog.get(name);
  if (exposed === undefined) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `unknown tool ${JSON.stringify(name)}: tools are named server${core.separator}tool (see tools/list)`,
    );
  }
  const args = isObject(params.arguments) ? params.arguments : {};
  const sessionId = sessionOf(params);
  const hostMeta: Json = { ...(isObject(params._meta) ? params._meta : {}) };
  for (const key of [SESSION_META_KEY, 'progressToken', 'annotations']) delete hostMeta[key];
  const call: CallContext = {
    core,
    sessionId,
    exposed,
    args,
    hostMeta,
    host,
    callId: core.nextCallId(sessionId),
    get hash(): string {
      const h = callHash(sessionId, exposed.server, exposed.tool, args);
      Object.defineProperty(this, 'hash', { value: h });
      return h;
    },
    notices: [],
  };
  await runPipeline(call);
  return call.response as never;
}

/** One list across upstreams, every page; a server that fails to answer is skipped (and logged), not fatal. */
async function gather(core: GatewayCore, method: string, key: string, namespaced = false): Promise<Json[]> {
  const lists = await Promise.all(
    core.upstreamList().map(async (u) => {
      const caps = u.serverCapabilities;
      const family = method.split('/')[0] ?? '';
      if (u.state !== 'up' || !isObject(caps[family])) return [];
      const items: Json[] = [];
      try {
        let cursor: string | undefined;
        for (let page = 0; page < MAX_PAGES; page++) {
          const res = await u.request(method, cursor === undefined ? {} : { cursor });
          if (Array.isArray(res[key])) items.push(...(res[key] as Json[]).filter(isObject));
          cursor = typeof res.nextCursor === 'string' && res.nextCursor !== '' ? res.nextCursor : undefined;
          if (cursor === undefined) break;
        }
      } catch (err) {
        core.log(`${method} on ${u.name} failed: ${errorText(err)}`);
      }
      if (key === 'resources')
        for (const r of items) if (typeof r.uri === 'string') core.noteResource(r.uri, u.name);
      return namespaced
        ? items.map((p) => ({ ...p, name: `${u.name}${core.separator}${String(p.name)}` }))
        : items;
    }),
  );
  return lists.flat();
}
