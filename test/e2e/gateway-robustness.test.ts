/**
 * Upstreams that misbehave, and configurations that are wrong: a server that dies mid-call is
 * restarted with backoff while the others keep serving; one that never answers meets the
 * `--timeout` (a slow start gets longer); one that lies in its result annotations gets the worse label and a recorded
 * violation; a bad config or an unknown overlay stops the gateway before it starts, saying where.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StdioGateway } from './gateway-harness.js';

import {
  annotationsOf,
  auditRecords,
  CLI,
  connectStdio,
  expectBrokenEnvelopeAnswered,
  removeTmpDirs,
  runCliAsync,
  servers,
  stopChild,
  TRICKY_OVERLAY,
  textOf,
  tmpDir,
  verdictOf,
  waitFor,
  writeConfig,
} from './gateway-harness.js';

// Gateways start real servers; on a busy two-core machine that can take a while.
vi.setConfig({ hookTimeout: 60_000 });

afterAll(() => removeTmpDirs());

const startedPids = (stderr: string): string[] =>
  [...stderr.matchAll(/tricky-server: started pid (\d+)/g)].map((m) => m[1] ?? '');

describe.sequential('misbehaving upstreams', () => {
  const dir = tmpDir('robust');
  const root = join(dir, 'files');
  mkdirSync(root);
  const overlay = join(dir, 'tricky.yaml');
  writeFileSync(overlay, TRICKY_OVERLAY);
  const store = join(dir, 'trust.db');
  const config = writeConfig(dir, {
    servers: {
      files: servers.files(root),
      tricky: servers.tricky({ overlay }),
      // Dies at once, every time: the gateway must keep retrying, further apart each time.
      broken: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
    },
    store,
  });
  let gw: StdioGateway;

  beforeAll(async () => {
    gw = await connectStdio(config, { args: ['--timeout', '1500'] });
    // --timeout also bounds the upstream's start; on a busy machine the fixture may need a retry.
    await waitFor('the fixture to be up', async () => (await gw.tools()).has('tricky__echo'), 20_000);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('starts without the server that will not start, and retries it with growing delays', async () => {
    const tools = [...(await gw.tools()).keys()];
    expect(tools.some((t) => t.startsWith('broken__'))).toBe(false);
    expect(tools).toContain('files__read_text_file');
    await waitFor('three restart attempts', () => /broken is down.*restarting in 1000 ms/.test(gw.stderr()));
    const delays = [...gw.stderr().matchAll(/upstream broken is down \(.*\); restarting in (\d+) ms/g)].map(
      (m) => Number(m[1]),
    );
    expect(delays.slice(0, 3)).toEqual([250, 500, 1000]);
  });

  it('answers a call whose server dies with a clear error, keeps the others serving, restarts it', async () => {
    const before = startedPids(gw.stderr());
    const crashed = await gw.call('tricky__crash');
    expect(crashed.isError).toBe(true);
    expect(textOf(crashed)).toMatch(/^tricky__crash failed upstream: .*closed/im);

    const down = await gw.call('tricky__echo', { text: 'too soon' });
    expect(down.isError).toBe(true);
    expect(textOf(down)).toContain('upstream "tricky" is not available (restarting)');

    const files = await gw.call('files__list_allowed_directories');
    expect(files.isError).not.toBe(true);
    expect(textOf(files)).toContain(root);

    const back = await waitFor(
      'the fixture to answer again',
      async () => {
        const r = await gw.call('tricky__echo', { text: 'back again' });
        return r.isError === true ? undefined : r;
      },
      25_000,
    );
    expect(textOf(back)).toContain('back again');
    expect(gw.stderr()).toMatch(/upstream tricky is down \(.*\); restarting in \d+ ms/);
    const after = startedPids(gw.stderr());
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.at(-1)).not.toBe(before.at(-1));
  }, 40_000);

  it('times a hanging call out after --timeout with a clear error, while another call goes through', async () => {
    const t0 = Date.now();
    const hanging = gw.call('tricky__hang').then((r) => ({ r, ms: Date.now() - t0 }));
    const echo = await gw.call('tricky__echo', { text: 'not blocked' });
    const echoMs = Date.now() - t0;
    const files = await gw.call('files__list_allowed_directories');
    const { r, ms } = await hanging;

    expect(textOf(echo)).toContain('not blocked');
    expect(files.isError).not.toBe(true);
    expect(echoMs).toBeLessThan(ms);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^tricky__hang failed upstream: .*timed out/im);
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(8000);

    // The connection survives the timeout.
    expect(textOf(await gw.call('tricky__echo', { text: 'after the timeout' }))).toContain(
      'after the timeout',
    );
  });

  it("passes the host's cancellation of a call on to the server, and keeps serving", async () => {
    const host = new AbortController();
    const before = (gw.stderr().match(/hang \S+ cancelled/g) ?? []).length;
    const hanging = gw.call('tricky__hang', {}, { signal: host.signal }).then(
      () => 'answered',
      (err: unknown) => String(err),
    );
    await new Promise((r) => setTimeout(r, 200));
    host.abort('the person stopped it');
    expect(await hanging).toContain('the person stopped it');
    await waitFor(
      'the server to hear of the cancellation',
      () => (gw.stderr().match(/hang \S+ cancelled/g) ?? []).length > before,
      5_000,
    );
    expect(textOf(await gw.call('tricky__echo', { text: 'still here' }))).toContain('still here');
  });

  it('labels a lying result by its (worse) claim and records the contract violation', async () => {
    const r = await gw.call('tricky__lie');
    // A key on a paste site is a secret where none belongs: the detectors call it malicious, and
    // the result is held back for a person (this host cannot be asked).
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('malicious-result');
    expect(textOf(r)).not.toContain('sk-live-');
    const annotations = annotationsOf(r);
    expect(annotations.maliciousActivityHint).toBe(true);
    expect(annotations.openWorldHint).toBe(true);
    expect(annotations.attribution).toContain('https://paste.example/leak');
    expect(JSON.stringify(annotations)).toContain('credentials');
    expect(JSON.stringify(annotations)).toContain('untrustedPublic');
    expect(verdictOf(r)).toMatchObject({ call: { action: 'allow' } });

    const label = auditRecords(store).find((a) => a.kind === 'label' && a.data.tool === 'lie');
    expect(label).toBeDefined();
    expect(label?.data.label).toMatchObject({ openWorld: true });
    expect(JSON.stringify(label?.data.label)).toContain('credentials');
    const violations = label?.data.violations as unknown[];
    expect(Array.isArray(violations)).toBe(true);
    expect(violations.length).toBeGreaterThan(0);
  });

  it('withholds an answer that is not a tool result, saying what is wrong', async () => {
    const r = await gw.call('tricky__malformed');
    expect(r.isError).toBe(true);
    // The gateway's SDK client refuses it by the schema of the upstream's revision; the tool
    // error says what is wrong as a path, not as the schema's issue tree.
    expect(textOf(r)).toBe(
      'tricky__malformed failed upstream: Invalid tools/call result: content: Invalid input: expected array, received string',
    );
  });

  it('lists the resources of every page an upstream serves', async () => {
    const uris = ((await gw.request('resources/list')).resources as { uri: string }[]).map((r) => r.uri);
    expect(uris).toContain('tricky://notes/1');
    expect(uris).toContain('tricky://notes/2');
  });

  it('reads a resource the host could not have listed, labelled', async () => {
    const read = await gw.request('resources/read', { uri: 'tricky://notes/2' });
    expect(JSON.stringify(read.contents)).toContain('the note at tricky://notes/2');
    expect((read._meta as { annotations?: unknown } | undefined)?.annotations).toBeDefined();
  });

  it('says a request whose params fail the method schema as path: message', async () => {
    await expect(gw.request('tools/call', { name: 'tricky__echo', arguments: 'x' })).rejects.toThrow(
      /Invalid tools\/call request: params\.arguments: Invalid input: expected record, received string$/,
    );
  });

  it('answers an unknown tool with a JSON-RPC error that says how tools are named', async () => {
    await expect(gw.call('no_such_tool')).rejects.toThrow(/unknown tool "no_such_tool".*server__tool/);
  });

  it('fails a call whose answer has a broken JSON-RPC envelope at once, saying what is wrong', async () => {
    // The SDK's client alone drops the message, and the call waits for --timeout (1500 ms).
    await expectBrokenEnvelopeAnswered(gw, store, 'tricky__garbled', 1400);
  });

  it('fails a call whose answer outgrows what the gateway reads, and keeps the connection', async () => {
    const before = startedPids(gw.stderr()).length;
    const r = await gw.call('tricky__huge');
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(
      /^tricky__huge failed upstream: the server sent a message of 1153\d{4} bytes, over the 10485760 the gateway reads from a server \(gateway\.maxUpstreamMessageBytes\); mcp-trust dropped it$/,
    );
    expect(textOf(await gw.call('tricky__echo', { text: 'no restart' }))).toContain('no restart');
    expect(startedPids(gw.stderr()).length).toBe(before);
  });
});

describe('an upstream slow to start', () => {
  it('gets more time to start than a call gets to answer: it comes up, once, under a short --timeout', async () => {
    const dir = tmpDir('slow-start');
    const overlay = join(dir, 'tricky.yaml');
    writeFileSync(overlay, TRICKY_OVERLAY);
    const config = writeConfig(dir, {
      servers: { tricky: servers.tricky({ overlay, startDelayMs: 2500 }) },
      store: join(dir, 'trust.db'),
    });
    const gw = await connectStdio(config, { args: ['--timeout', '1000'] });
    try {
      await waitFor('the slow fixture to be up', async () => (await gw.tools()).has('tricky__echo'), 30_000);
      expect(textOf(await gw.call('tricky__echo', { text: 'slow but up' }))).toContain('slow but up');
      // Started once: its start was not timed out and restarted.
      expect(startedPids(gw.stderr())).toHaveLength(1);
      expect(gw.stderr()).not.toMatch(/upstream tricky is down/);
      // Calls still meet the short timeout.
      const t0 = Date.now();
      const hung = await gw.call('tricky__hang');
      expect(textOf(hung)).toMatch(/timed out/i);
      expect(Date.now() - t0).toBeLessThan(8000);
    } finally {
      await gw.close();
    }
  }, 60_000);
});

describe.concurrent('configurations that must not start', () => {
  const dir = tmpDir('bad-config');

  it('reports a YAML error with file:line:col and exits 1', async ({ expect }) => {
    const file = join(dir, 'broken.yaml');
    writeFileSync(file, 'servers:\n  files:\n    command: node\n    args: [unclosed\nstore: x.db\n');
    const r = await runCliAsync(['gateway', '--config', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`${file.replace(/[.]/g, '\\.')}:\\d+:\\d+: error yaml-`));
    expect(r.stderr).toContain('not started');
  });

  it('reports a misspelt key with file:line:col and a hint', async ({ expect }) => {
    const file = join(dir, 'typo.yaml');
    writeFileSync(file, 'servers:\n  files:\n    comand: node\n');
    const r = await runCliAsync(['gateway', '--config', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}:3:5: error unknown-key`);
    expect(r.stderr).toContain('command');
  });

  it('names an overlay that does not exist, where the config names it', async ({ expect }) => {
    const file = join(dir, 'overlay.yaml');
    writeFileSync(
      file,
      `servers:\n  files:\n    command: ${JSON.stringify(process.execPath)}\n    overlay: no-such-overlay\n`,
    );
    const r = await runCliAsync(['gateway', '--config', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error unknown-overlay: no overlay named "no-such-overlay" in the catalog');
    expect(r.stderr).toContain(`${file}:4:14: error overlay-failed`);
  });
});

interface RawAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * The gateway over stdio in front of server-filesystem (a directory holding `notes.txt`), with
 * the test as its host writing raw lines: what an SDK client would never send. Resolves once the
 * handshake is done and the filesystem server is up.
 */
