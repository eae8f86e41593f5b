/**
 * A Streamable HTTP upstream (`url`, `headers`): one gateway serves server-memory over HTTP with a
 * bearer token, a second gateway (stdio, in front of a host) reaches it through its `url` with the
 * token in `headers`. Chained gateways are also how a team shares one policy point.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpGateway, StdioGateway } from './gateway-harness.js';
import {
  annotationsOf,
  connectStdio,
  removeTmpDirs,
  servers,
  startHttpGateway,
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
