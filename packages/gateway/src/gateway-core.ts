import type { ResolvedConfig } from '@mcp-trust/catalog';
import type { DataLabel } from '@mcp-trust/core';
import { labelEquals } from '@mcp-trust/core';
import type { Engine, ServerSettings, Session } from '@mcp-trust/engine';
import { createEngine } from '@mcp-trust/engine';
import type { Policy } from '@mcp-trust/policy';
import type { JsonValue, Store } from '@mcp-trust/store';
import type { Notification } from '@modelcontextprotocol/client';
import type { HostChannel } from './pipeline/call-context.js';
import { RequestStateSigner } from './request-state.js';
import { ResolveCache } from './resolve-cache.js';
import type { ExposedTool } from './tool-catalog.js';
import { ToolCatalog } from './tool-catalog.js';
import { Upstream } from './upstream.js';
import type { Json } from './wire.js';
import { errorText } from './wire.js';

export interface GatewayOptions {
  config: ResolvedConfig;
  policy: Policy;
  store: Store;
  /** Between server and tool in exposed names; default `__`. */
  separator?: string;
  /** Upstream request timeout, ms; default 60 000. */
  timeoutMs?: number;
  /** Largest message read from an upstream, bytes; default 10 MiB (`UPSTREAM_MAX_MESSAGE_BYTES`). */
  maxUpstreamMessageBytes?: number;
  /** Diagnostics (stderr by default: stdout may be the MCP channel). */
  log?: (line: string) => void;
  /** Restart backoff for upstreams, ms. */
  backoff?: { initialMs: number; maxMs: number };
}

/** Something connected downstream that can be told about changes (a 2025-era host connection). */
export interface DownstreamPeer {
  notify(notification: Notification): void;
}

const MAX_WITHHELD = 256;
const SAVE_BEHIND_MS = 250;
const WITHHELD_TTL_MS = 15 * 60_000;
const MAX_AUDIT_STRING = 4096;

/**
 * Everything a downstream connection shares: the engine, the store, the upstreams, the tool
 * catalog. It decides nothing itself — the engine does — and it holds no per-connection state.
 */
export class GatewayCore {
  readonly engine: Engine;
  readonly store: Store;
  readonly catalog: ToolCatalog;
  readonly resolveCache = new ResolveCache();
  readonly separator: string;
  readonly log: (line: string) => void;
  private readonly upstreams = new Map<string, Upstream>();
  private readonly loaded = new Set<string>();
  private readonly signer = new RequestStateSigner();
  private readonly withheld = new Map<string, { result: Json; label: DataLabel; at: number }>();
  private readonly inflight = new Map<string, HostChannel[]>();
  private readonly peers = new Set<DownstreamPeer>();
  private readonly settings: Record<string, ServerSettings>;
  private readonly resources = new Map<string, string>();
  private readonly savedLabels = new Map<string, DataLabel>();
  private readonly dirty = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
  private counter = 0;

  constructor(readonly options: GatewayOptions) {
    const { config } = options;
    this.store = options.store;
    this.separator = options.separator ?? '__';
    this.log = options.log ?? ((line) => process.stderr.write(`mcp-trust: ${line}\n`));
    this.engine = createEngine({ policy: options.policy, servers: config.servers });
    this.settings = Object.fromEntries(
      Object.entries(config.servers).map(([name, s]) => [name, { trust: s.trust, share: s.share }]),
    );
    this.catalog = new ToolCatalog(this.store, this.separator, (session, kind, data) =>
      this.audit(session, kind, data),
    );
    for (const [name, server] of Object.entries(config.servers)) {
      if (server.upstream === undefined) continue;
      this.upstreams.set(
        name,
        new Upstream({
          name,
          upstream: server.upstream,
          timeoutMs: options.timeoutMs ?? 60_000,
          ...(options.maxUpstreamMessageBytes === undefined
            ? {}
            : { maxMessageBytes: options.maxUpstreamMessageBytes }),
          log: this.log,
          ...(options.backoff === undefined ? {} : { backoff: options.backoff }),
          onTools: (srv, tools) => this.onTools(srv, tools),
          onNotification: (srv, n) => this.onNotification(srv, n),
          onHostRequest: (srv, method, params) => this.onHostRequest(srv, method, params),
        }),
      );
    }
  }

