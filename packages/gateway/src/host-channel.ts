import type { Server, ServerContext } from '@modelcontextprotocol/server';
import type { HostChannel } from './pipeline/call-context.js';
import type { Json } from './wire.js';
import { isObject, looseResult } from './wire.js';

const CAPS_KEY = 'io.modelcontextprotocol/clientCapabilities';

/** What the host declared: per request on 2026-07-28, per connection on 2025 revisions. */
export function hostCapabilities(server: Server, ctx: ServerContext): Json {
  const envelope = ctx.mcpReq.envelope as Json | undefined;
  if (envelope !== undefined && isObject(envelope[CAPS_KEY])) return envelope[CAPS_KEY];
  return (server.getClientCapabilities() ?? {}) as Json;
}

export function hostChannel(server: Server, ctx: ServerContext, params: Json): HostChannel {
  const caps = hostCapabilities(server, ctx);
  const modern = ctx.mcpReq.envelope !== undefined;
  const meta = isObject(params._meta) ? params._meta : {};
  const token = meta.progressToken;
  const channel: HostChannel = {
    canElicit: isObject(caps.elicitation),
    legacy: !modern,
    inputResponses: ctx.mcpReq.inputResponses,
    requestState: stateOf(ctx),
    signal: ctx.mcpReq.signal,
  };
  if (typeof token === 'string' || typeof token === 'number') {
    // The SDK sends a notification a few microtasks after it is asked to; the call's answer can
    // overtake the last one, and a host drops progress on a request it has had the answer to.
    let sent: Promise<void> = Promise.resolve();
    channel.progress = (p) => {
      const next = ctx.mcpReq
        .notify({ method: 'notifications/progress', params: { progressToken: token, ...p } })
        .catch(() => undefined);
      sent = sent.then(() => next);
    };
    channel.progressSent = () => sent;
  }
  if (!modern) {
    channel.push = async (method, p) => {
      const needs =
        method === 'elicitation/create'
          ? 'elicitation'
          : method === 'sampling/createMessage'
            ? 'sampling'
            : '';
      if (needs === '' || !isObject(caps[needs])) {
        if (method === 'elicitation/create') return { action: 'decline' };
        throw new Error(`the host does not support ${method}`);
      }
      return (await ctx.mcpReq.send({ method, params: p }, looseResult)) as Json;
    };
  }
  return channel;
}

function stateOf(ctx: ServerContext): string | undefined {
  try {
    const s = ctx.mcpReq.requestState();
    return typeof s === 'string' ? s : undefined;
  } catch {
    return undefined;
  }
}
