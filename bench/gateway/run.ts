/**
 * `npm run bench:gateway [-- --calls 2000 --rounds 5 --duration-ms 5000 --sessions 50]`: what a
 * trivial tool call costs through the gateway, beside a bare pass-through proxy on the same SDK
 * measured in the same run. Prints one JSON object on stdout, progress on stderr.
 *
 * 1. Latency: one host client per setup, over stdio, calling the echo server's `echo` one call at
 *    a time: directly, through `bare-proxy.ts`, through the gateway (`default` pack, SQLite store
 *    in a temporary directory: the default deployment) and through the gateway with
 *    `--store memory`. All four run at once and are timed in alternating rounds, so a slow patch
 *    of the machine hits all of them.
 * 2. Throughput: `--sessions` concurrent Streamable HTTP sessions (2025-era, one MCP session each,
 *    so one agent session each in the gateway), each calling in a closed loop, against the bare
 *    proxy and the gateway (SQLite, then memory) over HTTP, again in alternating rounds sharing
 *    `--duration-ms` per setup.
 *
 * Needs a build (`npx tsc -b`): the gateway runs as `node packages/cli/dist/bin.js gateway`.
 * `--cpu-prof DIR` writes a V8 CPU profile of each proxy process (bare and gateway) there.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Stream } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { z } from 'zod';
import { countOptionsFromArgs } from '../core/options.js';

const options = countOptionsFromArgs(
  'bench/gateway/run.ts',
  { calls: 2000, warmup: 2000, rounds: 5, 'duration-ms': 5000, sessions: 50 },
  ['cpu-prof'],
);
const TARGET = 1.25;

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BIN = join(ROOT, 'packages/cli/dist/bin.js');
const ECHO = join(ROOT, 'bench/gateway/echo-server.ts');
const BARE = join(ROOT, 'bench/gateway/bare-proxy.ts');
const NODE = process.execPath;
const TSX = ['--import', 'tsx'];
const profDir = options['cpu-prof'] === undefined ? undefined : resolve(options['cpu-prof']);
const gatewayNodeArgs = profDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profDir];

const log = (line: string): void => void process.stderr.write(`bench:gateway: ${line}\n`);

if (!existsSync(BIN)) {
  log(`${BIN} is missing: build first (npx tsc -b)`);
  process.exit(2);
}
warnIfStale();
if (profDir !== undefined) mkdirSync(profDir, { recursive: true });

const dir = mkdtempSync(join(tmpdir(), 'mcp-trust-bench-'));
const config = join(dir, 'gateway.yaml');
// JSON is YAML: no quoting to get wrong. `trusted`, so the echo tool's annotations count: from an
// untrusted server they would not, and after the first result every call would escalate
// (`credential-change-not-user-given`), timing refusals instead of calls.
writeFileSync(
  config,
  JSON.stringify({
    servers: { echo: { command: NODE, args: [...TSX, ECHO], cwd: ROOT, trust: 'trusted' } },
    policy: { packs: ['default'] },
    store: './bench.db',
  }),
);

const looseResult = z.looseObject({});

// ---------------------------------------------------------------------------------------------
// Setups

interface Setup {
  name: string;
  /** The tool as this setup exposes it. */
  tool: string;
  client: Client;
  /** The process the client talks to (the echo server itself for `direct`). */
  pid: number | undefined;
  stderr: string[];
}

/**
 * CPU time (user + system) a process has used so far, µs, from /proc: what one call costs the
 * proxy itself, whatever the machine's load does to latency. Undefined off Linux.
 */
function cpuUs(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    // Fields after the parenthesised command name: state is [0], utime [11], stime [12].
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** USER_HZ: 100 on every Linux Node runs on. */
const CLOCK_TICKS = 100;

/** Adds the CPU time `pid` spends while `fn` runs to `into[j]` (NaN once a reading fails). */
async function metered<T>(
  pid: number | undefined,
  into: number[],
  j: number,
  fn: () => Promise<T>,
): Promise<T> {
  const before = cpuUs(pid);
  const out = await fn();
  addCpu(into, j, before, cpuUs(pid));
  return out;
}

/** Adds the CPU time between two `cpuUs` readings to `into[j]` (NaN once a reading fails). */
function addCpu(into: number[], j: number, before: number | undefined, after: number | undefined): void {
  into[j] = (into[j] ?? 0) + (before === undefined || after === undefined ? Number.NaN : after - before);
}

/** Keeps the last lines a child wrote to stderr, to show if it fails. */
function collect(stream: Stream | null, into: string[]): void {
  stream?.on('data', (chunk: Buffer) => {
    into.push(chunk.toString('utf8'));
    if (into.length > 200) into.splice(0, into.length - 200);
  });
}

/**
 * Starts every setup; if one fails, stops the ones that started before throwing, so the run
 * ends with the error instead of hanging on their open pipes.
 */
async function startAll<T>(starts: Promise<T>[], stop: (t: T) => Promise<unknown>): Promise<T[]> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed === undefined) return settled.map((r) => (r as PromiseFulfilledResult<T>).value);
  await Promise.all(
    settled.map((r) => (r.status === 'fulfilled' ? stop(r.value).catch(() => undefined) : undefined)),
  );
  throw failed.reason;
}

