import { CATALOG_DIR } from '@mcp-trust/catalog';
import type { Mode } from '@mcp-trust/policy';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { Io } from '../io.js';
import { loadSetup } from '../replay/build-engine.js';
import { parseMode } from './options.js';

export interface GatewayCliOptions {
  config?: string;
  http?: string;
  token?: string;
  allowedOrigin?: string[];
  allowedHost?: string[];
  session?: string;
  store?: string;
  mode?: Mode;
  timeout?: number;
  maxMessageBytes?: number;
  maxUpstreamMessageBytes?: number;
}

/** `host:port`, `:port` or `port`; the host defaults to loopback. */
export function parseListen(value: string): { host: string; port: number } {
  const m = /^(?:(\[[^\]]+\]|[^:]+)?:)?(\d{1,5})$/.exec(value);
  const port = Number(m?.[2]);
  if (m === null || !Number.isInteger(port) || port > 65535) {
    throw new InvalidArgumentError('expected HOST:PORT, e.g. 127.0.0.1:8787');
  }
  const host = (m[1] ?? '127.0.0.1').replace(/^\[|\]$/g, '');
  return { host, port };
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

/** `mcp-trust gateway`: the policy-enforcing proxy, in front of the config's servers. */
export async function runGateway(opts: GatewayCliOptions, io: Io): Promise<number> {
  const setup = loadSetup({
    ...(opts.config === undefined ? {} : { config: opts.config }),
    ...(opts.mode === undefined ? {} : { mode: opts.mode }),
  });
  // The catalog's own overlays are reviewed and validated in CI; their warnings (a deliberately
  // undeclared field read as unknown) would be noise on every start.
  for (const p of setup.problems) if (setup.ready === undefined || !isCatalogWarning(p)) io.stderr(p);
  if (setup.ready === undefined) {
    io.stderr(
      `mcp-trust gateway: ${setup.errors} ${setup.errors === 1 ? 'error' : 'errors'} in the configuration; not started`,
    );
    return 1;
  }
  const config =
    opts.store === undefined ? setup.ready.resolved : { ...setup.ready.resolved, store: opts.store };
  if (Object.values(config.servers).every((s) => s.upstream === undefined)) {
    io.stderr(
      'mcp-trust gateway: the configuration names no server with `command` or `url`; nothing to proxy',
    );
    return 1;
  }
  const listen = opts.http === undefined ? undefined : parseListen(opts.http);
  const fromEnv = process.env.MCP_TRUST_TOKEN;
  const token = opts.token ?? (fromEnv === undefined || fromEnv === '' ? undefined : fromEnv);
  const { startGateway } = await import('@mcp-trust/gateway');
  let running: Awaited<ReturnType<typeof startGateway>>;
  try {
    running = await startGateway({
      config,
      policy: setup.ready.policy,
      ...(listen === undefined
        ? {}
        : {
            http: {
              ...listen,
              ...(token === undefined ? {} : { token }),
              ...(opts.allowedHost === undefined ? {} : { allowedHosts: opts.allowedHost }),
              ...(opts.allowedOrigin === undefined ? {} : { allowedOrigins: opts.allowedOrigin }),
            },
          }),
      ...(opts.session === undefined ? {} : { session: opts.session }),
      ...(opts.timeout === undefined ? {} : { timeoutMs: opts.timeout }),
      ...(opts.maxMessageBytes === undefined ? {} : { maxMessageBytes: opts.maxMessageBytes }),
      ...(opts.maxUpstreamMessageBytes === undefined
        ? {}
        : { maxUpstreamMessageBytes: opts.maxUpstreamMessageBytes }),
      log: (line) => io.stderr(`mcp-trust: ${line}`),
    });
  } catch (err) {
    io.stderr(`mcp-trust gateway: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const up = running.core.upstreamList().map((u) => `${u.name} (${u.state}, ${u.tools.length} tools)`);
  io.stderr(
    `mcp-trust gateway: ${up.join(', ')}; store ${config.store}; policy ${setup.ready.resolved.mode}`,
  );
  if (running.http !== undefined) io.stderr(`mcp-trust gateway: listening on ${running.http.url}`);
  const stop = async (): Promise<void> => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await running.done;
  await running.close();
  return 0;
}

function isCatalogWarning(line: string): boolean {
  return line.startsWith(CATALOG_DIR) && / warning /.test(line);
}

export function registerGateway(program: Command, io: Io): void {
  program
    .command('gateway')
    .description(
      'Run the policy-enforcing MCP proxy in front of the servers in the config (stdio by default).',
    )
    .option('-c, --config <file>', 'configuration file (servers, policy, store)')
    .option('--http <host:port>', 'serve Streamable HTTP instead of stdio, e.g. 127.0.0.1:8787')
    .option(
      '--token <token>',
      'bearer token HTTP clients must send (or MCP_TRUST_TOKEN); required off loopback',
    )
    .option('--allowed-origin <origin...>', 'Origin values accepted over HTTP (default: the listen address)')
    .option('--allowed-host <host...>', 'Host header values accepted over HTTP (default: the listen address)')
    .option('--session <id>', 'agent session id for the stdio host (default: stdio)')
    .option('--store <file>', 'override the config: SQLite file, or `memory`')
    .option('--mode <mode>', 'override the config: audit | warn | enforce', parseMode)
    .option('--timeout <ms>', 'override the config: upstream request timeout', positiveInt)
    .option(
      '--max-message-bytes <n>',
      'override the config: largest message accepted from a host',
      positiveInt,
    )
    .option(
      '--max-upstream-message-bytes <n>',
      'override the config: largest message read from a server (an answer over it fails its call)',
      positiveInt,
    )
    .action(async (opts: GatewayCliOptions) => {
      process.exitCode = await runGateway(opts, io);
    });
}
