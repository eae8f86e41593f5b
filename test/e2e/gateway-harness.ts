/**
 * Shared support for the gateway's end-to-end tests: real servers, the built CLI
 * (`packages/cli/dist/bin.js`, so `npx tsc -b` first), real stdio and HTTP, a real SQLite file in
 * a temporary directory. Hosts are `@modelcontextprotocol/client` clients; results are read with
 * loose schemas, since the typed helpers strip the annotation keys these tests are about.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from '@mcp-trust/store';
import { openSqliteStore } from '@mcp-trust/store-sqlite';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { expect } from 'vitest';
import * as z from 'zod';
import { binOf } from '../../examples/test-support/bin-of.js';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = join(REPO, 'packages/cli/dist/bin.js');
export const TRICKY = join(REPO, 'test/e2e/fixtures/tricky-server.ts');

if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npx tsc -b\` before the e2e tests`);
warnIfStale(['gateway', 'cli', 'engine', 'policy', 'store-sqlite']);

/** These tests run the build: say so when a package's sources are newer than its `dist`. */
function warnIfStale(packages: string[]): void {
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .reduce((max, e) => Math.max(max, statSync(join(e.parentPath, e.name)).mtimeMs), 0);
  const stale = packages.filter((p) => {
    const dist = join(REPO, 'packages', p, 'dist');
    return !existsSync(dist) || newest(join(REPO, 'packages', p, 'src')) > newest(dist);
  });
  if (stale.length > 0)
    console.warn(`e2e: the build of ${stale.join(', ')} is older than its sources; run \`npx tsc -b\``);
}

export { binOf };

// ---------------------------------------------------------------------------------------------
// Temporary directories and configuration

const dirs: string[] = [];

/** A fresh temporary directory, removed by `removeTmpDirs`. */
export function tmpDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mcp-trust-e2e-${prefix}-`));
  dirs.push(dir);
  return dir;
}

export function removeTmpDirs(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

export interface ServerEntry {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  overlay?: string;
  trust?: 'trusted' | 'untrusted';
  share?: 'none' | 'minimal' | 'full';
}

export const servers = {
  /** server-filesystem over `root`, with the catalog overlay. */
  files: (root: string): ServerEntry => ({
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-filesystem'), root],
    overlay: 'filesystem',
  }),
  /** server-memory keeping its graph in `file`, with the catalog overlay. */
  memory: (file: string): ServerEntry => ({
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-memory')],
    env: { MEMORY_FILE_PATH: file },
    overlay: 'memory',
  }),
  everything: (): ServerEntry => ({
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'],
    overlay: 'everything',
  }),
  /** The fixture (test/e2e/fixtures/tricky-server.ts), run with tsx. */
  tricky: (opts: { description?: string; overlay?: string; startDelayMs?: number } = {}): ServerEntry => ({
    command: process.execPath,
    args: ['--import', 'tsx', TRICKY],
    cwd: REPO,
    env: {
      ...(opts.description === undefined ? {} : { TRICKY_DESCRIPTION: opts.description }),
      ...(opts.startDelayMs === undefined ? {} : { TRICKY_START_DELAY_MS: String(opts.startDelayMs) }),
    },
    ...(opts.overlay === undefined ? {} : { overlay: opts.overlay }),
  }),
};

/**
 * The overlay the tests give the fixture: `send` is certainly public and consequential with a
 * recipient, so the default pack escalates an untrusted recipient and blocks untrusted content;
 * `lie` promises closed-world system data, which its results contradict; `echo` and `inject`
 * are plain reads (so calling them never needs approval, whatever the session has seen).
 */
export const TRICKY_OVERLAY = `name: tricky
tools:
  send:
    annotations:
      readOnlyHint: false
      inputMetadata: { destination: public, outcomes: consequential }
      returnMetadata: { source: system, sensitivity: none }
    arguments:
      to: { role: recipient }
      body: { role: content }
  lie:
    annotations:
      readOnlyHint: true
      openWorldHint: false
      inputMetadata: { destination: ephemeral, sensitivity: none, outcomes: benign }
      returnMetadata: { source: system, sensitivity: none }
  echo: &reader
    annotations:
      readOnlyHint: true
      inputMetadata: { destination: ephemeral, sensitivity: none, outcomes: benign }
  inject: *reader
  malformed: *reader
  huge: *reader
  garbled: *reader
  garbled_json: *reader
