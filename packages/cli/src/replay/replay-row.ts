import type { Effect, Verdict } from '@mcp-trust/policy';

/** One replayed call, as `--json` prints it (DESIGN "Trace format"). */
export interface ReplayRow {
  session: string;
  id: string;
  server: string;
  tool: string;
  /** The call phase's decision (what the rules say, whatever the mode). */
  decision: Effect;
  /** The result phase's decision once the recorded result was applied; null when the trace has none. */
  result_decision: Effect | null;
  /** Every matched rule, call phase then result phase. */
  rules: string[];
  /** Their messages (and any rule errors), joined. */
  reason: string;
}

export function rowOf(
  session: string,
  call: { id: string; server: string; tool: string },
  verdict: Verdict,
): ReplayRow {
  return {
    session,
    id: call.id,
    server: call.server,
    tool: call.tool,
    decision: verdict.decision,
    result_decision: null,
    rules: verdict.matched.map((m) => m.rule),
    reason: reasonsOf(verdict).join('; '),
  };
}

export function addResult(row: ReplayRow, verdict: Verdict): void {
  row.result_decision = verdict.decision;
  for (const m of verdict.matched) if (!row.rules.includes(m.rule)) row.rules.push(m.rule);
  row.reason = [row.reason, ...reasonsOf(verdict)].filter((r) => r !== '').join('; ');
}

/** A rule that failed to evaluate is a reason too: the verdict failed closed because of it. */
function reasonsOf(verdict: Verdict): string[] {
  return [
    ...verdict.matched.map((m) => m.message || m.rule),
    ...verdict.errors.map((e) => `rule ${e.rule} failed to evaluate: ${e.message}`),
  ];
}