  /** Starts every upstream; waits up to `waitMs` for their first tool lists. */
  async start(waitMs = 30_000): Promise<void> {
    this.audit('*', 'session', { event: 'gateway-start', servers: [...this.upstreams.keys()] });
    await Promise.all([...this.upstreams.values()].map((u) => u.start()));
    await Promise.all([...this.upstreams.values()].map((u) => u.whenReady(waitMs)));
  }

  async close(): Promise<void> {
    this.flushSessions();
    await Promise.all([...this.upstreams.values()].map((u) => u.close()));
    this.store.close();
  }

  upstream(name: string): Upstream | undefined {
    return this.upstreams.get(name);
  }

  upstreamList(): Upstream[] {
    return [...this.upstreams.values()];
  }

  serverSettings(name: string): ServerSettings {
    return this.settings[name] ?? { trust: 'untrusted', share: 'none' };
  }

  nextCallId(session: string): string {
    return `${session}#${++this.counter}`;
  }

  /** The engine's session, restored from the store the first time this process sees the id. */
  session(id: string): Session {
    if (!this.loaded.has(id)) {
      this.loaded.add(id);
      const stored = this.store.loadSession(id);
      if (stored !== undefined) {
        const s = this.engine.restoreSession(stored);
        this.savedLabels.set(id, s.label);
        for (const p of s.problems) this.log(`session ${id}: ${p.code}: ${p.message}`);
        return s;
      }
    }
    return this.engine.session(id);
  }

  /**
   * A session's label is written before the host sees the result whenever it has risen, so a
   * restart never launders taint. The rest of the state (value index, counts) only grows
   * detail under that label; it is written behind, at most every `SAVE_BEHIND_MS` per session,
   * because rewriting a 64 KiB index on every call would cost more than the call.
   */
  saveSession(session: Session): void {
    const saved = this.savedLabels.get(session.id);
    if (saved === undefined || !labelEquals(saved, session.label)) {
      this.store.saveSession(session.state());
      this.savedLabels.set(session.id, session.label);
      this.dirty.delete(session.id);
      return;
    }
    this.dirty.add(session.id);
    if (this.flushTimer === undefined) {
      this.flushTimer = setTimeout(() => this.flushSessions(), SAVE_BEHIND_MS);
      this.flushTimer.unref();
    }
  }

