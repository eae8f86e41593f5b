/**
 * Session counts as a G-counter (the textbook grow-only CRDT): each replica counts its own events
 * in its own slot, a merge takes each slot's maximum, and a total is the sum over slots. So a
 * merge never counts an event twice (as adding would, for the history two replicas share) and
 * never forgets one (as a plain max would, for work both did after they diverged). Replicas that
 * share a name degrade to max: never over, possibly under.
 */

export interface SessionCounts {
  calls: number;
  results: number;
  escalations: number;
  blocks: number;
  /** Values the index dropped to stay within its byte bound. */
  evictions: number;
}

export type CounterState = Record<string, SessionCounts>;

export const COUNT_FIELDS = ['calls', 'results', 'escalations', 'blocks', 'evictions'] as const;

/** The slot merges charge their own evictions to (see merge-state.ts). */
export const MERGE_SLOT = '(merge)';

export function zeroCounts(): SessionCounts {
  return { calls: 0, results: 0, escalations: 0, blocks: 0, evictions: 0 };
}

export class Counters {
  private readonly slots: CounterState;
  /** The sum over slots, kept as events are counted (slots only change through `bump`). */
  private readonly sum: SessionCounts = zeroCounts();
  /** A snapshot of `sum` handed out by `totals`: a new one after every bump, never mutated. */
  private total: SessionCounts | undefined;

  constructor(
    private readonly replica: string,
    state: CounterState = {},
  ) {
    this.slots = {};
    for (const [name, counts] of Object.entries(state)) {
      this.slots[name] = { ...counts };
      for (const f of COUNT_FIELDS) this.sum[f] += counts[f];
    }
  }

  bump(field: keyof SessionCounts, n = 1): void {
    if (n === 0) return;
    this.slots[this.replica] ??= zeroCounts();
    this.slots[this.replica]![field] += n;
    this.sum[field] += n;
    this.total = undefined;
  }

  totals(): SessionCounts {
    if (this.total === undefined) {
      this.total = { ...this.sum };
      // Past 2^53 float sums depend on their order: add up the slots as they stand, as merges do.
      if (COUNT_FIELDS.some((f) => this.sum[f] > Number.MAX_SAFE_INTEGER)) this.total = this.resum();
    }
    return this.total;
  }

  private resum(): SessionCounts {
    const t = zeroCounts();
    for (const counts of Object.values(this.slots)) {
      for (const f of COUNT_FIELDS) t[f] += counts[f];
    }
    return t;
  }

  state(): CounterState {
    const out: CounterState = {};
    for (const [name, counts] of Object.entries(this.slots)) out[name] = { ...counts };
    return out;
  }
}

export function mergeCounters(a: CounterState, b: CounterState): CounterState {
  const out: CounterState = {};
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[name] ?? zeroCounts();
    const y = b[name] ?? zeroCounts();
    const m = zeroCounts();
    for (const f of COUNT_FIELDS) m[f] = Math.max(x[f], y[f]);
    out[name] = m;
  }
  return out;
}
