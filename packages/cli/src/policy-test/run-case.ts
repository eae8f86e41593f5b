import type { Effect } from '@mcp-trust/policy';
import { runPolicyCases } from '@mcp-trust/policy';
import type { ReadySetup } from '../replay/build-engine.js';
import { makeEngine } from '../replay/build-engine.js';
import type { ReplayRow } from '../replay/replay-row.js';
import { ReplayRunner } from '../replay/replay-runner.js';
import type { TestCase } from './case-file.js';

export interface CaseOutcome {
  pass: boolean;
  actual?: Effect;
  matched: string[];
  /** Why it failed (decision, missing rules, a bad trace event). */
  why: string[];
}

/** A `facts` case is evaluated directly; a `trace` case runs through a fresh engine and its last call is judged. */
export function runCase(setup: ReadySetup, c: TestCase): CaseOutcome {
  if (c.facts !== undefined) {
    const [r] = runPolicyCases(setup.policy, [
      { name: c.name, facts: c.facts, expect: c.expect, rules: c.rules ?? [] },
    ]);
    if (r === undefined) return { pass: false, matched: [], why: ['the policy returned no result'] };
    return judge(
      c,
      r.actual,
      r.verdict.matched.map((m) => m.rule),
    );
  }
  const events = c.trace ?? [];
  const runner = new ReplayRunner(makeEngine(setup).engine, false);
  const rows: ReplayRow[] = [];
  for (const [i, event] of events.entries()) {
    const { rows: done, error } = runner.apply(event);
    if (error !== undefined) return { pass: false, matched: [], why: [`trace[${i}]: ${error}`] };
    rows.push(...done);
  }
  rows.push(...runner.finish());
  const last = rows.at(-1);
  if (last === undefined) return { pass: false, matched: [], why: ['the trace has no call to decide'] };
  return judge(c, last.decision, last.rules);
}

function judge(c: TestCase, actual: Effect, matched: string[]): CaseOutcome {
  const why: string[] = [];
  if (actual !== c.expect) why.push(`expected ${c.expect}, got ${actual}`);
  const missing = (c.rules ?? []).filter((r) => !matched.includes(r));
  if (missing.length > 0) why.push(`rules that did not match: ${missing.join(', ')}`);
  if (why.length > 0 && matched.length > 0) why.push(`matched: ${matched.join(', ')}`);
  return { pass: why.length === 0, actual, matched, why };
}
