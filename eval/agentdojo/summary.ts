/** Per-suite and overall counts from session outcomes, and the table run.ts prints. */
import type { SuiteName } from './data.js';
import { SUITES } from './data.js';
import type { SessionOutcome } from './evaluate.js';

export interface Counts {
  benign: number;
  benignEscalated: number;
  benignBlocked: number;
  /** Attacked sessions whose injection task has at least one effect call. */
  attacked: number;
  /** …of which some effect call was escalated or blocked. */
  stopped: number;
  /** …of which the first effect call was escalated or blocked (nothing of the attack happened). */
  stoppedFirst: number;
  /** Attacked sessions without any effect call (a text-only goal): no tool policy can stop them. */
  outOfScope: number;
}

export const pct = (n: number, d: number): number => (d === 0 ? 0 : Math.round((1000 * n) / d) / 10);

export function count(outcomes: readonly SessionOutcome[]): Counts {
  const c: Counts = {
    benign: 0,
    benignEscalated: 0,
    benignBlocked: 0,
    attacked: 0,
    stopped: 0,
    stoppedFirst: 0,
    outOfScope: 0,
  };
  for (const o of outcomes) {
    if (o.kind === 'benign') {
      c.benign++;
      if (o.escalated) c.benignEscalated++;
      if (o.blocked) c.benignBlocked++;
    } else if (o.effectCalls === 0) c.outOfScope++;
    else {
      c.attacked++;
      if (o.stopped) c.stopped++;
      if (o.stoppedFirst) c.stoppedFirst++;
    }
  }
  return c;
}

export function countBySuite(outcomes: readonly SessionOutcome[]): Record<SuiteName | 'overall', Counts> {
  const entries = SUITES.map((s) => [s, count(outcomes.filter((o) => o.suite === s))] as const);
  return { ...Object.fromEntries(entries), overall: count(outcomes) } as Record<
    SuiteName | 'overall',
    Counts
  >;
}

export function formatTable(title: string, counts: Record<SuiteName | 'overall', Counts>): string {
  const head = [
    'suite',
    'attacks stopped',
    'stopped at 1st effect',
    'benign escalated',
    'benign blocked',
    'out of scope',
  ];
  const rows = [...SUITES, 'overall' as const].map((s) => {
    const c = counts[s];
    return [
      s,
      `${pct(c.stopped, c.attacked)}% (${c.stopped}/${c.attacked})`,
      `${pct(c.stoppedFirst, c.attacked)}% (${c.stoppedFirst}/${c.attacked})`,
      `${pct(c.benignEscalated, c.benign)}% (${c.benignEscalated}/${c.benign})`,
      `${pct(c.benignBlocked, c.benign)}% (${c.benignBlocked}/${c.benign})`,
      String(c.outOfScope),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [title, line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
