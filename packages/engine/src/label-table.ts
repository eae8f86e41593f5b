import type { DataLabel } from '@mcp-trust/core';
import { join } from '@mcp-trust/core';

/**
 * Interned labels for the value index. Thousands of indexed values share a handful of labels (one
 * per result at most), so entries hold a small id; joins of ids are cached, and so are the labels'
 * facts (see label-facts.ts, keyed by the label object). Labels no entry refers to any more are
 * dropped by `compact`, which renumbers.
 */

/** Approximate bytes of one interned label beyond its key: the object, its arrays, the map slot. */
export const LABEL_OVERHEAD = 160;

export function labelKey(l: DataLabel): string {
  return `${+l.openWorld}${+l.malicious}${+l.private}${l.sensitiveLevel}\u0000${l.sources.join('\u0001')}\u0000${l.sensitivity.join('\u0001')}\u0000${l.attribution.join('\u0001')}`;
}

export class LabelTable {
  private labels: DataLabel[] = [];
  private keys: string[] = [];
  private refs: number[] = [];
  private ids = new Map<string, number>();
  private joins = new Map<number, number>();
  private derived = new Map<number, number>();
  private liveBytes = 0;
  private allBytes = 0;
  /**
   * The label interned last and its id: most results of a tool carry the very same label object
   * (the contract's, worked out once), so its key need not be built again. Labels are never
   * changed once made (their fields are readonly), so the same object has the same key.
   */
  private lastLabel: DataLabel | undefined;
  private lastId = -1;

  get size(): number {
    return this.labels.length;
  }

  /** Bytes of every label held, referenced or not. */
  get bytes(): number {
    return this.allBytes;
  }

  /** Bytes of the labels some entry refers to. */
  get usedBytes(): number {
    return this.liveBytes;
  }

  /** Bytes of labels no entry refers to any more (reclaimed by `compact`). */
  get deadBytes(): number {
    return this.allBytes - this.liveBytes;
  }

  get(id: number): DataLabel {
    return this.labels[id]!;
  }

  intern(label: DataLabel): number {
    if (label === this.lastLabel) return this.lastId;
    const id = this.internByKey(label);
    this.lastLabel = label;
    this.lastId = id;
    return id;
  }

  private internByKey(label: DataLabel): number {
    const key = labelKey(label);
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const id = this.labels.length;
    this.labels.push(label);
    this.keys.push(key);
    this.refs.push(0);
    this.ids.set(key, id);
    this.allBytes += LABEL_OVERHEAD + key.length;
    return id;
  }

  join(a: number, b: number): number {
    if (a === b) return a;
    const k = a < b ? a * 0x4000000 + b : b * 0x4000000 + a;
    let id = this.joins.get(k);
    if (id === undefined) {
      id = this.intern(join(this.labels[a]!, this.labels[b]!));
      this.joins.set(k, id);
    }
    return id;
  }

  /**
   * The id of a label derived from label `id` (`make`'s answer, or `id` itself when undefined),
   * remembered per `(id, variant)` with `variant` < 16 until the next compaction.
   */
  derive(id: number, variant: number, make: () => DataLabel | undefined): number {
    const k = id * 16 + variant;
    let out = this.derived.get(k);
    if (out === undefined) {
      const l = make();
      out = l === undefined ? id : this.intern(l);
      this.derived.set(k, out);
    }
    return out;
  }

  ref(id: number): void {
    if (this.refs[id]!++ === 0) this.liveBytes += LABEL_OVERHEAD + this.keys[id]!.length;
  }

  unref(id: number): void {
    if (--this.refs[id]! === 0) this.liveBytes -= LABEL_OVERHEAD + this.keys[id]!.length;
  }

  /** Drop unreferenced labels; returns old id → new id (-1 for dropped). */
  compact(): Int32Array {
    const remap = new Int32Array(this.labels.length).fill(-1);
    const labels: DataLabel[] = [];
    const keys: string[] = [];
    const refs: number[] = [];
    this.ids.clear();
    this.joins.clear();
    this.derived.clear();
    this.lastLabel = undefined;
    for (let i = 0; i < this.labels.length; i++) {
      if (this.refs[i] === 0) continue;
      remap[i] = labels.length;
      this.ids.set(this.keys[i]!, labels.length);
      labels.push(this.labels[i]!);
      keys.push(this.keys[i]!);
      refs.push(this.refs[i]!);
    }
    this.labels = labels;
    this.keys = keys;
    this.refs = refs;
    this.allBytes = this.liveBytes;
    return remap;
  }
}