`;

export interface ConfigSpec {
  servers: Record<string, ServerEntry>;
  store: string;
  packs?: string[];
  mode?: 'audit' | 'warn' | 'enforce';
}

/** Writes the gateway config (JSON, which is YAML) into `dir`; returns its path. */
export function writeConfig(dir: string, spec: ConfigSpec, name = 'gateway.yaml'): string {
  const file = join(dir, name);
  const config = {
    ...(spec.mode === undefined ? {} : { mode: spec.mode }),
    servers: spec.servers,
    policy: { packs: spec.packs ?? ['default'] },
    store: spec.store,
  };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

// ---------------------------------------------------------------------------------------------
// The CLI

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `mcp-trust ARGS…` with the built CLI, to completion. */
export function runCli(args: string[], timeoutMs = 20_000): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: REPO, encoding: 'utf8', timeout: timeoutMs });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `mcp-trust ARGS…` without blocking the test process, so several can run at once. */
export function runCliAsync(args: string[], timeoutMs = 20_000): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `mcp-trust audit export --json`, parsed. */
export function auditRecords(store: string): AuditLine[] {
  const r = runCli(['audit', 'export', '--json', '--store', store]);
  if (r.code !== 0) throw new Error(`audit export failed (${r.code}): ${r.stderr}`);
  return r.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as AuditLine);
}

export interface AuditLine {
  seq: number;
  session: string;
  kind: string;
  data: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * Reads the store directly (a second connection to the SQLite file, as the CLI makes): faster
 * than the CLI where what is tested is the gateway, not the command.
 */
export function withStore<T>(path: string, read: (store: Store) => T): T {
  const store = openSqliteStore(path);
  try {
    return read(store);
  } finally {
    store.close();
  }
}

/** The audit log, read from the store. */
export function storedAudit(path: string): AuditLine[] {
  return withStore(path, (s) => s.audit({ limit: 100_000 }) as unknown as AuditLine[]);
}

/** Ids of the approvals still pending, read from the store. */
export function pendingIds(path: string): string[] {
  return withStore(path, (s) =>
    s
      .listApprovals()
      .filter((a) => (a.data as { status?: unknown } | null)?.status === 'pending')
      .map((a) => a.id),
  );
}

// ---------------------------------------------------------------------------------------------
// Hosts

const looseSchema = z.looseObject({});

export interface WireResult {
  content: { type: string; text?: string; [key: string]: unknown }[];
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface WireTool {
  name: string;
  description?: string;
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface Elicitation {
  message: string;
  params: Record<string, unknown>;
}

export type ElicitAnswer = 'accept' | 'decline';

export interface HostOptions {
  /** Declare form elicitation and answer every question this way (or as the function says). */
  elicit?: ElicitAnswer | ((question: Elicitation) => ElicitAnswer);
  /** The SDK's version negotiation; `auto` reaches the 2026-07-28 era. */
  negotiation?: 'legacy' | 'auto';
}

/** A connected MCP host. */
export interface Host {
  client: Client;
  /** Every elicitation the host was asked, in order. */
  elicitations: Elicitation[];
  tools(): Promise<Map<string, WireTool>>;
  call(
    name: string,
    args?: Record<string, unknown>,
    opts?: { timeout?: number; signal?: AbortSignal },
  ): Promise<WireResult>;
  request(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

function makeClient(opts: HostOptions, elicitations: Elicitation[]): Client {
  const client = new Client(
    { name: 'e2e-host', version: '0.0.0' },
    {
      capabilities: opts.elicit === undefined ? {} : { elicitation: { form: {} } },
      versionNegotiation: { mode: opts.negotiation ?? 'legacy' },
    },
  );
  const elicit = opts.elicit;
  if (elicit !== undefined) {
    client.setRequestHandler('elicitation/create', async (req) => {
      const params = req.params as unknown as Record<string, unknown>;
      const question = { message: String(params.message ?? ''), params };
      elicitations.push(question);
      const action = typeof elicit === 'function' ? elicit(question) : elicit;
      return action === 'accept' ? { action, content: { approve: true } } : { action };
    });
  }
  return client;
}

function wrapClient(client: Client, elicitations: Elicitation[]): Host {
  return {
    client,
    elicitations,
    async tools() {
      const res = await client.request({ method: 'tools/list', params: {} }, looseSchema);
      const tools = (res.tools ?? []) as WireTool[];
      return new Map(tools.map((t) => [t.name, t]));
    },
    async call(name, args = {}, opts = {}) {
      return (await client.request({ method: 'tools/call', params: { name, arguments: args } }, looseSchema, {
        ...(opts.timeout === undefined ? {} : { timeout: opts.timeout }),
        ...(opts.signal === undefined ? {} : { signal: opts.signal }),
      })) as WireResult;
    },
    async request(method, params = {}) {
      return (await client.request({ method, params }, looseSchema)) as Record<string, unknown>;
    },
    close: () => client.close(),
  };
}

/** A host talking to `mcp-trust gateway --config FILE ARGS…` over stdio. */
export interface StdioGateway extends Host {
  /** The gateway process (the session child, not the SDK's short-lived probe sibling). */
  pid: number;
  /** What the gateway wrote to stderr so far. */
  stderr(): string;
  transport: StdioClientTransport;
}

export async function connectStdio(
  config: string,
  opts: HostOptions & { args?: string[] } = {},
): Promise<StdioGateway> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'gateway', '--config', config, ...(opts.args ?? [])],
    cwd: REPO,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const elicitations: Elicitation[] = [];
  const client = makeClient(opts, elicitations);
  try {
    await client.connect(transport);
  } catch (err) {
    await transport.close().catch(() => undefined);
    throw new Error(`could not connect to the gateway: ${String(err)}\n--- gateway stderr:\n${stderr}`);
  }
  const pid = transport.pid;
  if (pid === null) throw new Error('the gateway has no pid');
  return {
    ...wrapClient(client, elicitations),
    pid,
    transport,
    stderr: () => stderr,
  };
}

/** A gateway serving Streamable HTTP, as a child process. */
export interface HttpGateway {
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  close(): Promise<void>;
}

/**
 * Spawns `mcp-trust gateway --config FILE --http LISTEN ARGS…` and waits for `listening on URL`
 * on stderr. Rejects with the stderr if the process exits first.
 */
export async function startHttpGateway(
  config: string,
  listen: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<HttpGateway> {
  // A token from the environment would change what the tests see; they pass --token instead.
  const { MCP_TRUST_TOKEN: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [CLI, 'gateway', '--config', config, '--http', listen, ...args], {
    cwd: REPO,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "listening on" in 30 s:\n${stderr}`));
    }, 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const m = /listening on (\S+)/.exec(stderr);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the gateway exited (${code}) before listening:\n${stderr}`));
    });
  });
  return {
    url,
    child,
    stderr: () => stderr,
    exited,
    close: () => stopChild(child, exited),
  };
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the process has exited. */
export async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** A host talking to an HTTP gateway with the SDK's Streamable HTTP transport. */
export async function connectHttp(
  url: string,
  opts: HostOptions & { headers?: Record<string, string> } = {},
): Promise<Host> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(opts.headers === undefined ? {} : { requestInit: { headers: opts.headers } }),
  });
  const elicitations: Elicitation[] = [];
  const client = makeClient(opts, elicitations);
  await client.connect(transport);
  return wrapClient(client, elicitations);
}

// ---------------------------------------------------------------------------------------------
// Reading results

/** The text of a result's content blocks, joined by newlines. */
export function textOf(result: WireResult): string {
  return result.content.map((c) => c.text ?? '').join('\n');
}

/**
 * Calls the tricky fixture's `tool`, whose answer has a broken JSON-RPC envelope (`result` a
 * string), and checks that the call fails within `withinMs` — under the gateway's --timeout, which
 * it would wait for if the answer were dropped — saying what is wrong, that the forward step left an
 * `error` record in `store`, and that the connection still answers.
 */
export async function expectBrokenEnvelopeAnswered(
  gw: Host,
  store: string,
  tool: string,
  withinMs: number,
): Promise<void> {
  const t0 = Date.now();
  const r = await gw.call(tool);
  const ms = Date.now() - t0;
  expect(r.isError).toBe(true);
  expect(textOf(r)).toBe(
    `${tool} failed upstream: the server's answer is not a valid JSON-RPC response (result: Invalid input: expected object, received string); mcp-trust dropped it`,
  );
  expect(ms).toBeLessThan(withinMs);
  const errors = auditRecords(store).filter((a) => a.kind === 'error' && a.data.step === 'forward');
  expect(errors.some((e) => String(e.data.message).includes('not a valid JSON-RPC response'))).toBe(true);
  expect(textOf(await gw.call('tricky__echo', { text: 'still here' }))).toContain('still here');
}

