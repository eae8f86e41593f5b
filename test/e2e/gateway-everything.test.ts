/**
 * The gateway in front of `@modelcontextprotocol/server-everything`, the SDK's kitchen-sink
 * server: tools, resources and prompts pass through namespaced and labelled, and the server's
 * own questions (elicitation) reach a 2025 host that can answer them.
 */

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { StdioGateway } from './gateway-harness.js';

import {
  annotationsOf,
  connectStdio,
  removeTmpDirs,
  servers,
  textOf,
  tmpDir,
  verdictOf,
  writeConfig,
} from './gateway-harness.js';

// Gateways start real servers; on a busy two-core machine that can take a while.
vi.setConfig({ hookTimeout: 60_000 });

interface Resource {
  uri: string;
  name: string;
}

describe.sequential('server-everything through the gateway', () => {
  let gw: StdioGateway;

  beforeAll(async () => {
    const dir = tmpDir('everything');
    const config = writeConfig(dir, {
      servers: { everything: servers.everything() },
      store: `${dir}/trust.db`,
    });
    gw = await connectStdio(config, { elicit: 'decline' });
  });
  afterAll(async () => {
    await gw?.close();
    removeTmpDirs();
  });

  it('lists its tools namespaced, with the catalog overlay’s annotations', async () => {
    const tools = await gw.tools();
    expect(tools.size).toBeGreaterThan(10);
    for (const name of tools.keys()) expect(name.startsWith('everything__')).toBe(true);
    const echo = tools.get('everything__echo');
    expect(echo?.annotations).toMatchObject({ readOnlyHint: true });
    expect(echo?.inputSchema).toMatchObject({ properties: { message: { type: 'string' } } });
  });

  it('calls echo and labels the result', async () => {
    const r = await gw.call('everything__echo', { message: 'hello through the gateway' });
    expect(r.isError).not.toBe(true);
    expect(textOf(r)).toBe('Echo: hello through the gateway');
    expect(annotationsOf(r).attribution).toContain('mcp://everything/echo');
    expect(verdictOf(r)).toMatchObject({ call: { action: 'allow' }, result: { action: 'allow' } });
  });

  it('passes resources/list through, and labels resources/read', async () => {
    const list = await gw.request('resources/list');
    const resources = list.resources as Resource[];
    expect(resources.length).toBeGreaterThan(0);
    const first = resources[0] as Resource;
    const read = await gw.request('resources/read', { uri: first.uri });
    const contents = read.contents as { uri: string; text?: string; blob?: string }[];
    expect(contents[0]?.uri).toBe(first.uri);
    expect((contents[0]?.text ?? contents[0]?.blob ?? '').length).toBeGreaterThan(0);
    const meta = read._meta as { annotations?: Record<string, unknown> } | undefined;
    expect(meta?.annotations).toBeDefined();
    expect(typeof meta?.annotations?.openWorldHint).toBe('boolean');
    expect(meta?.annotations?.attribution).toBeDefined();
  });

  it('passes prompts through, namespaced', async () => {
    const list = await gw.request('prompts/list');
    const names = (list.prompts as { name: string }[]).map((p) => p.name);
    expect(names).toContain('everything__simple-prompt');
    const prompt = await gw.request('prompts/get', { name: 'everything__simple-prompt' });
    expect(JSON.stringify(prompt.messages)).toContain('This is a simple prompt without arguments.');
  });

  it('forwards the server’s own elicitation to the host and its answer back', async () => {
    const before = gw.elicitations.length;
    const r = await gw.call('everything__trigger-elicitation-request');
    expect(gw.elicitations.length - before).toBe(1);
    expect(gw.elicitations.at(-1)?.message).toContain('Please provide inputs');
    expect(textOf(r).toLowerCase()).toContain('decline');
  });

  it('passes the server’s progress on to a host that asked for it', async () => {
    const progress: Array<{ progress: number; total?: number }> = [];
    const r = await gw.client.request(
      {
        method: 'tools/call',
        params: {
          name: 'everything__trigger-long-running-operation',
          arguments: { duration: 0.3, steps: 3 },
        },
      },
      z.looseObject({}),
      { onprogress: (p) => progress.push(p), timeout: 15_000 },
    );
    expect(textOf(r as never)).toContain('Long running operation completed');
    // The host's own SDK client hands progress on a microtask late but settles a request at once,
    // so it drops a last progress that reaches it in the same read as the answer; the gateway
    // passes on all three (direct-calls.test.ts checks that it receives every one).
    const seen = progress.map((p) => [p.progress, p.total]);
    expect(seen.slice(0, 2)).toEqual([
      [1, 3],
      [2, 3],
    ]);
    expect(seen.slice(2)).toEqual(seen.length === 3 ? [[3, 3]] : []);
  });
});
