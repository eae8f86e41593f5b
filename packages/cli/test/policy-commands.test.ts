import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo, runPolicyCheck, runPolicyTest } from '../src/index.js';
import { POLICY_TESTS, scratch } from './support.js';

const GOOD = `rules:
  - name: no-public
    effect: block
    when: "'public' in tool.destination"
    message: no
`;

describe('mcp-trust policy check', () => {
  it('passes good files and fails bad ones with file:line:col', () => {
    const dir = scratch({
      'good.yaml': GOOD,
      'bad.yaml': GOOD.replace('tool.destination', 'tool.destinaton'),
    });
    const io = memoryIo();
    expect(runPolicyCheck([join(dir, 'good.yaml')], io)).toBe(0);
    expect(io.out).toEqual([`${join(dir, 'good.yaml')}: ok, 1 rule`]);
    const io2 = memoryIo();
    expect(runPolicyCheck([join(dir, 'good.yaml'), join(dir, 'bad.yaml'), join(dir, 'gone.yaml')], io2)).toBe(
      1,
    );
    expect(io2.err.some((l) => l.startsWith(`${join(dir, 'bad.yaml')}:4:`))).toBe(true);
    expect(io2.err.some((l) => l.startsWith(`${join(dir, 'gone.yaml')}: error unreadable`))).toBe(true);
  });
});

describe('mcp-trust policy test', () => {
  it('passes the shipped example cases', () => {
    const io = memoryIo();
    const outcome = runPolicyTest(POLICY_TESTS, io);
    expect(outcome, io.out.join('\n')).toMatchObject({ exitCode: 0, failed: 0 });
    expect(outcome.passed).toBeGreaterThanOrEqual(4);
    expect(io.out.filter((l) => l.startsWith('  PASS'))).toHaveLength(outcome.passed);
  });

  it('reports a failing case with its place and why, and exits 1', () => {
    const dir = scratch({
      'rules.yaml': GOOD,
      'cases.yaml': `policy: {packs: [], files: [rules.yaml]}
cases:
  - name: public is blocked
    facts: {tool: {destination: [public]}}
    expect: block
    rules: [no-public]
  - name: wrongly expected
    facts: {tool: {destination: [public]}}
    expect: allow
  - name: trace case
    trace:
      - {type: call, id: c, server: s, tool: t}
    expect: block
`,
    });
    const io = memoryIo();
    expect(runPolicyTest(dir, io)).toMatchObject({ exitCode: 1, passed: 2, failed: 1 });
    expect(io.out).toContain(`  FAIL  wrongly expected  (${join(dir, 'cases.yaml')}:7)`);
    expect(io.out).toContain('        expected allow, got block');
    expect(io.out.at(-1)).toBe('FAIL: 1/3');
  });

  it('fails a case file that does not parse, naming the line', () => {
    const dir = scratch({
      'x.yaml': 'policy: {packs: [default]}\ncases:\n  - name: a\n    expect: maybe\n    facts: {}\n',
    });
    const io = memoryIo();
    expect(runPolicyTest(dir, io).exitCode).toBe(1);
    expect(io.out.some((l) => l.includes('x.yaml:3:') && l.includes('`expect`'))).toBe(true);
  });
});
