import type { ShareLevel, Trust } from '@mcp-trust/core';
import type { Overlay } from '@mcp-trust/engine';
import type { Mode } from '@mcp-trust/policy';

/** A stdio upstream: the gateway starts `command` with `args`, `env` (added to its own) in `cwd`. */
export interface StdioUpstream {
  kind: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Absolute (resolved against the config file's directory). */
  cwd?: string;
}

/** A Streamable HTTP upstream. */
export interface HttpUpstream {
  kind: 'http';
  url: string;
  headers: Record<string, string>;
}

export interface ServerConfig {
  /** The server's namespace: its key under `servers`, and its name in traces. */
  name: string;
  /** Absent for replay-only entries (tools come from the overlay, `tools` or the trace). */
  upstream?: StdioUpstream | HttpUpstream;
  trust: Trust;
  share: ShareLevel;
  /** As written: a catalog name, or a path (already absolute). */
  overlay?: string;
  /** Inline tool definitions (`tools/list` entries), for replay. */
  tools?: Record<string, unknown>[];
}

export interface PolicyConfig {
  packs: string[];
  /** Absolute paths (resolved against the config file's directory). */
  files: string[];
}

/** The gateway's own settings (`gateway:`); every field has a default. */
export interface GatewaySettings {
  /** Between server and tool in the names hosts see (`files__read_file`). */
  separator: string;
  /** Upstream request timeout, ms. */
  timeoutMs: number;
  /** Largest message accepted from a host, bytes. */
  maxMessageBytes: number;
  /** Largest message read from an upstream server, bytes (an answer over it fails its call). */
  maxUpstreamMessageBytes: number;
  /** SQLite commits: `normal` survives a killed process, `full` also a power loss (one disk flush per write). */
  durability: 'normal' | 'full';
}

/** A parsed configuration file with every default applied. */
export interface Config {
  /** The config file (absolute when loaded from disk), for messages. */
  file: string;
  /** Relative paths in the file were resolved against this directory. */
  dir: string;
  mode: Mode;
  servers: Record<string, ServerConfig>;
  policy: PolicyConfig;
  /** `memory`, or the absolute path of the SQLite file. */
  store: string;
  gateway: GatewaySettings;
  /** Line and column of values that later steps (`resolveConfig`) may need to blame, by JSON path. */
  places: Record<string, { line: number; col: number }>;
}

/** What the engine and its drivers need: overlays loaded, policy sources read. */
export interface ResolvedServer {
  trust: Trust;
  share: ShareLevel;
  overlay?: Overlay;
  tools?: Record<string, unknown>[];
  upstream?: StdioUpstream | HttpUpstream;
}

export interface ResolvedConfig {
  /** The config file it came from, for messages. */
  file: string;
  mode: Mode;
  servers: Record<string, ResolvedServer>;
  policy: { packs: string[]; files: { path: string; text: string }[] };
  store: string;
  gateway: GatewaySettings;
}

export const DEFAULT_MODE: Mode = 'enforce';
export const DEFAULT_TRUST: Trust = 'untrusted';
export const DEFAULT_SHARE: ShareLevel = 'minimal';
export const DEFAULT_PACKS: readonly string[] = ['default'];
export const DEFAULT_STORE = './mcp-trust.db';
export const DEFAULT_GATEWAY: Readonly<GatewaySettings> = Object.freeze({
  separator: '__',
  timeoutMs: 60_000,
  maxMessageBytes: 4 * 1024 * 1024,
  maxUpstreamMessageBytes: 10 * 1024 * 1024,
  durability: 'normal',
});
