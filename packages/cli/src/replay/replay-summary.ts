import type { Effect } from '@mcp-trust/policy';
import type { ReplayRow } from './replay-row.js';

const WORD: Record<Effect, string> = {
  allow: 'allowed',
  warn: 'warned',
  escalate: 'escalated',
  block: 'blocked',
};
const ORDER: readonly Effect[] = ['allow', 'warn', 'escalate', 'block'];

type Counts = Record<Effect, number>;
const zero = (): Counts => ({ allow: 0, warn: 0, escalate: 0, block: 0 });

/** Counts of call decisions, overall and per session, kept as rows stream by. */
export class ReplaySummary {
  readonly total: Counts = zero();
  readonly sessions = new Map<string, Counts>();
  calls = 0;
  badLines = 0;

  add(row: ReplayRow): void {
    this.calls++;
    this.total[row.decision]++;
    const counts = this.sessions.get(row.session) ?? zero();
    counts[row.decision]++;
    this.sessions.set(row.session, counts);
  }

  lines(): string[] {
    const out = [`${this.calls} calls: ${describe(this.total)}`];
    if (this.sessions.size > 1) {
      const width = Math.max(...[...this.sessions.keys()].map((s) => s.length));
      for (const [session, counts] of this.sessions) {
        const n = ORDER.reduce((sum, e) => sum + counts[e], 0);
        out.push(`  ${session.padEnd(width)}  ${n} calls: ${describe(counts)}`);
      }
    }
    if (this.badLines > 0) out.push(`${this.badLines} bad ${this.badLines === 1 ? 'line' : 'lines'} skipped`);
    return out;
  }
}

function describe(counts: Counts): string {
  return ORDER.map((e) => `${counts[e]} ${WORD[e]}`).join(', ');
}
