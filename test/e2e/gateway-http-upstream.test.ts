/**
 * A Streamable HTTP upstream (`url`, `headers`): one gateway serves server-memory over HTTP with a
 * bearer token, a second gateway (stdio, in front of a host) reaches it through its `url` with the
 * token in `headers`. Chained gateways are also how a team shares one policy point.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpGateway, StdioGateway } from './gateway-harness.js';
import {
  annotationsOf,
  connectStdio,
  expectBrokenEnvelopeAnswered,
  removeTmpDirs,
  servers,
  startHttpGateway,
  stopChild,
  TRICKY_OVERLAY,
  textOf,
  tmpDir,
  verdictOf,
  writeConfig,
} from './gateway-harness.js';

const TOKEN = 'upstream-token-0123456789abcdef';

describe.sequential('an HTTP upstream', () => {
  let inner: HttpGateway;
  let outer: StdioGateway;
  let dir: string;

  beforeAll(async () => {
    dir = tmpDir('gw-http-upstream-');
    const innerConfig = writeConfig(
      dir,
      { servers: { memory: servers.memory(join(dir, 'memory.jsonl')) }, store: join(dir, 'inner.db') },
      'inner.yaml',
    );
    inner = await startHttpGateway(innerConfig, '127.0.0.1:0', ['--token', TOKEN]);
    const outerConfig = join(dir, 'outer.yaml');
    writeFileSync(
      outerConfig,
      JSON.stringify({
        servers: { team: { url: inner.url, headers: { Authorization: `Bearer ${TOKEN}` } } },
        policy: { packs: ['default'] },
        store: join(dir, 'outer.db'),
      }),
    );
    outer = await connectStdio(outerConfig);
  }, 60_000);

  afterAll(async () => {
    await outer?.close();
    await inner?.close();
    removeTmpDirs();
  });

  it('lists the upstream’s tools under its namespace', async () => {
    const tools = await outer.tools();
    expect([...tools.keys()]).toContain('team__memory__read_graph');
    expect([...tools.keys()]).toContain('team__memory__create_entities');
  });

  it('calls through both gateways, each answering with its labels and verdicts', async () => {
    const r = await outer.call('team__memory__read_graph', {});
    expect(r.isError).not.toBe(true);
    expect(textOf(r)).toContain('entities');
    expect(annotationsOf(r)).toHaveProperty('openWorldHint');
    expect(verdictOf(r)).toMatchObject({ call: { action: 'allow' }, result: { action: 'allow' } });
  });

  it('tells the host clearly when the HTTP upstream is gone', async () => {
    await inner.close();
    const r = await outer.call('team__memory__read_graph', {});
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/team__memory__read_graph failed upstream|not available/);
  });
});

const TRICKY_HTTP = fileURLToPath(new URL('./fixtures/tricky-http-server.ts', import.meta.url));

describe.sequential('an HTTP upstream that answers what the SDK would drop', () => {
  let server: ChildProcess;
  let exited: Promise<unknown>;
  let gw: StdioGateway;
  let store: string;

  beforeAll(async () => {
    const dir = tmpDir('gw-http-tricky-');
    server = spawn(process.execPath, ['--import', 'tsx', TRICKY_HTTP], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    exited = once(server, 'exit');
    const [chunk] = (await once(server.stdout!, 'data')) as [Buffer];
    const port = /listening (\d+)/.exec(chunk.toString())?.[1];
    if (port === undefined) throw new Error(`the fixture said ${chunk.toString()}`);
    store = join(dir, 'trust.db');
    const config = join(dir, 'gateway.yaml');
    const overlay = join(dir, 'tricky.yaml');
    writeFileSync(overlay, TRICKY_OVERLAY);
    const tricky = { url: `http://127.0.0.1:${port}/mcp`, overlay };
    // Limits below the default, the command line's over the config's: it reaches the transport.
    const gateway = { maxUpstreamMessageBytes: 8 * 1024 * 1024 };
    writeFileSync(config, JSON.stringify({ servers: { tricky }, store, gateway }));
    gw = await connectStdio(config, {
      args: ['--timeout', '3000', '--max-upstream-message-bytes', String(4 * 1024 * 1024)],
    });
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
    if (server !== undefined) await stopChild(server, exited);
  });

  it('fails a call whose SSE answer has a broken JSON-RPC envelope at once, saying what is wrong', async () => {
    // The SDK's client alone drops the event, and the call waits for --timeout (3000 ms).
    await expectBrokenEnvelopeAnswered(gw, store, 'tricky__garbled', 2500);
  });

  it('says the same of a broken envelope in a JSON-bodied answer', async () => {
    await expectBrokenEnvelopeAnswered(gw, store, 'tricky__garbled_json', 2500);
  });

  it('fails a call whose SSE answer outgrows what the gateway reads, and keeps the connection', async () => {
    const r = await gw.call('tricky__huge');
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(
      /^tricky__huge failed upstream: the server sent a message of 1153\d{4} bytes, over the 4194304 the gateway reads from a server \(gateway\.maxUpstreamMessageBytes\); mcp-trust dropped it$/,
    );
    expect(textOf(await gw.call('tricky__echo', { text: 'and still' }))).toContain('and still');
  });
});
