import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CONFIG, EXAMPLE_TRACE, POLICY_TESTS, ROOT } from '../support.js';

const BIN = join(ROOT, 'packages/cli/dist/bin.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8' });

/** The built `mcp-trust` binary, run as a child process on the shipped examples: no mocks. */
describe('mcp-trust (built binary)', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
  }, 120_000);

  it('replays a trace as JSON lines', () => {
    const r = run('replay', EXAMPLE_TRACE, '--config', EXAMPLE_CONFIG, '--json');
    expect(r.status, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; decision: string });
    expect(rows.map((x) => x.id)).toEqual(['s1', 'w1', 's2', 'w2', 'w3']);
    expect(rows.find((x) => x.id === 'w3')?.decision).not.toBe('allow');
    expect(r.stderr).toContain('5 calls:');
  });

  it('rejects a bad --mode and runs policy test', () => {
    const bad = run('replay', EXAMPLE_TRACE, '--mode', 'loud');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('must be one of audit, warn, enforce');
    const t = run('policy', 'test', POLICY_TESTS);
    expect(t.status, t.stdout).toBe(0);
    expect(t.stdout).toMatch(/^PASS: \d+\/\d+$/m);
  });
});