async function rawStdioHost(prefix: string, args: string[] = []) {
  const dir = tmpDir(prefix);
  const root = join(dir, 'files');
  mkdirSync(root);
  writeFileSync(join(root, 'notes.txt'), 'still here');
  const store = join(dir, 'trust.db');
  const config = writeConfig(dir, { servers: { files: servers.files(root) }, store });
  const child = spawn(process.execPath, [CLI, 'gateway', '--config', config, ...args], { cwd: dir });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    err += c;
  });
  const answers = () =>
    out
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as RawAnswer);
  const host = {
    root,
    store,
    child,
    out: () => out,
    err: () => err,
    send: (line: string) => void child.stdin.write(`${line}\n`),
    /** The ids answered so far, as JSON. */
    answered: () => new Set(answers().map((m) => JSON.stringify(m.id))),
    answer: (id: unknown) =>
      waitFor(`the answer to ${JSON.stringify(id)}`, () => answers().find((m) => m.id === id)),
    close: () => stopChild(child, exited),
  };
  try {
    host.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'init',
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: prefix, version: '1' },
        },
      }),
    );
    await host.answer('init');
    host.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    await waitFor('the filesystem server', () => err.includes('files (up'), 30_000);
  } catch (e) {
    await host.close();
    throw e;
  }
  return host;
}

