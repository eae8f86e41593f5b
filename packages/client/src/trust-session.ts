import { randomUUID } from 'node:crypto';
import type { DataLabel } from '@mcp-trust/core';
import type { Engine, ServerEntry, Session, SessionState } from '@mcp-trust/engine';
import { createEngine } from '@mcp-trust/engine';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { TrustError } from './errors.js';
import { loadSetup } from './load-setup.js';
import { readToolList } from './read-tools.js';
import type { CallOptions } from './run-call.js';
import { runCall } from './run-call.js';
import type { TrustProblem, TrustSessionOptions } from './session-options.js';
import type { TrustTool } from './tool-directory.js';
import { ToolDirectory } from './tool-directory.js';
import { validateOptions } from './validate-options.js';

/**
 * A session's state as plain JSON: the engine's `SessionState` (label, value index, the user's
 * words, counts), the same the gateway stores. `JSON.stringify` it; hand it to `restore`.
 */
export type TrustSessionState = SessionState;

/**
 * One agent session around one or more connected SDK `Client`s: lists their tools with effective
 * annotations, runs every call through the mcp-trust engine, asks the host's `onEscalate` when
 * the policy escalates, and keeps a label that never goes down. Refusals throw `TrustRefusal`;
 * see docs/hosts.md.
 */
export class TrustSession {
  private readonly directory: ToolDirectory;
  private counter = 0;

  private constructor(
    private readonly options: TrustSessionOptions,
    private readonly engine: Engine,
    private readonly servers: Record<string, ServerEntry>,
    private session: Session,
    private readonly onProblem: (p: TrustProblem) => void,
  ) {
    this.directory = new ToolDirectory(engine, options.separator ?? '__');
  }

  /**
   * Checks the options, loads the policy and each server's settings (config file, overlays), and
   * lists every client's tools. Throws `TrustError` on any problem: nothing runs under a policy
   * other than the one asked for, and no server goes unlisted.
   */
  static async create(options: TrustSessionOptions): Promise<TrustSession> {
    const opts = validateOptions(options);
    const setup = loadSetup(opts);
    const onProblem = opts.onProblem ?? warnProblem;
    for (const w of setup.warnings) onProblem(w);
    const engine = createEngine({ policy: setup.policy, servers: setup.servers });
    for (const p of engine.problems) onProblem(p);
    const session = engine.session(opts.sessionId ?? randomUUID());
    const trust = new TrustSession(opts, engine, setup.servers, session, onProblem);
    await trust.listTools();
    return trust;
  }

  /**
   * A session from `state()`, saved earlier: the same clients and options, the saved label, value
   * index and words. A state that cannot be read fails closed (the session counts as having seen
   * untrusted data); what was wrong goes to `onProblem` with its JSON path.
   */
  static async restore(saved: unknown, options: TrustSessionOptions): Promise<TrustSession> {
    const trust = await TrustSession.create(options);
    trust.engine.dropSession(trust.session.id);
    trust.session = trust.engine.restoreSession(saved as SessionState);
    for (const p of trust.session.problems) trust.onProblem(p);
    return trust;
  }

  /** The agent session's id. */
  get id(): string {
    return this.session.id;
  }

  /** Everything the session has seen, joined; it never goes down. */
  get label(): DataLabel {
    return this.session.label;
  }

  /**
   * Every client's tools, read afresh (loosely: no annotation key is lost), namespaced
   * `server__tool`, with the effective annotations the engine will act on.
   */
  async listTools(): Promise<TrustTool[]> {
    const lists = await Promise.all(
      Object.entries(this.options.clients).map(
        async ([server, client]) =>
          [server, await readToolList(client, server, this.options.timeout)] as const,
      ),
    );
    for (const [server, tools] of lists) for (const p of this.directory.set(server, tools)) this.onProblem(p);
    return this.directory.all();
  }

  /** The user's own words: values in them (addresses, file names, amounts) are endorsed. */
  notePrompt(text: string): void {
    this.session.notePrompt(text);
  }

  /**
   * Calls a tool: `callTool('files', 'read_file', args)` or `callTool('files__read_file', args)`.
   * Returns the server's result with its label (`_meta.annotations`) and the verdicts
   * (`_meta["mcp-trust/verdict"]`). Throws `TrustRefusal` when the policy blocks the call, the
   * person (or the lack of `onEscalate`) denies it, or the result is withheld; `TrustError` for a
   * tool nobody listed or arguments that are not an object; the SDK's error when the server fails.
   */
  callTool(name: string, args?: Record<string, unknown>, options?: CallOptions): Promise<CallToolResult>;
  callTool(
    server: string,
    tool: string,
    args?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<CallToolResult>;
  async callTool(
    first: string,
    second?: string | Record<string, unknown>,
    third?: Record<string, unknown> | CallOptions,
    fourth?: CallOptions,
  ): Promise<CallToolResult> {
    const [server, tool, args, options]: [string, string, unknown, CallOptions | undefined] =
      typeof second === 'string'
        ? [first, second, third, fourth]
        : [...this.split(first), second, third as CallOptions | undefined];
    const client = this.client(server);
    if (this.directory.definition(server, tool) === undefined) {
      const known = this.directory.toolsOf(server);
      throw new TrustError(
        'unknown-tool',
        `${server} has no tool ${JSON.stringify(tool)} in its last tools/list (tools: ${known.join(', ') || 'none'}); call listTools() again if its tools changed`,
        { server, tool },
      );
    }
    const input = args ?? {};
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const name = this.directory.nameOf(server, tool);
      throw new TrustError('invalid-arguments', `the arguments of ${name} must be an object ($.arguments)`, {
        server,
        tool,
      });
    }
    return runCall(
      {
        session: this.session,
        client,
        server,
        tool,
        name: this.directory.nameOf(server, tool),
        share: this.servers[server]?.share ?? 'none',
        callId: `${this.session.id}#${++this.counter}`,
        onEscalate: this.options.onEscalate,
        onProblem: this.onProblem,
      },
      input as Record<string, unknown>,
      options,
    );
  }

  /** The session as plain JSON, for a host to persist; `restore` takes it back. */
  state(): TrustSessionState {
    return this.session.state();
  }

  private client(server: string): Client {
    const client = Object.hasOwn(this.options.clients, server) ? this.options.clients[server] : undefined;
    if (client === undefined) {
      throw new TrustError(
        'unknown-server',
        `no client named ${JSON.stringify(server)} (clients: ${Object.keys(this.options.clients).join(', ')})`,
        { server },
      );
    }
    return client;
  }

  private split(name: string): [string, string] {
    const found = this.directory.find(name);
    if (found === undefined) {
      throw new TrustError(
        'unknown-tool',
        `no tool named ${JSON.stringify(name)}: tools are named server${this.options.separator ?? '__'}tool (see listTools())`,
        { tool: name },
      );
    }
    return [found.server, found.tool];
  }
}

function warnProblem(p: TrustProblem): void {
  if (p.severity === 'info') return;
  const where = [p.server, p.tool].filter((x) => x !== undefined).join('/');
  console.warn(
    `mcp-trust: ${where === '' ? '' : `${where} `}${p.path}: ${p.severity} ${p.code}: ${p.message}`,
  );
}
