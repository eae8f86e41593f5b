/**
 * TrustSession around the reference servers from node_modules, over real stdio:
 * `@modelcontextprotocol/server-filesystem` (2026-07-28 where offered) and
 * `@modelcontextprotocol/server-memory`. Neither declares trust metadata; the catalog overlays
 * give their tools a contract, and both stay untrusted.
 */
import { writeFileSync } from 'node:fs';
import type { EscalationQuestion } from '@mcp-trust/client';
import { TrustRefusal, TrustSession } from '@mcp-trust/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Connected } from './servers.js';
import { binOf, removeTmpDirs, spawnClient, textOf, tmpDir } from './servers.js';

vi.setConfig({ hookTimeout: 60_000 });

const STANDUP = '# Stand-up\n\n- Ship the client library\n- Review the policy pack\n';
// Made up, in the shape of an AWS key pair.
const SECRETS =
  'AWS_ACCESS_KEY_ID=AKIAQ3EGRXYZ7PLM4N2T\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzqLmNoPq9\n';

describe.sequential('reference servers through TrustSession', () => {
  let root: string;
  let fs: Connected;
  let memory: Connected;
  let trust: TrustSession;
  const questions: EscalationQuestion[] = [];

  beforeAll(async () => {
    root = tmpDir('reference');
    writeFileSync(`${root}/standup.md`, STANDUP);
    writeFileSync(`${root}/deploy.env`, SECRETS);
    [fs, memory] = await Promise.all([
      spawnClient([binOf('@modelcontextprotocol/server-filesystem'), root], { negotiation: 'auto' }),
      spawnClient([binOf('@modelcontextprotocol/server-memory')], {
        env: { MEMORY_FILE_PATH: `${root}/memory.jsonl` },
      }),
    ]);
    trust = await TrustSession.create({
      clients: { fs: fs.client, memory: memory.client },
      servers: { fs: { overlay: 'filesystem' }, memory: { overlay: 'memory' } },
      onEscalate: (q) => {
        questions.push(q);
        return 'approve';
      },
      onProblem: () => undefined,
    });
  });
  afterAll(async () => {
    await Promise.all([fs?.close(), memory?.close()]);
    removeTmpDirs();
  });

  it('lists both servers’ tools with the overlays’ contracts', async () => {
    const tools = new Map((await trust.listTools()).map((t) => [t.name, t]));
    expect(tools.get('fs__read_text_file')?.annotations).toMatchObject({
      readOnlyHint: true,
      inputMetadata: { destination: 'ephemeral', outcomes: 'benign' },
    });
    expect(tools.get('fs__write_file')?.annotations).toMatchObject({
      destructiveHint: true,
      inputMetadata: { destination: 'internal', outcomes: 'irreversible' },
    });
    expect(tools.get('memory__create_entities')?.annotations).toMatchObject({
      inputMetadata: { destination: 'internal', outcomes: 'consequential' },
    });
    expect(tools.get('memory__read_graph')?.inputSchema).toMatchObject({ type: 'object' });
  });

  it('reads a file and remembers it without a question', async () => {
    const standup = await trust.callTool('fs', 'read_text_file', { path: `${root}/standup.md` });
    expect(textOf(standup)).toBe(STANDUP);
    // The overlay promises no source for what a file holds: possibly open-world.
    expect(standup._meta?.annotations).toMatchObject({
      openWorldHint: true,
      attribution: ['mcp://fs/read_text_file'],
    });
    const created = await trust.callTool('memory__create_entities', {
      entities: [{ name: 'standup', entityType: 'meeting', observations: [STANDUP] }],
    });
    expect(created.isError).not.toBe(true);
    const graph = await trust.callTool('memory', 'read_graph', {});
    expect(textOf(graph)).toContain('Ship the client library');
    expect(questions).toEqual([]);
  });

  it('flags a file with a key in it, and blocks storing the key even once released', async () => {
    const env = await trust.callTool('fs', 'read_text_file', { path: `${root}/deploy.env` });
    // A secret where nothing vouches for the content is bait or a leak: the person was asked.
    expect(questions.map((q) => q.phase)).toEqual(['result']);
    expect(env._meta?.annotations).toMatchObject({ maliciousActivityHint: true });
    const err = await trust
      .callTool('memory', 'add_observations', {
        observations: [{ entityName: 'standup', contents: [SECRETS] }],
      })
      .catch((e: unknown) => e as TrustRefusal);
    expect(err).toBeInstanceOf(TrustRefusal);
    expect(err.code).toBe('blocked');
    expect(err.rules).toEqual(expect.arrayContaining(['credentials-never-leave']));
    // Nothing reached the graph.
    const graph = textOf(await trust.callTool('memory', 'read_graph', {}));
    expect(graph).toContain('Ship the client library');
    expect(graph).not.toContain('AKIAQ3EGRXYZ7PLM4N2T');
  });
});