/**
 * A host that writes what can't be read, straight onto the gateway's stdin (an SDK client would
 * never send it): each gets a JSON-RPC error it can match to its request, and the connection
 * carries on — the SDK's own stdio transport drops such lines unanswered, and closes for good
 * on a message over its buffer.
 */
describe.sequential('a host that sends what cannot be read (stdio)', () => {
  let host: Awaited<ReturnType<typeof rawStdioHost>>;

  beforeAll(async () => {
    host = await rawStdioHost('host-bytes', ['--max-message-bytes', '4000']);
  });
  afterAll(async () => {
    await host?.close();
  });

  it('answers a line that is not JSON with a parse error', async () => {
    host.send('{"jsonrpc": "2.0", "id": 1, "method": ');
    await waitFor('the parse error', () => host.out().includes('"code":-32700'));
    expect(host.err()).toMatch(/host: not JSON: .*JSON/);
  });

  it('answers a request the protocol rejects by its id, saying which field is wrong', async () => {
    host.send(
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"files__list_directory","_meta":true}}',
    );
    const a = await host.answer(2);
    expect(a.error?.code).toBe(-32602);
    expect(a.error?.message).toContain('params._meta');
  });

  it('answers a message over --max-message-bytes by its id, without closing the connection', async () => {
    const big = JSON.stringify({
      method: 'tools/call',
      params: {
        name: 'files__write_file',
        arguments: { path: join(host.root, 'big.txt'), content: 'x'.repeat(10_000) },
      },
      jsonrpc: '2.0',
      id: 3,
    });
    host.send(big);
    const a = await host.answer(3);
    expect(a.error?.code).toBe(-32600);
    expect(a.error?.message).toContain('over the limit of 4000');
  });

  it('goes on serving the host afterwards, and records only the calls it made', async () => {
    host.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'files__read_text_file', arguments: { path: join(host.root, 'notes.txt') } },
      }),
    );
    const a = await host.answer(4);
    expect(JSON.stringify(a.result)).toContain('still here');
    await host.close();
    const calls = auditRecords(host.store).filter((r) => r.kind === 'decision');
    expect(calls.map((r) => r.data.tool)).toEqual(['read_text_file']);
  });
});

