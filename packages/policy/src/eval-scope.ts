/**
 * What the closures of one decision share: the facts as they are, one slot per macro variable
 * (bound at compile time to its nesting depth), and the memo of helper calls already made on
 * these facts. A policy keeps one scope and resets it for each decision, so deciding allocates
 * nothing here.
 *
 * Memo entries are valid while their epoch is the scope's: starting a decision bumps the epoch,
 * which forgets every entry at once without touching them.
 */

const NO_FACTS: Readonly<Record<string, unknown>> = Object.freeze({});

export class Scope {
  root: Readonly<Record<string, unknown>>;
  readonly slots: unknown[] = [];
  /** For a macro over a map: the value under the key in the same slot (see closure-types.ts). */
  readonly entries: unknown[] = [];
  epoch = 1;
  readonly memoEpoch: number[] = [];
  readonly memoValue: unknown[] = [];
  /** Memo entries written in this decision (the first `writes`), to clear at its end. */
  readonly written: number[] = [];
  private writes = 0;

  constructor(root: Readonly<Record<string, unknown>> = NO_FACTS) {
    this.root = root;
  }

  /** Remember `value` as memo entry `id` for this decision. */
  remember(id: number, value: unknown): void {
    this.memoValue[id] = value;
    this.memoEpoch[id] = this.epoch;
    this.written[this.writes++] = id;
  }

  /** Start a decision on `root`: no memo entry of an earlier one counts any more. */
  reset(root: Readonly<Record<string, unknown>>): void {
    this.root = root;
    this.epoch++;
    this.writes = 0;
  }

  /**
   * After a decision: keep no facts alive (a scope outlives the decisions it served). Plain loops
   * over the few entries used: Array fill() and `length = 0` cost more than the whole clearing.
   */
  release(): void {
    this.root = NO_FACTS;
    const { slots, entries, written, memoValue } = this;
    for (let i = 0; i < slots.length; i++) slots[i] = undefined;
    for (let i = 0; i < entries.length; i++) entries[i] = undefined;
    for (let i = 0; i < this.writes; i++) memoValue[written[i]!] = undefined;
    this.writes = 0;
  }
}