/** What makes a proxy serve Streamable HTTP on a free loopback port (none: stdio). */
const HTTP = ['--http', '127.0.0.1:0'];

/** The bare proxy in front of the echo server, served as `serve` says. */
function bareCommand(serve: readonly string[]): string[] {
  return [NODE, ...gatewayNodeArgs, ...TSX, BARE, ...serve, '--', NODE, ...TSX, ECHO];
}

/** The gateway with the bench config and `store`, served as `serve` says. */
function gatewayCommand(serve: readonly string[], store: string): string[] {
  return [NODE, ...gatewayNodeArgs, BIN, 'gateway', '--config', config, ...serve, '--store', store];
}

async function stdioSetup(name: string, tool: string, command: string[]): Promise<Setup> {
  const [cmd, ...args] = command as [string, ...string[]];
  const transport = new StdioClientTransport({
    command: cmd,
    args,
    cwd: ROOT,
    env: getDefaultEnvironment(),
    stderr: 'pipe',
  });
  const stderr: string[] = [];
  collect(transport.stderr, stderr);
  const client = new Client({ name: 'bench-host', version: '0.0.0' });
  try {
    await client.connect(transport, { timeout: 30_000 });
  } catch (err) {
    throw new Error(`${name} did not start: ${errorText(err)}\n${stderr.join('')}`);
  }
  return { name, tool, client, pid: transport.pid ?? undefined, stderr };
}

interface HttpServer {
  name: string;
  tool: string;
  url: URL;
  child: ChildProcess;
  stderr: string[];
}

function httpServer(name: string, tool: string, command: string[]): Promise<HttpServer> {
  const [cmd, ...args] = command as [string, ...string[]];
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: getDefaultEnvironment(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  collect(child.stderr, stderr);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${stderr.join('')}`)), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}):\n${stderr.join('')}`));
    });
    child.stderr?.on('data', () => {
      const m = /listening on (\S+)/.exec(stderr.join(''));
      if (m === null) return;
      clearTimeout(timer);
      resolve({ name, tool, url: new URL(m[1]!), child, stderr });
    });
  });
}

/** Passes on what a setup warned about (a leak, a failed store write): it may explain a number. */
function showWarnings(name: string, stderr: readonly string[]): void {
  const lines = stderr
    .join('')
    .split('\n')
    .filter((l) => /warning|error|fail/i.test(l));
  for (const line of new Set(lines)) log(`${name} said: ${line}`);
}

async function stopHttp(server: HttpServer): Promise<void> {
  showWarnings(server.name, server.stderr);
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
}

async function httpSessions(server: HttpServer, n: number): Promise<Client[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const client = new Client({ name: 'bench-host', version: '0.0.0' });
      await client.connect(new StreamableHTTPClientTransport(server.url), { timeout: 30_000 });
      return client;
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Calls

/** One `tools/call`; throws unless the answer carries the echoed text (a refusal is not a call). */
async function call(client: Client, tool: string, text: string): Promise<void> {
  const res = await client.request(
    { method: 'tools/call', params: { name: tool, arguments: { text } } },
    looseResult,
  );
  const content = res.content;
  const ok =
    res.isError !== true &&
    Array.isArray(content) &&
    content.some((b: { type?: unknown; text?: unknown }) => b.type === 'text' && b.text === text);
  if (!ok) throw new Error(`unexpected answer from ${tool}: ${JSON.stringify(res).slice(0, 500)}`);
}

/** Times one call, µs. */
async function timed(client: Client, tool: string, text: string): Promise<number> {
  const start = process.hrtime.bigint();
  await call(client, tool, text);
  return Number(process.hrtime.bigint() - start) / 1000;
}

interface LatencyStats {
  calls: number;
  p50Us: number;
  p99Us: number;
  meanUs: number;
  minUs: number;
  maxUs: number;
}

function stats(us: number[]): LatencyStats {
  const s = [...us].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? 0;
  return {
    calls: s.length,
    p50Us: round(at(0.5)),
    p99Us: round(at(0.99)),
    meanUs: round(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)),
    minUs: round(s[0] ?? 0),
    maxUs: round(s.at(-1) ?? 0),
  };
}