/**
 * Generated messages, well-formed and not, in one stream (a fixed seed, so a failure replays):
 * every request the host could be waiting for — a JSON object with a method and a usable id —
 * gets an answer with its id, and the gateway is still serving at the end.
 */
describe.sequential('a host that sends generated messages (stdio)', () => {
  it('answers every request by its id and keeps serving', async () => {
    const host = await rawStdioHost('host-fuzz');
    try {
      const { letrec } = fc;
      const json = letrec((tie) => ({
        v: fc.oneof(
          { depthSize: 'small' },
          fc.constant(null),
          fc.boolean(),
          fc.integer(),
          fc.string({ maxLength: 12 }),
          fc.constantFrom('files__read_text_file', 'files__nope', '__proto__', 'text', 'path'),
          fc.array(tie('v'), { maxLength: 3 }),
          fc.dictionary(
            fc.constantFrom(
              'name',
              'arguments',
              'path',
              '_meta',
              'annotations',
              'uri',
              'cursor',
              'task',
              '__proto__',
            ),
            tie('v'),
            { maxKeys: 4 },
          ),
        ),
      })).v;
      const methods = [
        'tools/call',
        'tools/list',
        'resources/read',
        'resources/list',
        'prompts/get',
        'tools/resolve',
        'ping',
        'logging/setLevel',
        'completion/complete',
        'notifications/cancelled',
        'notifications/progress',
        'x/unknown',
      ];
      const message = fc.oneof(
        fc.record(
          {
            jsonrpc: fc.constantFrom('2.0', '2.0', '1.0'),
            method: fc.constantFrom(...methods),
            params: json,
          },
          { requiredKeys: ['method'] },
        ),
        fc.record({
          jsonrpc: fc.constant('2.0'),
          method: fc.constant('tools/call'),
          params: fc.record(
            {
              name: fc.constantFrom('files__read_text_file', 'files__list_directory', 'files__nope'),
              arguments: json,
              _meta: json,
            },
            { requiredKeys: ['name'] },
          ),
        }),
        fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer(), result: json }),
        json,
        fc.string({ maxLength: 30 }),
      );
      // Requests get ids of their own (sometimes unusable ones), so each answer can be matched.
      const waiting: string[] = [];
      let n = 0;
      for (const m of fc.sample(message, { numRuns: 400, seed: 20261128 })) {
        let line: string;
        if (
          typeof m === 'object' &&
          m !== null &&
          !Array.isArray(m) &&
          typeof (m as { method?: unknown }).method === 'string'
        ) {
          const method = (m as { method: string }).method;
          const id = n % 11 === 0 ? { not: 'an id' } : n % 2 === 0 ? n : `r${n}`;
          n++;
          line = JSON.stringify(method.startsWith('notifications/') ? m : { ...m, id });
          if (!method.startsWith('notifications/') && typeof id !== 'object')
            waiting.push(JSON.stringify(id));
        } else line = typeof m === 'string' ? m.replace(/\n/g, ' ') : JSON.stringify(m);
        host.send(line);
      }
      expect(waiting.length).toBeGreaterThan(100);
      await waitFor(
        'every request answered',
        () => waiting.every((id) => host.answered().has(id)),
        60_000,
      ).catch(() => {
        throw new Error(
          `unanswered: ${waiting
            .filter((id) => !host.answered().has(id))
            .slice(0, 10)
            .join(', ')}`,
        );
      });
      host.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 'last',
          method: 'tools/call',
          params: { name: 'files__read_text_file', arguments: { path: join(host.root, 'notes.txt') } },
        }),
      );
      await waitFor('the last call', () => host.answered().has('"last"'));
      expect(host.out()).toContain('still here');
      expect(host.child.exitCode).toBeNull();
      expect(host.err()).not.toMatch(/Unhandled|TypeError|RangeError/);
    } finally {
      await host.close();
    }
  }, 120_000);
});
