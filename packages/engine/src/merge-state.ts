import { join, leq } from '@mcp-trust/core';
import { Counters, MERGE_SLOT, mergeCounters } from './counters.js';
import { Endorsements } from './endorsements.js';
import { LABEL_OVERHEAD, labelKey } from './label-table.js';
import type { SessionState } from './session-state.js';
import { readSessionState } from './session-state.js';
import { entryBytes, ValueIndex } from './value-index.js';

export const DEFAULT_VALUE_INDEX_BYTES = 65_536;

/**
 * Merge two replicas' states of one agent session, CRDT-style, with no coordination:
 * - the label is the join, so the merge is ⊒ both sides and taint is never lost;
 * - the value index is the union of entries; a key on both sides gets the join of its labels and
 *   the later `seq`. The union is then trimmed to the byte bound, oldest (smallest `seq`) first;
 *   what is trimmed loses only its value-level label, since every index label is already in the
 *   session label. Trimmed entries are counted as evictions in the `(merge)` slot;
 * - counts merge slot by slot with max (a G-counter: see counters.ts), neither adding the shared
 *   history twice nor dropping what either replica did alone;
 * - prompts are a union (the user said all of them), bounded like the index.
 * Both inputs are read defensively (`readSessionState`), so a corrupt side fails closed. The id
 * is `a`'s: merging two different sessions is the caller's mistake, not something to guess about.
 */
export function mergeSessionStates(
  a: SessionState,
  b: SessionState,
  opts: { valueIndexBytes?: number } = {},
): SessionState {
  const x = readSessionState(a).state;
  const y = readSessionState(b).state;
  const max = opts.valueIndexBytes ?? DEFAULT_VALUE_INDEX_BYTES;
  const counters = new Counters(MERGE_SLOT, mergeCounters(x.counters, y.counters));
  // A store saving the next state of the session it saved last: one side already holds
  // everything the other would add, so the union is that side, without rebuilding the index.
  const whole = covers(y, x, max) ? y : covers(x, y, max) ? x : undefined;
  const { labels, values, prompts } = whole ?? union(x, y, max, counters);
  return {
    version: 1,
    id: x.id,
    label: join(x.label, y.label),
    counters: counters.state(),
    clock: Math.max(x.clock, y.clock),
    labels,
    values,
    prompts,
  };
}

/**
 * The union of both sides' indexes and prompts, trimmed to the bound; what the trim drops is
 * counted as evictions on `counters`.
 */
function union(
  x: SessionState,
  y: SessionState,
  max: number,
  counters: Counters,
): Pick<SessionState, 'labels' | 'values' | 'prompts'> {
  // Labels are interned once per side and joined by id (the table caches joins), not per entry:
  // a state holds thousands of entries over a handful of labels.
  const index = new ValueIndex(max);
  const byKey = new Map<string, { label: number; seq: number }>();
  for (const s of [x, y]) {
    const ids = s.labels.map((l) => index.table.intern(l));
    for (const [key, at, seq] of s.values) {
      const label = ids[at]!;
      const known = byKey.get(key);
      if (known === undefined) byKey.set(key, { label, seq });
      else {
        known.label = index.table.join(known.label, label);
        if (seq > known.seq) known.seq = seq;
      }
    }
  }
  const ordered = [...byKey].sort((p, q) => p[1].seq - q[1].seq || (p[0] < q[0] ? -1 : 1));
  for (const [key, e] of ordered) index.add(key, e.label, e.seq);
  index.dropDeadLabels();
  counters.bump('evictions', index.trim());
  const prompts = new Map<string, number>();
  for (const [text, seq] of [...x.prompts, ...y.prompts])
    prompts.set(text, Math.max(prompts.get(text) ?? 0, seq));
  const endorse = new Endorsements(max);
  for (const [text, seq] of [...prompts].sort((p, q) => p[1] - q[1])) endorse.add(text, seq);
  return { ...index.snapshot(), prompts: endorse.list() };
}

/**
 * Whether the merge of `x` into `y` is `y`'s index and prompts as they are: `y` fits the bound
 * and holds only labels its entries use; every entry of `x` is in `y` with a label ⊑ and a seq ≤
 * `y`'s — or is older than everything `y` holds while `y` is too full for even the newest such
 * entry, so the trim (oldest first) would drop them all again; every prompt of `x` is in `y`
 * with a seq ≤ `y`'s. Byte accounting as `ValueIndex` does it. (Where the full merge would trim
 * further, because labels of dropped entries count until it compacts, this keeps `y` whole.)
 */
export function covers(y: SessionState, x: SessionState, max: number): boolean {
  const at = new Map<string, number>();
  const used = new Uint8Array(y.labels.length);
  let bytes = 0;
  let oldest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < y.values.length; i++) {
    const [key, label, seq] = y.values[i]!;
    if (at.has(key)) return false;
    at.set(key, i);
    bytes += entryBytes(key);
    used[label] = 1;
    if (seq < oldest) oldest = seq;
  }
  const keys = new Set<string>();
  for (let i = 0; i < y.labels.length; i++) {
    if (used[i] === 0) return false;
    const key = labelKey(y.labels[i]!);
    keys.add(key);
    bytes += LABEL_OVERHEAD + key.length;
  }
  if (bytes > max) return false;
  const below = new Map<number, boolean>();
  let newest: [key: string, label: number, seq: number] | undefined;
  for (const entry of x.values) {
    const [key, label, seq] = entry;
    const i = at.get(key);
    if (i === undefined) {
      if (seq >= oldest) return false;
      if (newest === undefined || seq > newest[2] || (seq === newest[2] && key > newest[0])) newest = entry;
      continue;
    }
    const [, yLabel, ySeq] = y.values[i]!;
    if (seq > ySeq) return false;
    const pair = label * y.labels.length + yLabel;
    let ok = below.get(pair);
    if (ok === undefined) {
      ok = leq(x.labels[label]!, y.labels[yLabel]!);
      below.set(pair, ok);
    }
    if (!ok) return false;
  }
  if (newest !== undefined) {
    const key = labelKey(x.labels[newest[1]]!);
    const extra = entryBytes(newest[0]) + (keys.has(key) ? 0 : LABEL_OVERHEAD + key.length);
    if (bytes + extra <= max) return false;
  }
  if (x.prompts.length > 0) {
    const prompts = new Map(y.prompts);
    for (const [text, seq] of x.prompts) {
      const ySeq = prompts.get(text);
      if (ySeq === undefined || ySeq < seq) return false;
    }
  }
  let chars = 0;
  for (const [text] of y.prompts) chars += text.length;
  return chars <= max || y.prompts.length <= 1;
}