  /** Writes every session with unsaved detail. */
  flushSessions(): void {
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const id of this.dirty) {
      try {
        this.store.saveSession(this.engine.session(id).state());
      } catch (err) {
        this.log(`could not save session ${id}: ${errorText(err)}`);
      }
    }
    this.dirty.clear();
  }

  audit(session: string, kind: string, data: Json): void {
    // Durable now, chained within moments (`Store.logAudit`); the store seals canonical JSON of
    // `data`, dropping what JSON cannot hold.
    this.store.logAudit({ session, kind, data: data as JsonValue });
  }

  /** Arguments as the audit log keeps them: long strings cut, so one call can't bloat the log. */
  auditArguments(args: Record<string, unknown>): JsonValue {
    return cut(args, 0) as JsonValue;
  }

  signState(kind: string, session: string, hash: string, token = ''): string {
    return this.signer.sign(kind, session, hash, token);
  }

  verifyState(state: string | undefined, kind: string, session: string, hash: string): boolean {
    return this.signer.verify(state, kind, session, hash) !== undefined;
  }

  verifiedToken(state: string | undefined, kind: string, session: string, hash: string): string | undefined {
    const token = this.signer.verify(state, kind, session, hash);
    return token === undefined || token === '' ? undefined : token;
  }

  /** Whether calls to this server's tools are resolved upstream (`resolveUpstream` asks it). */
  resolvesUpstream(server: string): boolean {
    const upstream = this.upstreams.get(server);
    return upstream !== undefined && upstream.state === 'up' && upstream.offersResolve;
  }

  /**
   * The upstream's `tools/resolve` answer for these arguments, cached per session, or `undefined`
   * when the server does not offer resolution, is down, or fails: the contract then stays as wide
   * as the static declaration, which is the conservative answer.
   */
  async resolveUpstream(
    session: string,
    exposed: ExposedTool,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<Json | undefined> {
    const upstream = this.upstreams.get(exposed.server);
    if (upstream === undefined || !this.resolvesUpstream(exposed.server)) return undefined;
    try {
      return await this.resolveCache.get(session, exposed.server, exposed.tool, args, () =>
        upstream.request(
          'tools/resolve',
          { name: exposed.tool, arguments: args },
          signal === undefined ? {} : { signal },
        ),
      );
    } catch (err) {
      this.log(`tools/resolve on ${exposed.server} failed for ${exposed.tool}: ${errorText(err)}`);
      return undefined;
    }
  }

  /** Keeps a withheld result for a release question; bounded and short-lived. */
  withhold(result: Json, label: DataLabel): string {
    const now = Date.now();
    for (const [k, v] of this.withheld)
      if (now - v.at > WITHHELD_TTL_MS || this.withheld.size >= MAX_WITHHELD) this.withheld.delete(k);
    const token = `${now.toString(36)}-${(++this.counter).toString(36)}`;
    this.withheld.set(token, { result, label, at: now });
    return token;
  }

  release(token: string): { result: Json; label: DataLabel } | undefined {
    const held = this.withheld.get(token);
    this.withheld.delete(token);
    return held;
  }

  /** Runs an upstream call with the host channel registered, so the server's questions reach the host. */
  async inFlight<T>(server: string, host: HostChannel, fn: () => Promise<T>): Promise<T> {
    const list = this.inflight.get(server) ?? [];
    list.push(host);
    this.inflight.set(server, list);
    try {
      return await fn();
    } finally {
      const i = list.indexOf(host);
      if (i >= 0) list.splice(i, 1);
    }
  }

  /** Remembers which upstream listed a resource, so a read goes to its owner. */
  noteResource(uri: string, server: string): void {
    if (this.resources.size > 10_000) this.resources.clear();
    this.resources.set(uri, server);
  }

  resourceOwner(uri: string): string | undefined {
    return this.resources.get(uri);
  }

  addPeer(peer: DownstreamPeer): () => void {
    this.peers.add(peer);
    return () => this.peers.delete(peer);
  }

  private onTools(server: string, tools: Json[]): void {
    for (const p of this.engine.registerTools(server, tools))
      this.log(`${server} tools/list ${p.path}: ${p.code}: ${p.message}`);
    this.catalog.setTools(server, tools);
    this.resolveCache.dropServer(server);
    this.broadcast({ method: 'notifications/tools/list_changed', params: {} });
  }

  private onNotification(server: string, n: Notification): void {
    switch (n.method) {
      case 'notifications/tools/list_changed':
        return; // re-broadcast once the new list is in (onTools)
      case 'notifications/resources/list_changed':
      case 'notifications/resources/updated':
      case 'notifications/prompts/list_changed':
        this.broadcast(n);
        return;
      case 'notifications/message': {
        const params = (n.params ?? {}) as Json;
        this.broadcast({
          method: n.method,
          params: {
            ...params,
            logger: `${server}${params.logger === undefined ? '' : `/${String(params.logger)}`}`,
          },
        });
        return;
      }
      default:
        return; // progress rides on its request; cancellation is answered per request
    }
  }

  private broadcast(n: Notification): void {
    for (const peer of this.peers) {
      try {
        peer.notify(n);
      } catch (err) {
        this.log(`could not notify a host: ${errorText(err)}`);
      }
    }
  }

  /** An upstream's elicitation or sampling goes to the host whose call it serves, if that host can take it. */
  private async onHostRequest(server: string, method: string, params: Json): Promise<Json> {
    const host = (this.inflight.get(server) ?? []).findLast((h) => h.push !== undefined);
    this.audit('*', 'host-request', { server, method, forwarded: host !== undefined });
    if (host?.push === undefined) {
      if (method === 'elicitation/create') return { action: 'decline' };
      throw new Error(
        `${method} from ${server} cannot reach a host: no call in progress on a connection that takes server requests`,
      );
    }
    return host.push(method, params);
  }
}

function cut(value: unknown, depth: number): unknown {
  if (typeof value === 'string')
    return value.length > MAX_AUDIT_STRING
      ? `${value.slice(0, MAX_AUDIT_STRING)}… (${value.length} chars)`
      : value;
  if (depth > 32 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => cut(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cut(v, depth + 1)]));
}
