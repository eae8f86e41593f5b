import type { DataLabel, Problem } from '@mcp-trust/core';
import { join, parseDataLabel } from '@mcp-trust/core';
import { problem } from './call-input.js';
import type { CounterState, SessionCounts } from './counters.js';
import { COUNT_FIELDS, zeroCounts } from './counters.js';
import { FAIL_CLOSED } from './label-facts.js';
import type { ValueEntry } from './value-index.js';

/**
 * A session as plain JSON, for stores and for merging replicas. Versioned; `readSessionState`
 * reads one back without ever throwing, failing closed: a label it cannot read becomes
 * open-world with unknown sources and classes, and the session label is re-joined with every
 * label in the index, so no corruption can leave a session cleaner than its values.
 */
export interface SessionState {
  version: 1;
  id: string;
  /** Everything the session has seen, joined. */
  label: DataLabel;
  /** Per-replica counts (a G-counter: see counters.ts). */
  counters: CounterState;
  /** Logical clock of the value index (max of every entry's `seq`). */
  clock: number;
  /** The labels the index entries refer to, by position. */
  labels: DataLabel[];
  /** `[key, label index, seq]`, oldest first. Shingle keys start with U+0001. */
  values: ValueEntry[];
  /** The user's words, `[text, seq]`, oldest first. */
  prompts: [text: string, seq: number][];
}

const MAX_PROBLEMS = 50;

export function emptyState(id: string): SessionState {
  return { version: 1, id, label: FAIL_CLOSED, counters: {}, clock: 0, labels: [], values: [], prompts: [] };
}

export function readSessionState(input: unknown): { state: SessionState; problems: Problem[] } {
  const problems: Problem[] = [];
  const report = (path: string, code: string, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(problem(path, code, message));
  };
  const s = record(input);
  if (s === undefined) {
    report('$', 'invalid-state', 'the session state is not an object; the session fails closed');
    return { state: emptyState(''), problems };
  }
  const state = emptyState(typeof s.id === 'string' ? s.id : '');
  if (s.version !== 1) {
    report(
      '$.version',
      'unsupported-version',
      `version ${String(s.version)} is not 1; the session fails closed`,
    );
    return { state, problems };
  }
  const top = parseDataLabel(s.label);
  if (top.label === undefined) report('$.label', 'invalid-label', 'unreadable session label; failing closed');
  let label = top.label ?? FAIL_CLOSED;
  state.counters = readCounters(s.counters, report);
  const labels = Array.isArray(s.labels) ? s.labels : [];
  state.labels = labels.map((raw, i) => {
    const parsed = parseDataLabel(raw);
    if (parsed.label === undefined)
      report(`$.labels[${i}]`, 'invalid-label', 'unreadable label; failing closed');
    return parsed.label ?? FAIL_CLOSED;
  });
  for (const l of state.labels) label = join(label, l);
  state.label = label;
  let clock = typeof s.clock === 'number' && Number.isSafeInteger(s.clock) && s.clock >= 0 ? s.clock : 0;
  for (const [i, v] of (Array.isArray(s.values) ? s.values : []).entries()) {
    if (isEntry(v, state.labels.length)) {
      state.values.push([v[0], v[1], v[2]]);
      clock = Math.max(clock, v[2]);
    } else report(`$.values[${i}]`, 'invalid-entry', 'not a [key, label, seq] entry; dropped');
  }
  for (const [i, p] of (Array.isArray(s.prompts) ? s.prompts : []).entries()) {
    if (Array.isArray(p) && typeof p[0] === 'string' && isSeq(p[1])) {
      state.prompts.push([p[0], p[1]]);
      clock = Math.max(clock, p[1]);
    } else report(`$.prompts[${i}]`, 'invalid-entry', 'not a [text, seq] entry; dropped');
  }
  state.clock = clock;
  return { state, problems };
}

function readCounters(raw: unknown, report: (p: string, c: string, m: string) => void): CounterState {
  const out: CounterState = {};
  const r = record(raw);
  if (r === undefined) {
    if (raw !== undefined) report('$.counters', 'invalid-counters', 'not an object; counts restart at zero');
    return out;
  }
  for (const [name, slot] of Object.entries(r)) {
    const c = record(slot);
    const counts: SessionCounts = zeroCounts();
    for (const f of COUNT_FIELDS) {
      const v = c?.[f];
      if (isSeq(v)) counts[f] = v;
      else if (v !== undefined)
        report(`$.counters[${JSON.stringify(name)}].${f}`, 'invalid-count', 'not a count');
    }
    out[name] = counts;
  }
  return out;
}

function isSeq(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function isEntry(v: unknown, labels: number): v is ValueEntry {
  return (
    Array.isArray(v) &&
    v.length === 3 &&
    typeof v[0] === 'string' &&
    Number.isInteger(v[1]) &&
    v[1] >= 0 &&
    v[1] < labels &&
    isSeq(v[2])
  );
}

function record(v: unknown): Record<string, unknown> | undefined {
  try {
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
