import type { ResolvedConfig } from '@mcp-trust/catalog';
import type { Policy } from '@mcp-trust/policy';
import { GatewayCore } from './gateway-core.js';
import type { HttpDownstream } from './http-downstream.js';
import { listenProblem, serveGatewayHttp } from './http-downstream.js';
import { openStore } from './open-store.js';
import { serveGatewayStdio } from './stdio-downstream.js';

export interface StartOptions {
  config: ResolvedConfig;
  policy: Policy;
  /** Listen on Streamable HTTP instead of stdio. */
  http?: { host: string; port: number; token?: string; allowedHosts?: string[]; allowedOrigins?: string[] };
  /** The stdio agent session id (default `stdio`). */
  session?: string;
  /** Overrides of the config's `gateway:` settings. */
  timeoutMs?: number;
  maxMessageBytes?: number;
  maxUpstreamMessageBytes?: number;
  log?: (line: string) => void;
}

export interface RunningGateway {
  core: GatewayCore;
  /** Set when serving HTTP. */
  http?: HttpDownstream;
  /** Resolves when the stdio host disconnects (never for HTTP until `close`). */
  done: Promise<void>;
  close(): Promise<void>;
}

/** Opens the store, starts the upstreams, and serves the host over stdio or HTTP. */
export async function startGateway(opts: StartOptions): Promise<RunningGateway> {
  const refused = opts.http === undefined ? undefined : listenProblem(opts.http);
  if (refused !== undefined) throw new Error(refused);
  const store = openStore(opts.config.store, opts.config.gateway.durability);
  const core = new GatewayCore({
    config: opts.config,
    policy: opts.policy,
    store,
    separator: opts.config.gateway.separator,
    timeoutMs: opts.timeoutMs ?? opts.config.gateway.timeoutMs,
    maxUpstreamMessageBytes: opts.maxUpstreamMessageBytes ?? opts.config.gateway.maxUpstreamMessageBytes,
    ...(opts.log === undefined ? {} : { log: opts.log }),
  });
  await core.start();
  const maxMessageBytes = opts.maxMessageBytes ?? opts.config.gateway.maxMessageBytes;
  if (opts.http !== undefined) {
    let http: HttpDownstream;
    try {
      http = await serveGatewayHttp(core, { ...opts.http, maxMessageBytes });
    } catch (err) {
      await core.close();
      throw err;
    }
    let stop: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      stop = resolve;
    });
    return {
      core,
      http,
      done,
      async close() {
        await http.close();
        await core.close();
        stop();
      },
    };
  }
  const done = serveGatewayStdio(core, { session: opts.session ?? 'stdio', maxMessageBytes });
  return {
    core,
    done,
    async close() {
      await core.close();
    },
  };
}
