import { join } from '@mcp-trust/core';
import { Counters, MERGE_SLOT, mergeCounters } from './counters.js';
import { Endorsements } from './endorsements.js';
import type { SessionState } from './session-state.js';
import { readSessionState } from './session-state.js';
import { ValueIndex } from './value-index.js';

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
  const trimmed = index.trim();
  const counters = new Counters(MERGE_SLOT, mergeCounters(x.counters, y.counters));
  counters.bump('evictions', trimmed);
  const prompts = new Map<string, number>();
  for (const [text, seq] of [...x.prompts, ...y.prompts])
    prompts.set(text, Math.max(prompts.get(text) ?? 0, seq));
  const endorse = new Endorsements(max);
  for (const [text, seq] of [...prompts].sort((p, q) => p[1] - q[1])) endorse.add(text, seq);
  const { labels, values } = index.snapshot();
  return {
    version: 1,
    id: x.id,
    label: join(x.label, y.label),
    counters: counters.state(),
    clock: Math.max(x.clock, y.clock),
    labels,
    values,
    prompts: endorse.list(),
  };
}
