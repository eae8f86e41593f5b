import type { ContractViolation, Problem, ToolContract } from '@mcp-trust/core';
import { readToolDefinition } from '@mcp-trust/core';
import { problem } from './call-input.js';
import type { EnginePolicy } from './evaluate.js';
import { DEFAULT_VALUE_INDEX_BYTES } from './merge-state.js';
import type { ServerEntry } from './resolve-contract.js';
import { ContractResolver } from './resolve-contract.js';
import type { Session } from './session.js';
import { SessionImpl } from './session.js';
import type { SessionState } from './session-state.js';
import { readSessionState } from './session-state.js';

export interface EngineOptions {
  policy: EnginePolicy;
  /** The operator's servers: trust, sharing, and the overlay bound to each. */
  servers: Record<string, ServerEntry>;
  /** Bound of each session's value index (and of its remembered prompts), in bytes. */
  valueIndexBytes?: number;
  /** This replica's name in session counters; give each gateway replica its own. */
  replica?: string;
  /**
   * Scan results (injection, secrets, PII) and arguments (secrets) with `@mcp-trust/detectors`
   * and join what they find into the labels. Default true.
   */
  detectors?: boolean;
}

export interface Engine {
  readonly policy: EnginePolicy;
  /** Problems found in the configuration (an overlay's bad `matches` pattern). */
  readonly problems: readonly Problem[];
  /** Raw `tools/list` entries of a server; claims are trust-filtered by the server's trust. */
  registerTools(server: string, tools: readonly unknown[]): Problem[];
  /** The contract a call would get (what a gateway lists, or answers `tools/resolve` with). */
  contract(
    server: string,
    tool: string,
    args?: Record<string, unknown>,
    resolved?: unknown,
  ): { contract: ToolContract; violations: ContractViolation[]; problems: Problem[] };
  /** The session with this id, created empty the first time. */
  session(id: string): Session;
  /** A session from saved state (read defensively; see `session.problems`), replacing any with its id. */
  restoreSession(state: SessionState): Session;
  /** Forget a session (its state is the caller's to keep). */
  dropSession(id: string): boolean;
}

export function createEngine(options: EngineOptions): Engine {
  const problems: Problem[] = [];
  const resolver = new ContractResolver(options.servers ?? {}, problems);
  const ctx = {
    policy: options.policy,
    detect: options.detectors !== false,
    resolver,
    valueIndexBytes: options.valueIndexBytes ?? DEFAULT_VALUE_INDEX_BYTES,
    replica: options.replica ?? 'local',
  };
  const sessions = new Map<string, SessionImpl>();
  return {
    policy: options.policy,
    problems,
    registerTools(server, tools) {
      const out: Problem[] = [];
      if (!Object.hasOwn(options.servers ?? {}, server)) {
        out.push(
          problem(
            '$',
            'unknown-server',
            `server ${JSON.stringify(server)} is not configured; treated as untrusted`,
            'warning',
          ),
        );
      }
      if (!Array.isArray(tools)) {
        out.push(problem('$', 'invalid-type', 'tools must be an array of tools/list entries'));
        return out;
      }
      const seen = new Set<string>();
      tools.forEach((raw, i) => {
        const read = readToolDefinition(raw);
        for (const p of read.problems) out.push({ ...p, path: `$[${i}]${p.path.slice(1)}` });
        const name = read.value.name;
        if (name === '') return;
        if (seen.has(name))
          out.push(
            problem(`$[${i}].name`, 'duplicate-tool', `${name} is listed twice; the last wins`, 'warning'),
          );
        seen.add(name);
        resolver.declare(server, name, read.value.claims);
      });
      return out;
    },
    contract(server, tool, args = {}, resolved) {
      const r = resolver.resolve(server, tool, args, resolved);
      return { contract: r.contract, violations: r.violations, problems: r.problems };
    },
    session(id) {
      let s = sessions.get(id);
      if (s === undefined) {
        s = new SessionImpl(ctx, id);
        sessions.set(id, s);
      }
      return s;
    },
    restoreSession(state) {
      const read = readSessionState(state);
      const s = new SessionImpl(ctx, read.state.id, read.state.counters);
      s.load(read.state, read.problems);
      sessions.set(s.id, s);
      return s;
    },
    dropSession(id) {
      return sessions.delete(id);
    },
  };
}
