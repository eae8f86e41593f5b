import type { DataLabel } from '@mcp-trust/core';
import { LabelTable } from './label-table.js';
import { SHINGLE_KEY_LENGTH, shingleHash, shingleKey } from './shingle-key.js';

/**
 * The per-session index of significant values seen in results, each with the label of the
 * results it came from (joined when a value comes back in another result). Bounded in bytes;
 * when full, the entries seen longest ago go first. A Map keeps insertion order, so moving a
 * re-seen value to the back keeps "oldest first" O(1).
 *
 * Shingles are keyed by their 48-bit hash, a number, in the same Map as the string keys of values
 * (one Map, so one order for eviction and for the state): an argument's shingles are looked up
 * without building a string each. Keys in a shingle's string form are turned into hashes on the
 * way in and back on the way out (shingle-key.ts), and are charged for that form's length, so the
 * state and the byte accounting are what they would be with string keys throughout.
 */

/**
 * Bytes charged per entry on top of its key's characters: V8's hash-table slot (3 tagged words),
 * the key string's header, and the entry record (two small integers). Measured sizes vary with
 * the engine; this is a deliberate, documented approximation rather than a guess of zero.
 */
export const ENTRY_OVERHEAD = 48;

interface Entry {
  label: number;
  seq: number;
}

/** One index entry in serialised form: key, index into the state's label list, logical time. */
export type ValueEntry = [key: string, label: number, seq: number];

/** A value's key, or a shingle's hash. */
type Key = string | number;

export function entryBytes(key: string): number {
  return ENTRY_OVERHEAD + key.length;
}

const SHINGLE_ENTRY_BYTES = ENTRY_OVERHEAD + SHINGLE_KEY_LENGTH;

function bytesOf(key: Key): number {
  return typeof key === 'number' ? SHINGLE_ENTRY_BYTES : entryBytes(key);
}

/** A key as the index holds it: a shingle's string form becomes its hash. */
function internal(key: string): Key {
  return key.charCodeAt(0) === 1 ? (shingleHash(key) ?? key) : key;
}

export class ValueIndex {
  readonly table = new LabelTable();
  private readonly entries = new Map<Key, Entry>();
  private keyBytes = 0;
  /** Logical clock: every insert or refresh ticks it; merged states take the max. */
  clock = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * What the index counts against its bound: its keys and the labels they use — as a merged or
   * reloaded state counts them, so that the state a session saves is the one it holds. Labels no
   * entry uses any more wait for `trim` to compact them, at most an eighth of the bound.
   */
  get bytes(): number {
    return this.keyBytes + this.table.usedBytes;
  }

  /** The label id of a value (or of a shingle in its string form), if indexed. */
  lookup(key: string): number | undefined {
    return this.entries.get(internal(key))?.label;
  }

  /** The label id of a shingle, by its hash, if indexed. */
  lookupShingle(hash: number): number | undefined {
    return this.entries.get(hash)?.label;
  }

  /** Index `key` with label `id` (from `table.intern`); a known key joins and moves to the back. */
  add(key: string, id: number, seq = ++this.clock): void {
    this.put(internal(key), id, seq);
  }

  /** Index a shingle by its hash, as `add` does a key. */
  addShingle(hash: number, id: number, seq = ++this.clock): void {
    this.put(hash, id, seq);
  }

  private put(key: Key, id: number, seq: number): void {
    const e = this.entries.get(key);
    if (e === undefined) {
      this.table.ref(id);
      this.entries.set(key, { label: id, seq });
      this.keyBytes += bytesOf(key);
      return;
    }
    const joined = this.table.join(e.label, id);
    if (joined !== e.label) {
      this.table.ref(joined);
      this.table.unref(e.label);
      e.label = joined;
    }
    if (seq >= e.seq) {
      e.seq = seq;
      this.entries.delete(key);
      this.entries.set(key, e);
    }
  }

  /** Evict oldest entries until the index fits its bound; returns how many went. */
  trim(): number {
    let evicted = 0;
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break; // only used labels count, so an empty index is within its bound
      const e = this.entries.get(oldest.value)!;
      this.entries.delete(oldest.value);
      this.table.unref(e.label);
      this.keyBytes -= bytesOf(oldest.value);
      evicted++;
    }
    // Dead labels do not count against the bound; they are dropped once they take an eighth of it.
    if (this.table.deadBytes > this.maxBytes / 8) this.compact();
    return evicted;
  }

  /**
   * Drops labels no entry refers to, so `trim` counts only live ones: a merge interns each side's
   * labels before it knows which survive its joins.
   */
  dropDeadLabels(): void {
    if (this.table.deadBytes > 0) this.compact();
  }

  private compact(): void {
    const remap = this.table.compact();
    for (const e of this.entries.values()) e.label = remap[e.label]!;
  }

  /** The index in serialised form, oldest first, with only the labels still referred to. */
  snapshot(): { labels: DataLabel[]; values: ValueEntry[] } {
    const labels: DataLabel[] = [];
    const seen = new Map<number, number>();
    const values: ValueEntry[] = [];
    for (const [key, e] of this.entries) {
      let at = seen.get(e.label);
      if (at === undefined) {
        at = labels.length;
        seen.set(e.label, at);
        labels.push(this.table.get(e.label));
      }
      values.push([typeof key === 'number' ? shingleKey(key) : key, at, e.seq]);
    }
    return { labels, values };
  }
}
