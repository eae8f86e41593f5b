import type { ShareLevel, Trust } from '@mcp-trust/core';
import type { Mode } from '@mcp-trust/policy';
import type { Client } from '@modelcontextprotocol/client';
import type { OnEscalate } from './escalation.js';

/** How far to believe one server, and how much of the session's labels it is told. */
export interface ServerOptions {
  /** `trusted` believes the server's own annotations; `untrusted` (default) only its risk-raising ones. */
  trust?: Trust;
  /** Request annotations (`params._meta.annotations`) it receives: `none`, `minimal` (default), `full`. */
  share?: ShareLevel;
  /** Annotations for its tools: a catalog overlay name (`filesystem`) or a YAML file path. */
  overlay?: string;
}

/** The policy: built-in packs and policy files (default: the `default` pack). */
export interface PolicyOptions {
  packs?: string[];
  /** Policy file paths, relative to the working directory; loaded after the packs. */
  files?: string[];
}

/** Something worth knowing that did not stop anything: a malformed annotation, a failed `tools/resolve`. */
export interface TrustProblem {
  server?: string;
  tool?: string;
  /** JSON path inside what was read (`$[2].annotations.inputMetadata`), or `$`. */
  path: string;
  code: string;
  message: string;
  severity: 'error' | 'warning' | 'info';
}

export interface TrustSessionOptions {
  /** Connected SDK clients by server name; the name is the server's namespace (`files__read_file`). */
  clients: Record<string, Client>;
  /**
   * A mcp-trust configuration file (the gateway's): its `mode`, `policy` and each server's
   * `trust`, `share` and `overlay` apply; `command`/`url` are ignored (you own the clients).
   */
  config?: string;
  /** Per-server settings; an entry here replaces the config file's entry for that server. */
  servers?: Record<string, ServerOptions>;
  /** Replaces the config file's `policy`. */
  policy?: PolicyOptions;
  /** `audit` (decide, never interfere), `warn` (never stop a call), `enforce` (default). */
  mode?: Mode;
  /** Asked on every escalation; without it every escalation is denied (fail closed). */
  onEscalate?: OnEscalate;
  /** Problems that did not stop anything; default: errors and warnings to `console.warn`. */
  onProblem?: (problem: TrustProblem) => void;
  /** The agent session's id (default: a random UUID); a restored session keeps its saved id. */
  sessionId?: string;
  /** Between server and tool in listed names; 1–4 of `_ - . / :`, default `__`. */
  separator?: string;
  /** Timeout for `tools/list` and `tools/resolve` requests, ms (default: the SDK's). */
  timeout?: number;
}
