import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Io } from '../io.js';
import { parseCaseFile } from '../policy-test/case-file.js';
import { runCase } from '../policy-test/run-case.js';
import { loadSetup } from '../replay/build-engine.js';

export interface PolicyTestOutcome {
  exitCode: number;
  passed: number;
  failed: number;
}

/** `mcp-trust policy test DIR`: every case file under DIR, each case PASS or FAIL, as `opa test` reports. */
export function runPolicyTest(target: string, io: Io, opts: { verbose?: boolean } = {}): PolicyTestOutcome {
  let passed = 0;
  let failed = 0;
  const files = caseFiles(target, io);
  if (files === undefined) return { exitCode: 1, passed, failed: 1 };
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      io.stdout(`${file}\n  ERROR cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      failed++;
      continue;
    }
    const parsed = parseCaseFile(text, file);
    if (parsed.notCases === true) continue;
    io.stdout(file);
    const setup = parsed.errors.length === 0 ? loadSetup({ config: parsed.config }) : undefined;
    const problems = [...parsed.errors, ...(setup?.problems ?? [])];
    if (setup?.ready === undefined) {
      for (const p of problems) io.stdout(`  ERROR ${p}`);
      failed += Math.max(parsed.cases.length, 1);
      continue;
    }
    for (const c of parsed.cases) {
      const outcome = runCase(setup.ready, c);
      if (outcome.pass) passed++;
      else failed++;
      io.stdout(
        `  ${outcome.pass ? 'PASS' : 'FAIL'}  ${c.name}${outcome.pass ? '' : `  (${file}:${c.line})`}`,
      );
      if (!outcome.pass || opts.verbose === true) {
        for (const why of outcome.pass
          ? [`decided ${outcome.actual}; matched: ${outcome.matched.join(', ') || 'nothing'}`]
          : outcome.why) {
          io.stdout(`        ${why}`);
        }
      }
    }
  }
  const total = passed + failed;
  io.stdout('-'.repeat(80));
  if (passed > 0) io.stdout(`PASS: ${passed}/${total}`);
  if (failed > 0) io.stdout(`FAIL: ${failed}/${total}`);
  if (total === 0) io.stdout(`no cases found in ${target}`);
  return { exitCode: failed > 0 || total === 0 ? 1 : 0, passed, failed };
}

/** `*.yaml` / `*.yml` under a directory (sorted, recursive), or the one file given. */
function caseFiles(target: string, io: Io): string[] | undefined {
  try {
    if (statSync(target).isFile()) return [target];
    return readdirSync(target, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.ya?ml$/i.test(f))
      .sort()
      .map((f) => join(target, f));
  } catch (err) {
    io.stderr(`${target}: cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    return undefined;
  }
}