/** `_meta.annotations` of a result (SEP-1913). */
export function annotationsOf(result: WireResult): Record<string, unknown> {
  const a = result._meta?.annotations;
  return typeof a === 'object' && a !== null ? (a as Record<string, unknown>) : {};
}

/** `_meta["mcp-trust/verdict"]` of a result. */
export function verdictOf(result: WireResult): Record<string, unknown> | undefined {
  const v = result._meta?.['mcp-trust/verdict'];
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
}

/** `_meta["mcp-trust/approval"]` of a result. */
export function approvalOf(result: WireResult): string | undefined {
  const id = result._meta?.['mcp-trust/approval'];
  return typeof id === 'string' ? id : undefined;
}

/**
 * Starts something now, to be awaited later: gateways of different describe blocks start side
 * by side instead of one after another. A failure surfaces where the promise is awaited.
 */
export function early<T>(start: () => Promise<T>): Promise<T> {
  const started = start();
  started.catch(() => undefined);
  return started;
}

/** Closes whatever `early` started (and started successfully). */
export async function closeAll(started: Promise<{ close(): Promise<void> }>[]): Promise<void> {
  await Promise.all(
    started.map(async (p) => {
      const it = await p.catch(() => undefined);
      await it?.close().catch(() => undefined);
    }),
  );
}

/** Polls `check` every 100 ms until it returns a value other than `undefined`/`false`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
