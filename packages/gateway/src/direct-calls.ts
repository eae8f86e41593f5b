import type { Client, JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { Json } from './wire.js';
import { isObject, looseResult } from './wire.js';

/** The wire revision whose results carry `resultType` (and may ask for input first). */
const MODERN_REVISION = '2026-07-28';

/** What the SDK's wire codec of the negotiated revision makes of a result (2.4.x). */
type Decoded =
  | { kind: 'complete'; result: unknown }
  | { kind: 'invalid'; error: Error }
  | { kind: string; [key: string]: unknown };

interface Codec {
  era: string;
  decodeResult(method: string, raw: unknown): Decoded;
}

interface Request {
  method: string;
  params?: Json;
}

/**
 * The parts of the SDK's `Client` (2.4.x) a direct call uses, none of them public: the
 * `_meta` envelope the negotiated revision puts on every request, its wire codec, and the
 * multi-round-trip flow a 2026-07-28 `input_required` result goes through. A client without
 * any of them (another SDK version) gets no direct calls: every call takes the SDK's own path.
 */
interface ClientInternals {
  _envelopeOutbound(message: JSONRPCMessage): JSONRPCMessage;
  _resolveOutboundCodec(method: string): Codec;
  _resolveNonCompleteResult(decoded: Decoded, flow: unknown): Promise<unknown>;
  _requestWithSchemaViaCodec(
    codec: Codec,
    request: Request,
    schema: unknown,
    options: unknown,
  ): Promise<unknown>;
}

const INTERNALS = [
  '_envelopeOutbound',
  '_resolveOutboundCodec',
  '_resolveNonCompleteResult',
  '_requestWithSchemaViaCodec',
] as const;

export interface DirectCallOptions {
  /** The host's cancellation: aborting sends `notifications/cancelled` upstream and fails the call. */
  signal?: AbortSignal;
  timeoutMs: number;
  /** Asks the server for progress (the call's id is its token); each notification restarts the timeout. */
  onprogress?: (progress: Progress) => void;
}

/** A `notifications/progress` without its token. */
export type Progress = { progress: number; total?: number; message?: string };

interface Pending {
  resolve(value: Json | PromiseLike<Json>): void;
  reject(reason: unknown): void;
  deadline: number;
  options: DirectCallOptions;
  onAbort: (() => void) | undefined;
  codec: Codec;
  request: Request;
  startedAt: number;
}

/**
 * `tools/call` to a stdio upstream on a shorter path than the SDK client's `request`, over the
 * same connection. The SDK gives every request a timer of its own, a schema check of its
 * result (run again by the gateway, which checks every answer against the protocol's
 * `CallToolResult` itself) and several promise hops; on the gateway's path that is a fair share
 * of a quick call's time (bench/README.md). Here a call is one map entry: its answer is taken
 * off the transport before the SDK sees it, by an id of the form `mcp-trust-N` (strings, which
 * the SDK's own numeric ids never are); one timer, armed for the earliest deadline, times out
 * every call; the host's cancellation sends `notifications/cancelled`, as the SDK would. What
 * the caller gets is what `Client.request` gives: the result, or the same errors — a timeout,
 * the server's error, a closed connection — and a 2026-07-28 result that asks for input first
 * is handed to the SDK's own multi-round-trip flow. A call that wants progress gets it with the
 * call's id as its token, each notification restarting the timeout, as the SDK does with
 * `resetTimeoutOnProgress`. Every other method takes the SDK's path.
 */
export class DirectCalls {
  private readonly pending = new Map<string, Pending>();
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerDue = Number.POSITIVE_INFINITY;
  private closed = false;

  /** Direct calls over `client`'s transport, or undefined when this SDK does not allow them. */
  static attach(client: Client): DirectCalls | undefined {
    const transport = client.transport;
    const internals = client as unknown as Partial<Record<(typeof INTERNALS)[number], unknown>>;
    if (transport === undefined || typeof transport.onmessage !== 'function') return undefined;
    if (INTERNALS.some((name) => typeof internals[name] !== 'function')) return undefined;
    return new DirectCalls(client, transport);
  }

  private constructor(
    /** The client whose connection the calls share. */
    readonly client: Client,
    private readonly transport: Transport,
  ) {
    const onmessage = transport.onmessage;
    const onclose = transport.onclose;
    transport.onmessage = (message, extra) => {
      if (!this.take(message)) onmessage?.call(transport, message, extra);
    };
    transport.onclose = () => {
      this.close();
      onclose?.call(transport);
    };
  }

  private get internals(): ClientInternals {
    return this.client as unknown as ClientInternals;
  }

  /** Calls since this connection opened that still wait for their answer. */
  get waiting(): number {
    return this.pending.size;
  }

  /** `tools/call` with `params`; resolves to the result, as `Client.request` would. */
  call(params: Json, options: DirectCallOptions): Promise<Json> {
    if (this.closed) return Promise.reject(connectionClosed());
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(cancelReason(signal.reason));
    const id = `mcp-trust-${++this.next}`;
    const request: Request = {
      method: 'tools/call',
      params:
        options.onprogress === undefined
          ? params
          : { ...params, _meta: { ...(isObject(params._meta) ? params._meta : {}), progressToken: id } },
    };
    const codec = this.internals._resolveOutboundCodec(request.method);
    const startedAt = Date.now();
    return new Promise<Json>((resolve, reject) => {
      const call: Pending = {
        resolve,
        reject,
        deadline: startedAt + options.timeoutMs,
        options,
        onAbort: undefined,
        codec,
        request,
        startedAt,
      };
      if (signal !== undefined) {
        call.onAbort = () => this.cancel(id, cancelReason(signal.reason));
        signal.addEventListener('abort', call.onAbort, { once: true });
      }
      this.pending.set(id, call);
      this.arm(call.deadline);
      const message = this.internals._envelopeOutbound({ jsonrpc: '2.0', id, ...request } as JSONRPCMessage);
      this.transport.send(message).catch((err: unknown) => this.settle(id)?.reject(err));
    });
  }

  /** Fails every waiting call: the connection is gone. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const calls = [...this.pending.keys()];
    for (const id of calls) this.settle(id)?.reject(connectionClosed());
  }

  /** Settles the call `message` answers, if it is one of these; false hands it to the SDK. */
  private take(message: JSONRPCMessage): boolean {
    if ('method' in message)
      return message.method === 'notifications/progress' && this.progress(message.params);
    const id = (message as { id?: unknown }).id;
    if (typeof id !== 'string') return false;
    const call = this.settle(id);
    if (call === undefined) return false;
    if ('error' in message) {
      const { code, message: text, data } = message.error;
      call.reject(ProtocolError.fromError(code, text, data));
      return true;
    }
    try {
      call.resolve(this.outcome(call, (message as { result?: unknown }).result));
    } catch (err) {
      call.reject(err);
    }
    return true;
  }

  /**
   * Progress on one of these calls, handed on at once. (The SDK hands progress on a microtask
   * later but settles a request at once, so when a server's last progress and its answer arrive
   * together, it drops that progress as being for a finished request.)
   */
  private progress(params: unknown): boolean {
    if (!isObject(params) || typeof params.progressToken !== 'string') return false;
    const call = this.pending.get(params.progressToken);
    if (call === undefined || call.options.onprogress === undefined) return false;
    const { progressToken: _token, ...progress } = params;
    call.deadline = Date.now() + call.options.timeoutMs;
    call.options.onprogress(progress as Progress);
    return true;
  }

  /** What a call's result settles it with, as the negotiated revision's codec reads it; throws what it fails with. */
  private outcome(call: Pending, raw: unknown): Json | Promise<Json> {
    const modern = call.codec.era === MODERN_REVISION;
    // The everyday answers, read without the codec: a 2026-07-28 result says it is complete (the
    // codec would drop `resultType` and check the rest against the protocol's schema, which the
    // gateway does anyway); an earlier revision's result has no `resultType` to drop.
    if (isObject(raw) && (modern ? raw.resultType === 'complete' : !('resultType' in raw))) {
      if (!modern) return raw;
      const { resultType: _complete, ...result } = raw;
      return result;
    }
    const decoded = call.codec.decodeResult(call.request.method, raw);
    if (decoded.kind === 'invalid') throw (decoded as { error: Error }).error;
    if (decoded.kind === 'complete') {
      const result = (decoded as { result: unknown }).result;
      if (isObject(result)) return result;
      throw new SdkError(
        SdkErrorCode.InvalidResult,
        `Invalid result for ${call.request.method}: not an object`,
      );
    }
    // `input_required` (or a kind this SDK knows better): the SDK's own flow fulfils the input
    // requests through the client's handlers and retries, on its own path.
    const { codec, request, options } = call;
    const flow = {
      codec,
      request,
      resultSchema: looseResult,
      options: { timeout: options.timeoutMs, ...(options.signal ? { signal: options.signal } : {}) },
      flowStartedAt: call.startedAt,
      retry: (params: Json | undefined, legOptions: unknown) =>
        this.internals._requestWithSchemaViaCodec(
          codec,
          params === undefined ? { method: request.method } : { method: request.method, params },
          looseResult,
          legOptions,
        ),
    };
    return this.internals._resolveNonCompleteResult(decoded, flow) as Promise<Json>;
  }

  /** Forgets a waiting call and returns it (undefined when it is not waiting). */
  private settle(id: string): Pending | undefined {
    const call = this.pending.get(id);
    if (call === undefined) return undefined;
    this.pending.delete(id);
    if (call.onAbort !== undefined) call.options.signal?.removeEventListener('abort', call.onAbort);
    return call;
  }

  /** Gives up on a call: tells the server, as the SDK does, and fails it with `reason`. */
  private cancel(id: string, reason: Error): void {
    const call = this.settle(id);
    if (call === undefined) return;
    const notice = this.internals._envelopeOutbound({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: reason.message },
    } as JSONRPCMessage);
    this.transport.send(notice).catch(() => undefined);
    call.reject(reason);
  }

  /**
   * One timer for every call: due at the earliest deadline it has been asked for. Calls that
   * finish leave it be; when it fires it times out what is overdue and is armed again for the
   * earliest deadline still waiting — so a steady stream of calls sets it about once a timeout.
   */
  private arm(deadline: number): void {
    if (this.closed || deadline >= this.timerDue) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timerDue = deadline;
    this.timer = setTimeout(() => this.sweep(), Math.max(0, deadline - Date.now()));
    this.timer.unref();
  }

  private sweep(): void {
    this.timer = undefined;
    this.timerDue = Number.POSITIVE_INFINITY;
    const now = Date.now();
    let earliest = Number.POSITIVE_INFINITY;
    for (const [id, call] of [...this.pending]) {
      if (call.deadline <= now)
        this.cancel(
          id,
          new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: call.options.timeoutMs }),
        );
      else earliest = Math.min(earliest, call.deadline);
    }
    if (earliest !== Number.POSITIVE_INFINITY) this.arm(earliest);
  }
}

/** What a call on a closed connection fails with, as the SDK says it. */
function connectionClosed(): SdkError {
  return new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed');
}

/** Why a cancelled call failed, as the SDK says it. */
function cancelReason(reason: unknown): Error {
  return reason instanceof SdkError ? reason : new SdkError(SdkErrorCode.RequestTimeout, String(reason));
}