/** `{[key]: cpu / calls}`, or nothing when the CPU time is unknown. */
function perCall(key: string, cpu: number | undefined, calls: readonly unknown[]): Record<string, number> {
  return cpu === undefined || Number.isNaN(cpu) || calls.length === 0
    ? {}
    : { [key]: round(cpu / calls.length) };
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

// ---------------------------------------------------------------------------------------------
// 1. Sequential latency over stdio

async function sequential(): Promise<Record<string, LatencyStats & { p50ByRoundUs: number[] }>> {
  log('starting direct, bare proxy, gateway (SQLite) and gateway (memory) over stdio');
  const setups = await startAll(
    [
      stdioSetup('direct', 'echo', [NODE, ...TSX, ECHO]),
      stdioSetup('bareProxy', 'echo__echo', bareCommand([])),
      stdioSetup('gateway', 'echo__echo', gatewayCommand([], join(dir, 'stdio.db'))),
      stdioSetup('gatewayMemoryStore', 'echo__echo', gatewayCommand([], 'memory')),
    ],
    (s) => s.client.close(),
  );
  try {
    for (const s of setups) {
      log(`warming up ${s.name} (${options.warmup} calls)`);
      for (let i = 0; i < options.warmup; i++) await call(s.client, s.tool, `warm ${i}`);
    }
    const samples = setups.map(() => [] as number[]);
    const byRound = setups.map(() => [] as number[]);
    const cpu: number[] = [];
    const perRound = Math.ceil(options.calls / options.rounds);
    for (let r = 0; r < options.rounds; r++) {
      const n = Math.min(perRound, options.calls - r * perRound);
      if (n <= 0) break;
      const round = setups.map(() => [] as number[]);
      const before = setups.map((s) => cpuUs(s.pid));
      // One call to each setup in turn, the order rotating call by call: every setup meets the
      // same moments of the machine, so a slow patch (or a neighbour's burst) lands on all of
      // them alike instead of on whichever setup's block it hit.
      for (let i = 0; i < n; i++) {
        for (let k = 0; k < setups.length; k++) {
          const j = (i + k) % setups.length;
          const s = setups[j]!;
          round[j]!.push(await timed(s.client, s.tool, `bench ${r}-${i}`));
        }
      }
      setups.forEach((s, j) => {
        addCpu(cpu, j, before[j], cpuUs(s.pid));
        samples[j]!.push(...round[j]!);
        byRound[j]!.push(stats(round[j]!).p50Us);
      });
      log(
        `round ${r + 1}/${options.rounds}: p50 ${setups.map((s, j) => `${s.name} ${byRound[j]!.at(-1)} µs`).join(', ')}`,
      );
    }
    return Object.fromEntries(
      setups.map((s, j) => [
        s.name,
        {
          ...stats(samples[j]!),
          p50ByRoundUs: byRound[j]!,
          ...perCall('serverCpuUsPerCall', cpu[j], samples[j]!),
        },
      ]),
    );
  } finally {
    for (const s of setups) showWarnings(s.name, s.stderr);
    await Promise.all(setups.map((s) => s.client.close().catch(() => undefined)));
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Throughput over HTTP

interface ThroughputStats extends LatencyStats {
  callsPerSec: number;
  sessions: number;
  durationMs: number;
}

/** Every session calls in a closed loop until `ms` have passed; returns latencies and the elapsed ms. */
async function drive(clients: Client[], tool: string, ms: number, tag: string): Promise<[number[], number]> {
  const latencies: number[] = [];
  const start = performance.now();
  const deadline = start + ms;
  await Promise.all(
    clients.map(async (client, s) => {
      for (let i = 0; performance.now() < deadline; i++)
        latencies.push(await timed(client, tool, `${tag} ${s}-${i}`));
    }),
  );
  return [latencies, performance.now() - start];
}

async function throughput(): Promise<Record<string, ThroughputStats>> {
  log('starting bare proxy, gateway (SQLite) and gateway (memory) over HTTP');
  const servers = await startAll(
    [
      httpServer('bareProxy', 'echo__echo', bareCommand(HTTP)),
      httpServer('gateway', 'echo__echo', gatewayCommand(HTTP, join(dir, 'http.db'))),
      httpServer('gatewayMemoryStore', 'echo__echo', gatewayCommand(HTTP, 'memory')),
    ],
    stopHttp,
  );
  const sessions: Client[][] = [];
  try {
    for (const server of servers) {
      log(`${server.name}: opening ${options.sessions} sessions at ${server.url}`);
      const clients = await httpSessions(server, options.sessions);
      sessions.push(clients);
      await drive(clients, server.tool, Math.min(1000, options['duration-ms']), 'warm');
    }
    const samples = servers.map(() => [] as number[]);
    const elapsed = servers.map(() => 0);
    const cpu: number[] = [];
    const slice = options['duration-ms'] / options.rounds;
    for (let r = 0; r < options.rounds; r++) {
      for (let k = 0; k < servers.length; k++) {
        const j = (r + k) % servers.length;
        const [latencies, ms] = await metered(servers[j]!.child.pid, cpu, j, () =>
          drive(sessions[j]!, servers[j]!.tool, slice, `r${r}`),
        );
        samples[j]!.push(...latencies);
        elapsed[j]! += ms;
      }
      log(
        `round ${r + 1}/${options.rounds}: ${servers.map((s, j) => `${s.name} ${Math.round((samples[j]!.length / elapsed[j]!) * 1000)} calls/s`).join(', ')}`,
      );
    }
    return Object.fromEntries(
      servers.map((s, j) => [
        s.name,
        {
          callsPerSec: Math.round((samples[j]!.length / elapsed[j]!) * 1000),
          sessions: options.sessions,
          durationMs: Math.round(elapsed[j]!),
          ...stats(samples[j]!),
          ...perCall('serverCpuUsPerCall', cpu[j], samples[j]!),
        },
      ]),
    );
  } finally {
    await Promise.all(sessions.flat().map((c) => c.close().catch(() => undefined)));
    await Promise.all(servers.map(stopHttp));
  }
}

// ---------------------------------------------------------------------------------------------

/** Each round's p50 ratio: the spread of the headline ratio within one run. */
function byRoundRatio(
  a: { p50ByRoundUs: number[] } | undefined,
  b: { p50ByRoundUs: number[] } | undefined,
): number[] {
  if (a === undefined || b === undefined) return [];
  return a.p50ByRoundUs.map((x, r) => ratio(x, b.p50ByRoundUs[r]));
}

/** `a / b` to three decimals; NaN when either is missing. */
function ratio(a: number | undefined, b: number | undefined): number {
  return a === undefined || b === undefined ? Number.NaN : Math.round((a / b) * 1000) / 1000;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A build older than its sources measures yesterday's gateway: say so. */
function warnIfStale(): void {
  const newest = (path: string): number => {
    let t = 0;
    for (const entry of readdirSync(path, { withFileTypes: true, recursive: true }))
      if (entry.isFile()) t = Math.max(t, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    return t;
  };
  const packages = join(ROOT, 'packages');
  for (const pkg of readdirSync(packages)) {
    const src = join(packages, pkg, 'src');
    const dist = join(packages, pkg, 'dist');
    if (existsSync(src) && existsSync(dist) && newest(src) > newest(dist))
      log(`warning: packages/${pkg}/dist is older than its sources: rebuild (npx tsc -b)`);
  }
}

try {
  const seq = await sequential();
  const http = await throughput();
  const gatewayOverBareP50 = ratio(seq.gateway?.p50Us, seq.bareProxy?.p50Us);
  console.log(
    JSON.stringify(
      {
        suite: 'gateway',
        node: process.version,
        platform: `${process.platform}-${process.arch}`,
        cpu: cpus()[0]?.model ?? 'unknown',
        cpus: cpus().length,
        options,
        storeIn: tmpdir(),
        call: 'tools/call echo {text} on a stdio echo server; the gateway with the default pack',
        latency: seq,
        bareOverDirectP50: ratio(seq.bareProxy?.p50Us, seq.direct?.p50Us),
        gatewayOverBareP50,
        gatewayOverBareP50ByRound: byRoundRatio(seq.gateway, seq.bareProxy),
        gatewayMemoryStoreOverBareP50: ratio(seq.gatewayMemoryStore?.p50Us, seq.bareProxy?.p50Us),
        target: TARGET,
        pass: gatewayOverBareP50 <= TARGET,
        http,
        httpGatewayOverBareCallsPerSec: ratio(http.gateway?.callsPerSec, http.bareProxy?.callsPerSec),
        httpGatewayMemoryStoreOverBareCallsPerSec: ratio(
          http.gatewayMemoryStore?.callsPerSec,
          http.bareProxy?.callsPerSec,
        ),
      },
      null,
      2,
    ),
  );
} catch (err) {
  log(errorText(err));
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
