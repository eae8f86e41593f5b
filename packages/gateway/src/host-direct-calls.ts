import type { JSONRPCMessage, Server, ServerContext } from '@modelcontextprotocol/server';
import {
  INTERNAL_ERROR,
  isInputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import type { Json } from './wire.js';
import { isObject } from './wire.js';

/** The wire revision the SDK's server reaches by `server/discover`, not by `initialize`. */
const MODERN_REVISION = '2026-07-28';

/** A codec's answer on a request or result: the value as the revision's schema reads it, or why not. */
type Checked = { ok: true; value: unknown } | { ok: false; reason: string; message?: string };

/**
 * The parts of the SDK's `Server` (2.4.x) a direct answer uses, none of them public: the wire
 * codec of the negotiated revision (its `tools/call` request and result schemas) and the shim
 * that turns a multi-round-trip question into `elicitation/create` on a 2025-era connection. A
 * server without them (another SDK version) answers every call itself.
 */
interface ServerInternals {
  _wireCodec(): {
    era: string;
    validateRequest(method: string, raw: unknown): Checked;
    validateResult(method: string, raw: unknown): Checked;
  };
  _legacyInputRequiredShim(): {
    fulfill(
      method: string,
      handler: Handler,
      request: unknown,
      ctx: ServerContext,
      first: unknown,
    ): Promise<unknown>;
  };
}

type Handler = (request: { params: Json }, ctx: ServerContext) => Promise<unknown>;

/** Keys a result of another request family carries; the SDK leaves such a result's `content` alone. */
const FOREIGN_RESULT_KEYS = ['task', 'inputRequests', 'requestState'];

/**
 * `tools/call` from a 2025-era host on stdio, answered without the SDK server's general request
 * dispatch. That dispatch reads every incoming message against several schemas to tell what it
 * is, builds a context with an abort controller and senders for every request, and wraps the
 * answer; on a quick call that is a fair share of the gateway's time (bench/README.md). Here the
 * gateway reads a call the way the SDK's `tools/call` handling does: the same request schema of
 * the negotiated revision (a request it rejects goes to the SDK, which answers it as it always
 * has), the same handler, the SDK's own shim when the pipeline asks the person something, the
 * same normalisation and result schema (so the host gets only what the schema knows), and the
 * same error answers. A host's `notifications/cancelled` aborts the call, and a cancelled call
 * gets no answer, as with the SDK. Everything else the host sends, and every call on a
 * 2026-07-28 connection, goes to the SDK.
 *
 * Returns the transport's `intercept`: true when it took the message.
 */
export function answerCallsDirectly(
  server: Server,
  send: (message: JSONRPCMessage) => Promise<void>,
  handler: Handler,
  onerror: (err: Error) => void,
): ((message: JSONRPCMessage) => boolean) | undefined {
  const internals = server as unknown as Partial<Record<keyof ServerInternals, unknown>>;
  if (typeof internals._wireCodec !== 'function' || typeof internals._legacyInputRequiredShim !== 'function')
    return undefined;
  const sdk = server as unknown as ServerInternals;
  const running = new Map<string | number, AbortController>();

  type Codec = ReturnType<ServerInternals['_wireCodec']>;
  const answer = async (request: { params: Json }, ctx: ServerContext, codec: Codec): Promise<Json> => {
    let result = await handler(request, ctx);
    if (isInputRequiredResult(result))
      result = await sdk._legacyInputRequiredShim().fulfill('tools/call', handler, request, ctx, result);
    if (isInputRequiredResult(result)) return result as unknown as Json;
    const checked = codec.validateResult('tools/call', withContent(result));
    if (!checked.ok)
      throw new ProtocolError(
        checked.reason === 'not-in-era' ? ProtocolErrorCode.InternalError : ProtocolErrorCode.InvalidParams,
        checked.reason === 'not-in-era'
          ? 'No wire schema for tools/call in the resolved era'
          : `Invalid tools/call result: ${checked.message}`,
      );
    return checked.value as Json;
  };

  return (message) => {
    if (!('method' in message)) return false;
    if (message.method === 'notifications/cancelled') {
      const target = (message.params as Json | undefined)?.requestId;
      const controller =
        typeof target === 'string' || typeof target === 'number' ? running.get(target) : undefined;
      if (controller === undefined) return false;
      controller.abort((message.params as Json).reason);
      return true;
    }
    if (message.method !== 'tools/call' || !('id' in message)) return false;
    let request: { params: Json };
    let codec: Codec;
    try {
      codec = sdk._wireCodec();
      if (codec.era === MODERN_REVISION || !plainMeta(message.params)) return false;
      const checked = codec.validateRequest('tools/call', message);
      if (!checked.ok) return false;
      request = checked.value as { params: Json };
    } catch {
      // Whatever this SDK does differently, the call is the SDK's to answer: none goes unanswered.
      return false;
    }
    const id = message.id;
    const controller = new AbortController();
    running.set(id, controller);
    const ctx = contextFor(server, id, request.params, controller.signal);
    answer(request, ctx, codec)
      .then(
        (result) => (controller.signal.aborted ? undefined : send({ result, jsonrpc: '2.0', id } as never)),
        (err: unknown) => {
          if (controller.signal.aborted) return undefined;
          const e = (err ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
          const code = Number.isSafeInteger(e.code) ? (e.code as number) : INTERNAL_ERROR;
          const text = typeof e.message === 'string' ? e.message : 'Internal error';
          return send({
            jsonrpc: '2.0',
            id,
            error: { code, message: text, ...(e.data === undefined ? {} : { data: e.data }) },
          });
        },
      )
      .catch((err: unknown) => onerror(new Error(`Failed to send response: ${String(err)}`)))
      .finally(() => {
        if (running.get(id) === controller) running.delete(id);
      });
    return true;
  };
}

/**
 * A call's `_meta` holds none of the protocol's reserved keys (the 2026-07-28 envelope, a related
 * task): those take the SDK's path, which knows what each means on this connection.
 */
function plainMeta(params: unknown): boolean {
  if (!isObject(params)) return false;
  const meta = params._meta;
  if (meta === undefined) return true;
  if (!isObject(meta)) return false;
  for (const key in meta) if (key.startsWith('io.modelcontextprotocol/')) return false;
  return true;
}

/** As the SDK does before checking a tool result: a result with no `content` gets an empty one. */
function withContent(result: unknown): unknown {
  if (!isObject(result) || result.content !== undefined || FOREIGN_RESULT_KEYS.some((k) => k in result))
    return result;
  return { ...result, content: [] };
}

/**
 * What a `tools/call` handler reads of its context on a 2025-era connection, as the SDK builds
 * it: the request's id and `_meta`, no request state or input responses (the SDK's shim adds
 * those on its retries), the call's abort signal, and requests and notifications to the host
 * tied to this request.
 */
function contextFor(server: Server, id: string | number, params: Json, signal: AbortSignal): ServerContext {
  const related = { relatedRequestId: id };
  const mcpReq = {
    id,
    method: 'tools/call',
    _meta: params._meta,
    requestState: () => undefined,
    signal,
    send: (request: never, schema: never, options?: object) =>
      server.request(request, schema, { ...options, ...related }),
    notify: (notification: never, options?: object) =>
      server.notification(notification, { ...options, ...related }),
  };
  return { sessionId: undefined, mcpReq, http: undefined } as unknown as ServerContext;
}
