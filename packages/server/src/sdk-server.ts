import type { McpServer, Server } from '@modelcontextprotocol/server';
import { CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/server';

/** Either SDK server object: the high-level `McpServer` or the low-level `Server`. */
export type AnyServer = McpServer | Server;

/** What the library reads from a request handler's context (`ctx` in the SDK's handlers). */
export interface HandlerContext {
  mcpReq: {
    _meta?: unknown;
    envelope?: unknown;
    inputResponses?: Record<string, unknown>;
    requestState: () => unknown;
  };
}

export function lowLevel(server: AnyServer): Server {
  return 'registerTool' in server ? server.server : server;
}

/**
 * Whether the client can be asked a form question: the request's own capabilities on the
 * 2026-07-28 protocol, the ones declared at `initialize` before. A bare `elicitation: {}` counts
 * as form support, as the SDK counts it.
 */
export function canElicitForm(server: AnyServer, ctx: HandlerContext): boolean {
  const envelope = ctx.mcpReq.envelope;
  const fromEnvelope = isRecord(envelope) ? envelope[CLIENT_CAPABILITIES_META_KEY] : undefined;
  // getClientCapabilities is deprecated for 2026 requests, which carry their own (read above).
  const caps = isRecord(fromEnvelope) ? fromEnvelope : lowLevel(server).getClientCapabilities();
  const elicitation = isRecord(caps) ? caps.elicitation : undefined;
  if (!isRecord(elicitation)) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
