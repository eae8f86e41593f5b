/** Loading a server's policy: the gateway's files and packs, or a clear error at file:line:col. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadServerPolicy, TrustError } from '@mcp-trust/server';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'server-policy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('loadServerPolicy', () => {
  it('loads packs and files (paths or file: URLs), in order', () => {
    const path = file('ok.yaml', "rules:\n  - name: mine\n    effect: warn\n    when: phase == 'call'\n");
    const policy = loadServerPolicy({ packs: ['sep-examples'], files: [pathToFileURL(path)], mode: 'audit' });
    expect(policy.mode).toBe('audit');
    expect(policy.rules.map((r) => r.name)).toEqual([
      'block-open-world-to-external',
      'escalate-malicious',
      'confirm-irreversible-actions',
      'mine',
    ]);
  });

  it('refuses a policy with an error, naming the file, line and column', () => {
    const path = file('bad.yaml', 'rules:\n  - name: typo\n    effect: block\n    when: tool.nope == 1\n');
    try {
      loadServerPolicy({ files: [path] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TrustError);
      const e = error as TrustError;
      expect(e.code).toBe('invalid-policy');
      expect(e.issues[0]?.path).toMatch(/bad\.yaml:4:\d+$/);
      expect(e.issues[0]?.message).toMatch(/^unknown-fact: /);
    }
  });
});
