import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, resolveConfig } from '../src/index.js';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-trust-config-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('resolveConfig', () => {
  it('loads catalog and file overlays and reads policy files', () => {
    const dir = project({
      'c.yaml':
        'servers:\n  files: {overlay: filesystem}\n  mine: {overlay: ./mine.yaml, share: full}\npolicy: {files: [rules.yaml]}\n',
      'mine.yaml': 'name: mine\ntools: {t: {annotations: {destructiveHint: true}}}\n',
      'rules.yaml': 'rules: []\n',
    });
    const { config } = loadConfig(join(dir, 'c.yaml'));
    const { resolved, problems } = resolveConfig(config!);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(resolved?.servers.files?.overlay?.name).toBe('filesystem');
    expect(resolved?.servers.mine).toMatchObject({ share: 'full', trust: 'untrusted' });
    expect(resolved?.servers.mine?.overlay?.tools.t?.claims.hints.destructiveHint).toBe(true);
    expect(resolved?.policy).toEqual({
      packs: ['default'],
      files: [{ path: join(dir, 'rules.yaml'), text: 'rules: []\n' }],
    });
  });

  it("blames the config line when an overlay or a policy file does not load, and the overlay's own line too", () => {
    const dir = project({
      'c.yaml':
        'servers:\n  a:\n    overlay: ./bad.yaml\n  b: {overlay: nope}\npolicy:\n  files: [gone.yaml]\n',
      'bad.yaml': 'name: bad\ntools:\n  t: {annotations: {readOnlyHint: maybe}}\n',
    });
    const { resolved, problems } = resolveConfig(loadConfig(join(dir, 'c.yaml')).config!);
    expect(resolved).toBeUndefined();
    const at = problems.map((p) => `${p.file.slice(dir.length + 1)}:${p.line}:${p.code}`);
    expect(at).toEqual([
      'bad.yaml:3:invalid-type',
      'c.yaml:3:overlay-failed',
      expect.stringMatching(/:0:unknown-overlay$/),
      'c.yaml:4:overlay-failed',
      'c.yaml:6:unreadable',
    ]);
  });
});
