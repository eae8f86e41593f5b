import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageDocs } from '../../eval/detectors/datasets.js';

describe('the npm package docs of eval:detectors', () => {
  const root = mkdtempSync(join(tmpdir(), 'mcpt-docs-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads every Markdown file of the installed packages, sorted, as clean text', () => {
    mkdirSync(join(root, 'b-pkg/docs'), { recursive: true });
    mkdirSync(join(root, 'a-pkg/node_modules/inner'), { recursive: true });
    writeFileSync(join(root, 'b-pkg/README.md'), '# b');
    writeFileSync(join(root, 'b-pkg/docs/Guide.MD'), 'guide');
    writeFileSync(join(root, 'b-pkg/index.js'), 'module.exports = 1;');
    writeFileSync(join(root, 'a-pkg/node_modules/inner/CHANGELOG.md'), '## 1.0.0');
    writeFileSync(join(root, 'a-pkg/huge.md'), 'x'.repeat(300 * 1024));
    // This repository's own packages are linked here; their docs quote attacks on purpose.
    mkdirSync(join(root, '@mcp-trust'));
    symlinkSync(join(root, 'b-pkg'), join(root, '@mcp-trust/detectors'));
    const set = packageDocs(root);
    expect(set.kind).toBe('injection');
    expect(set.samples.map((s) => s.id)).toEqual([
      'node_modules/a-pkg/node_modules/inner/CHANGELOG.md',
      'node_modules/b-pkg/README.md',
      'node_modules/b-pkg/docs/Guide.MD',
    ]);
    expect(set.samples.every((s) => !s.positive)).toBe(true);
    expect(set.samples[1]?.text).toBe('# b');
  });

  it('says so when there is nothing to read', () => {
    const empty = join(root, 'empty');
    mkdirSync(empty);
    expect(() => packageDocs(empty)).toThrow(/no Markdown files under .*empty/);
  });
});
