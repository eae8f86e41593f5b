import type { HttpUpstream, StdioUpstream } from '@mcp-trust/catalog';
import { offersToolResolution } from '@mcp-trust/core';
import type { Notification, RequestOptions } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { DirectCalls } from './direct-calls.js';
import { upstreamTransport } from './upstream-transport.js';
import type { Json } from './wire.js';
import { errorText, isObject, looseResult, looseToolList } from './wire.js';

/** What an upstream asks of the host (elicitation, sampling), forwarded by the gateway. */
export type HostRequestHandler = (server: string, method: string, params: Json) => Promise<Json>;

export interface UpstreamOptions {
  name: string;
  upstream: StdioUpstream | HttpUpstream;
  /** Per-request timeout in ms (a hanging upstream gets a clear error, not a hung host). */
  timeoutMs: number;
  /** Largest message read from the server, bytes (`UPSTREAM_MAX_MESSAGE_BYTES` by default). */
  maxMessageBytes?: number;
  /** Tools changed (first listing, list_changed, or a restart): the gateway re-registers and re-pins. */
  onTools: (server: string, tools: Json[]) => void;
  /** Notifications worth forwarding to hosts (resource updates, list changes, logging). */
  onNotification: (server: string, notification: Notification) => void;
  onHostRequest: HostRequestHandler;
  log: (line: string) => void;
  /** Backoff bounds for restarts, ms. */
  backoff?: { initialMs: number; maxMs: number };
}

export type UpstreamState = 'starting' | 'up' | 'down' | 'closed';

/**
 * The least time an upstream gets to start (connect, initialise, list its tools), whatever the
 * request timeout: a server launched through `npx` or a cold `tsx` can take seconds to answer
 * `initialize`, and a start is not a hanging call. With the request timeout alone, a short one
 * (or a busy machine) could time every start out and keep the server restarting for ever.
 */
export const START_TIMEOUT_MS = 30_000;

/**
 * One upstream server: a connected SDK client, restarted with exponential backoff when it dies.
 * Calls while it is down fail at once with the reason, so one broken server never stalls the
 * others or the host.
 */
export class Upstream {
  state: UpstreamState = 'starting';
  tools: Json[] = [];
  lastError = '';
  /** Why the SDK closed the current connection itself, when it said (see `connect`). */
  private closeCause: string | undefined;
  private client: Client | undefined;
  /** `tools/call` on a shorter path over a stdio client's connection, when the SDK allows it. */
  private direct: DirectCalls | undefined;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private ready: Promise<void> | undefined;
  private capabilities: Json = {};

  constructor(private readonly opts: UpstreamOptions) {}

  get name(): string {
    return this.opts.name;
  }

  /** Connects once; a failure schedules a restart and resolves (the gateway starts regardless). */
  start(): Promise<void> {
    this.ready = this.connect();
    return this.ready;
  }

  /** Waits for a connection attempt in progress (at most `ms`). */
  async whenReady(ms: number): Promise<void> {
    if (this.state !== 'starting' || this.ready === undefined) return;
    await Promise.race([this.ready, new Promise((r) => setTimeout(r, ms).unref())]);
  }

  /** Whether the server offers `tools/resolve` (SEP-1862's capability or the extension's). */
  get offersResolve(): boolean {
    return offersToolResolution(this.capabilities);
  }

  get serverCapabilities(): Json {
    return this.capabilities;
  }

  /** A request to the upstream, answered loosely; throws a clear error when the server is down. */
  async request(method: string, params: Json, options: RequestOptions = {}): Promise<Json> {
    const client = this.client;
    if (client === undefined || this.state !== 'up') {
      throw new Error(
        `upstream ${JSON.stringify(this.name)} is ${this.state === 'closed' ? 'closed' : 'not available (restarting)'}${this.lastError === '' ? '' : `: ${this.lastError}`}`,
      );
    }
    try {
      const direct = this.direct;
      if (method === 'tools/call' && direct?.client === client)
        return await direct.call(params, {
          timeoutMs: options.timeout ?? this.opts.timeoutMs,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          ...(options.onprogress === undefined ? {} : { onprogress: options.onprogress }),
        });
      return (await client.request({ method, params }, looseResult, {
        timeout: this.opts.timeoutMs,
        ...options,
      })) as Json;
    } catch (err) {
      // "Connection closed" alone does not say that the server's own answer closed it.
      const cause = this.closeCause;
      if (cause !== undefined && this.client !== client) throw new Error(`${errorText(err)}: ${cause}`);
      throw err;
    }
  }

