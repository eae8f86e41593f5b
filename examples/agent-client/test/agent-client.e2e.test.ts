/**
 * The example host end to end: the built script as a child process, spawning the built example
 * servers over real stdio, once as a person who denies and once with `--approve`. Its timeline is
 * read back step by step, and the mail server's outbox shows what really left.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(ROOT, 'examples/agent-client/dist/main.js');
const SALARIES = 'mcp://file-server.example.com/hr/salaries.csv';

interface Run {
  out: string;
  /** `[tool, decision, why]` per timeline line, grouped by scenario title (`restart` at the end). */
  steps: Map<string, [string, string, string][]>;
  /** Recipients and destinations of the mail the mail server really sent. */
  sent: string[];
}

const dir = mkdtempSync(join(tmpdir(), 'agent-client-'));

function run(...args: string[]): Run {
  const outbox = join(dir, `outbox${args.join('')}.jsonl`);
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, MAIL_OUTBOX_FILE: outbox },
    timeout: 60_000,
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  const steps = new Map<string, [string, string, string][]>();
  let section: [string, string, string][] = [];
  for (const line of r.stdout.split('\n')) {
    const title =
      /^(\d)\. /.exec(line)?.[1] ?? (line.startsWith('The host restarts') ? 'restart' : undefined);
    if (title !== undefined) {
      section = [];
      steps.set(title, section);
    }
    const step = /^ {2}(\w+__\w+) +(.+?) {2,}(.*)$/.exec(line);
    if (step) section.push([step[1] ?? '', step[2] ?? '', step[3] ?? '']);
  }
  let sent: string[] = [];
  try {
    sent = readFileSync(outbox, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { to: string; destination: string })
      .map((m) => `${m.to} (${m.destination})`);
  } catch {
    // No outbox: the mail server sent nothing.
  }
  return { out: r.stdout, steps, sent };
}

const decisions = (r: Run, section: string) => r.steps.get(section)?.map(([tool, d]) => `${tool}: ${d}`);
const why = (r: Run, section: string, i: number) => r.steps.get(section)?.[i]?.[2] ?? '';

describe('examples/agent-client (built, over stdio)', () => {
  let denied: Run;
  let approved: Run;
  beforeAll(() => {
    const projects = ['agent-client', 'file-server', 'mail-server', 'web-server'].map((p) => `examples/${p}`);
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const build = spawnSync(process.execPath, [tsc, '-b', ...projects], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, `tsc -b ${projects.join(' ')}\n${build.stdout}${build.stderr}`).toBe(0);
    denied = run();
    approved = run('--approve');
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lets the everyday internal flow through without a question', () => {
    for (const r of [denied, approved]) {
      expect(decisions(r, '1')).toEqual([
        'mail__read_email: allowed',
        'files__read_file: allowed',
        'mail__send_email: allowed',
      ]);
      expect(r.sent[0]).toBe('lunch@example.com (internal)');
    }
  });

  it('asks before the salary sheet goes to the accountant, and sends it only on --approve', () => {
    expect(decisions(denied, '2')).toEqual(['files__read_file: allowed', 'mail__send_email: asked → denied']);
    expect(decisions(approved, '2')).toEqual([
      'files__read_file: allowed',
      'mail__send_email: asked → approved',
    ]);
    for (const r of [denied, approved]) {
      expect(why(r, '2', 1)).toBe(`sensitive-data-to-public; body ← ${SALARIES}`);
    }
    expect(denied.sent).toEqual(['lunch@example.com (internal)']);
    expect(approved.sent).toEqual([
      'lunch@example.com (internal)',
      'accountant@ledger-partners.example (public)',
    ]);
  });

  it('blocks the web page summary to an outside address', () => {
    for (const r of [denied, approved]) {
      expect(decisions(r, '3')).toEqual(['web__fetch_page: allowed', 'mail__send_email: blocked']);
      expect(why(r, '3', 1)).toMatch(/^untrusted-content-to-public\b/);
    }
  });

  it('flags the injected page and withholds it, even from a person who approves calls', () => {
    for (const r of [denied, approved]) {
      expect(decisions(r, '4')).toEqual(['web__fetch_page: flagged → withheld']);
      expect(why(r, '4', 0)).toMatch(/^malicious-result; detectors: injection\//);
      expect(r.out).toMatch(/↳ session now: open-world, malicious, /);
      expect(r.out).not.toContain('attacker@evil.example'); // the page's hidden text never showed
    }
  });

  it('keeps the taint through state() and restore()', () => {
    for (const r of [denied, approved]) {
      const bytes = Number(/state\(\) is (\d+) bytes of JSON/.exec(r.out)?.[1]);
      expect(bytes).toBeGreaterThan(1000);
      const before = /^ {2}before: (.*)$/m.exec(r.out)?.[1];
      const after = /^ {2}after: {2}(.*) \(session [\w-]+\)$/m.exec(r.out)?.[1];
      expect(before).toMatch(/^open-world, malicious, .*data financial\+pii/);
      expect(after).toBe(before);
      // The value index came back too: the page's text is still recognised on its way out.
      expect(decisions(r, 'restart')).toEqual(['mail__send_email: blocked']);
      expect(why(r, 'restart', 0)).toMatch(/^untrusted-content-to-public;.*malicious-data-steers-action/);
    }
    expect(denied.sent).not.toContain('newsletter@partner.example (public)');
    expect(approved.sent).toHaveLength(2);
  });
});
