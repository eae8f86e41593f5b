import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrustSessionOptions } from '@mcp-trust/client';
import { TrustError, TrustSession } from '@mcp-trust/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from './support.js';
import { fakeServer, session, TOOLS } from './support.js';

/** The error `create` throws for these options (failing the test when it does not throw). */
async function failure(options: unknown): Promise<TrustError> {
  try {
    await TrustSession.create(options as TrustSessionOptions);
  } catch (err) {
    if (err instanceof TrustError) return err;
    throw err;
  }
  throw new Error('create did not throw');
}

describe('TrustSession options', () => {
  let fake: FakeServer;
  let dir: string;
  beforeAll(async () => {
    fake = await fakeServer({ tools: [TOOLS.fetch, TOOLS.publish] });
    dir = mkdtempSync(join(tmpdir(), 'mcp-trust-client-options-'));
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports every bad option at once, each at its path', async () => {
    const err = await failure({
      clients: { web: fake.client, 'bad name': fake.client, other: {} },
      servers: { web: { trust: 'trused', shares: 'full' }, mail: {} },
      separator: '::::::',
    });
    expect(err.code).toBe('invalid-options');
    const paths = (err.details.issues ?? []).map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '$.clients["bad name"]',
        '$.clients.other',
        '$.servers.web.trust',
        '$.servers.web',
        '$.separator',
      ]),
    );
    expect(err.message).toContain('$.servers.web.trust');
  });

  it('refuses settings for a server that has no client', async () => {
    const err = await failure({ clients: { web: fake.client }, servers: { mial: { trust: 'trusted' } } });
    expect(err.code).toBe('invalid-options');
    expect(err.details.issues).toEqual([
      { path: '$.servers.mial', message: 'no client named "mial" (clients: web)' },
    ]);
  });

  it('refuses an overlay that does not exist, naming the server', async () => {
    const err = await failure({
      clients: { web: fake.client },
      servers: { web: { overlay: 'no-such-overlay' } },
    });
    expect(err.code).toBe('invalid-config');
    expect(err.details.issues?.some((i) => i.path === '$.servers.web.overlay')).toBe(true);
    expect(err.message).toContain('no-such-overlay');
  });

  it('refuses an unknown pack and a broken policy file, with file:line:col', async () => {
    const rules = join(dir, 'rules.yaml');
    writeFileSync(rules, 'rules:\n  - name: x\n    effect: forbid\n    when: "true"\n');
    const err = await failure({
      clients: { web: fake.client },
      policy: { packs: ['defualt'], files: [rules] },
    });
    expect(err.code).toBe('invalid-config');
    const places = (err.details.issues ?? []).map((i) => i.place ?? '');
    expect(places.some((p) => p.startsWith('pack:defualt'))).toBe(true);
    expect(places.some((p) => new RegExp(`^${rules}:3:\\d+$`).test(p))).toBe(true);
  });

  it('reads trust, share and overlay from the gateway’s configuration file', async () => {
    const config = join(dir, 'mcp-trust.yaml');
    writeFileSync(
      config,
      'mode: warn\nservers:\n  web:\n    command: ignored-here\n    trust: trusted\n    share: none\npolicy:\n  packs: [default]\n',
    );
    const { trust } = await session({ clients: { web: fake.client }, config });
    // Trusted: the server's risk-lowering claims (destination ephemeral) are believed.
    const fetch = (await trust.listTools()).find((t) => t.tool === 'fetch');
    expect(fetch?.contract.destination).toEqual(['ephemeral']);
    // Mode warn: a blocking rule only warns.
    const page = await trust.callTool('web', 'fetch', { url: 'https://x.example/p' });
    const r = await trust.callTool('web', 'publish', { text: (page.content[0] as { text: string }).text });
    expect(r._meta?.['mcp-trust/verdict']).toMatchObject({ call: { decision: 'block', action: 'warn' } });
    // Share none: the server was told nothing.
    expect(fake.calls.at(-1)?._meta).toBeUndefined();
  });

  it('refuses a configuration file with errors, with its place', async () => {
    const config = join(dir, 'broken.yaml');
    writeFileSync(config, 'servers:\n  web:\n    trust: sometimes\n');
    const err = await failure({ clients: { web: fake.client }, config });
    expect(err.code).toBe('invalid-config');
    expect(err.details.issues?.[0]?.place).toBe(`${config}:3:12`);
  });
});
