import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReplayRow } from '../src/index.js';
import { memoryIo, runReplay } from '../src/index.js';
import { EXAMPLE_CONFIG, EXAMPLE_TRACE, scratch } from './support.js';

const rowsOf = (out: string[]) => out.map((l) => JSON.parse(l) as ReplayRow);

describe('runReplay', () => {
  it('decides every call of the SEP e-mail trace, in call order, with reasons', async () => {
    const io = memoryIo();
    const { exitCode, summary } = await runReplay(
      { trace: EXAMPLE_TRACE, config: EXAMPLE_CONFIG, json: true },
      io,
    );
    expect(exitCode).toBe(0);
    const rows = rowsOf(io.out);
    expect(rows.map((r) => `${r.session}/${r.id}`)).toEqual([
      'salary/s1',
      'web/w1',
      'salary/s2',
      'web/w2',
      'web/w3',
    ]);
    expect(Object.keys(rows[0]!)).toEqual([
      'session',
      'id',
      'server',
      'tool',
      'decision',
      'result_decision',
      'rules',
      'reason',
    ]);
    // Salary figures read from /hr/ on their way to a public destination: put to the person.
    const salary = rows.find((r) => r.id === 's2')!;
    expect(salary.decision).not.toBe('allow');
    expect(salary.rules.length).toBeGreaterThan(0);
    expect(salary.reason).not.toBe('');
    // Drafts mailed to the address a web page asked for: never just allowed.
    const exfil = rows.find((r) => r.id === 'w3')!;
    expect(exfil.decision).not.toBe('allow');
    expect(exfil.result_decision).toBeNull(); // the trace has no result for it
    expect(rows.find((r) => r.id === 's1')).toMatchObject({ decision: 'allow', result_decision: 'allow' });
    expect(summary.calls).toBe(5);
    expect(io.err.at(-1)).toMatch(/^ {2}web {5}3 calls/);
  });

  it('prints a table and a summary without --json', async () => {
    const io = memoryIo();
    await runReplay({ trace: EXAMPLE_TRACE, config: EXAMPLE_CONFIG }, io);
    expect(io.out[0]).toMatch(/^SESSION\s+ID\s+TOOL\s+CALL\s+RESULT\s+RULES$/);
    expect(io.out.find((l) => l.startsWith('salary') && l.includes('mail/send_email'))).toBeDefined();
    expect(io.out).toContain('5 calls: 3 allowed, 0 warned, 1 escalated, 1 blocked');
  });

  it('reports bad lines with file:line, skips them, and fails at the end', async () => {
    const dir = scratch({
      't.jsonl': [
        '{"type":"call","id":"a","server":"x","tool":"t"}',
        'not json',
        '{"type":"result","id":"zzz","result":{}}',
        '',
        '{"type":"call","id":"a","server":"x","tool":"t"}',
        '{"type":"result","id":"a","result":{"content":[]}}',
        '{"type":"call","session":"other","id":"a","server":"x","tool":"t","arguments":{"q":1}}',
      ].join('\n'),
    });
    const io = memoryIo();
    const trace = join(dir, 't.jsonl');
    const { exitCode, summary } = await runReplay({ trace, json: true }, io);
    expect(exitCode).toBe(1);
    expect(summary.badLines).toBe(3);
    expect(
      io.err.filter((l) => l.startsWith(`${trace}:`)).map((l) => l.slice(trace.length + 1, trace.length + 3)),
    ).toEqual(['2:', '3:', '5:']);
    const rows = rowsOf(io.out);
    expect(rows.map((r) => [r.session, r.id, r.result_decision !== null])).toEqual([
      ['default', 'a', true],
      ['other', 'a', false],
    ]);
  });

  it('treats servers as untrusted under the default pack when there is no config', async () => {
    const io = memoryIo();
    const { exitCode } = await runReplay({ trace: EXAMPLE_TRACE, json: true, mode: 'audit' }, io);
    expect(exitCode).toBe(0);
    expect(rowsOf(io.out)).toHaveLength(5);
    expect(io.err.some((l) => l.includes('unknown-server'))).toBe(false);
  });

  it('refuses to run on a config with errors, and on a missing trace, without throwing', async () => {
    const dir = scratch({ 'c.yaml': 'servers:\n  mail: {trust: maybe}\n' });
    const io = memoryIo();
    expect((await runReplay({ trace: EXAMPLE_TRACE, config: join(dir, 'c.yaml') }, io)).exitCode).toBe(1);
    expect(io.err[0]).toMatch(/c\.yaml:2:\d+: error invalid-value/);
    expect(io.out).toEqual([]);
    const io2 = memoryIo();
    expect((await runReplay({ trace: join(dir, 'none.jsonl') }, io2)).exitCode).toBe(1);
    expect(io2.err[0]).toContain('ENOENT');
  });
});