  async close(): Promise<void> {
    this.state = 'closed';
    if (this.timer !== undefined) clearTimeout(this.timer);
    const c = this.client;
    this.client = undefined;
    await c?.close().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'starting';
    const client = new Client(
      { name: 'mcp-trust-gateway', version: '0.1.0' },
      {
        capabilities: { elicitation: { form: {} }, sampling: {} },
        versionNegotiation: { mode: 'auto', probe: { timeoutMs: Math.min(this.opts.timeoutMs, 10_000) } },
      },
    );
    client.setRequestHandler(
      'elicitation/create',
      async (req) =>
        (await this.opts.onHostRequest(this.name, 'elicitation/create', req.params as Json)) as never,
    );
    client.setRequestHandler(
      'sampling/createMessage',
      async (req) =>
        (await this.opts.onHostRequest(this.name, 'sampling/createMessage', req.params as Json)) as never,
    );
    client.fallbackNotificationHandler = async (n) => {
      if (n.method === 'notifications/tools/list_changed') void this.refreshTools();
      this.opts.onNotification(this.name, n);
    };
    client.onclose = () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.down(this.closeCause ?? 'the connection closed');
    };
    this.closeCause = undefined;
    client.onerror = (err) => {
      // The SDK's stdio client closes the connection on a message over its buffer (10 MiB), when
      // its transport kept the SDK's read buffer (`readUpstreamLines` found none to swap).
      const over = /ReadBuffer exceeded maximum size of (\d+) bytes/.exec(errorText(err));
      if (over !== null && this.client === client)
        this.closeCause = `${this.name} sent a message over ${over[1]} bytes, the most the MCP SDK's stdio client reads, so the connection was closed and the server restarted`;
      this.opts.log(`upstream ${this.name}: ${errorText(err)}`);
    };
    const startMs = Math.max(this.opts.timeoutMs, START_TIMEOUT_MS);
    try {
      await client.connect(
        upstreamTransport(
          this.opts.upstream,
          (line) => this.opts.log(`[${this.name}] ${line}`),
          this.opts.maxMessageBytes,
        ),
        { timeout: startMs },
      );
      if ((this.state as UpstreamState) === 'closed') {
        await client.close();
        return;
      }
      this.client = client;
      this.direct = this.opts.upstream.kind === 'stdio' ? DirectCalls.attach(client) : undefined;
      this.capabilities = (client.getServerCapabilities() ?? {}) as Json;
      this.state = 'up';
      this.tools = await this.listTools(client, startMs);
      this.attempt = 0;
      this.lastError = '';
      this.opts.onTools(this.name, this.tools);
    } catch (err) {
      await client.close().catch(() => undefined);
      if (this.client === client) this.client = undefined;
      this.down(errorText(err));
    }
  }

  private async refreshTools(): Promise<void> {
    const client = this.client;
    if (client === undefined) return;
    try {
      this.tools = await this.listTools(client);
      this.opts.onTools(this.name, this.tools);
    } catch (err) {
      this.opts.log(`upstream ${this.name}: tools/list failed: ${errorText(err)}`);
    }
  }

  private async listTools(client: Client, timeout = this.opts.timeoutMs): Promise<Json[]> {
    if (!isObject(this.capabilities.tools)) return [];
    const tools: Json[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 64; page++) {
      const res = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        looseToolList,
        { timeout },
      );
      tools.push(...(res.tools as Json[]));
      cursor = res.nextCursor;
      if (cursor === undefined) break;
    }
    return tools;
  }

  private down(reason: string): void {
    if (this.state === 'closed') return;
    this.state = 'down';
    this.lastError = reason;
    const { initialMs, maxMs } = this.opts.backoff ?? { initialMs: 250, maxMs: 30_000 };
    const delay = Math.min(maxMs, initialMs * 2 ** this.attempt);
    this.attempt++;
    this.opts.log(`upstream ${this.name} is down (${reason}); restarting in ${delay} ms`);
    this.timer = setTimeout(() => {
      this.ready = this.connect();
    }, delay);
    this.timer.unref();
  }
}
