import type { DataLabel } from '@mcp-trust/core';
import { cutFieldLines, fieldLabel } from './field-values.js';
import { normaliseValue } from './normalise.js';
import type { FieldProvenance } from './overlay.js';
import { walkResultText } from './result-text.js';
import type { ToolResult } from './types.js';
import { identifierLabel } from './value-class.js';
import type { ValueKind } from './value-extract.js';
import type { ValueIndex } from './value-index.js';
import { ENTRY_OVERHEAD } from './value-index.js';
import { resultLeafKeys } from './value-keys.js';

/** Small numbers for the kinds with a label of their own (value-class.ts), for the derived-label cache. */
const KIND_SLOT: Record<ValueKind, number> = {
  email: 1,
  url: 2,
  host: 3,
  path: 4,
  token: 5,
  iban: 6,
  number: 7,
  id: 8,
  quoted: 9,
};

/**
 * Puts a result's values in a session's value index under the result's label (an identifier
 * under its own class, value-class.ts). One per session, reused from result to result, so that
 * indexing a result allocates no callbacks.
 */
export class ResultIndexer {
  private label: DataLabel | undefined;
  private id = 0;
  private fields: Readonly<Record<string, FieldProvenance>> | undefined;
  private readonly fieldIds = new Map<string, number>();
  private shingleBudget = 0;
  private readonly seen = new Set<string>();
  private readonly seenShingles = new Set<number>();

  constructor(
    private readonly index: ValueIndex,
    /** Most shingles one result may index: a quarter of the index. */
    private readonly maxShingles: number,
  ) {}

  static maxShinglesFor(valueIndexBytes: number): number {
    return Math.floor(valueIndexBytes / 4 / (ENTRY_OVERHEAD + 10));
  }

  /**
   * Index `result`'s values under `label` (`id`: its id in the index's table, -1 for bottom,
   * which is not indexed); false when bounds cut the walk short.
   */
  add(
    result: ToolResult,
    label: DataLabel,
    id: number,
    fields?: Readonly<Record<string, FieldProvenance>>,
  ): boolean {
    if (id < 0) return true;
    this.label = label;
    this.id = id;
    this.fields = fields;
    this.fieldIds.clear();
    this.seen.clear();
    this.seenShingles.clear();
    this.shingleBudget = this.maxShingles;
    try {
      return walkResultText(result, this.leaf);
    } finally {
      this.seen.clear();
      this.seenShingles.clear();
      this.label = undefined;
      this.fields = undefined;
    }
  }

  private readonly leaf = (text: string, field: string): void => {
    const fields = this.fields;
    if (fields === undefined) {
      resultLeafKeys(text, field, this.key, this.shingles, this.shingleBudget);
      return;
    }
    if (Object.hasOwn(fields, field)) {
      // A structured leaf (structuredContent, JSON text) of a declared field: all of it is the field's.
      const v = normaliseValue(text);
      if (v.length > 0) this.index.add(v, this.fieldId(field));
      return;
    }
    const cut = cutFieldLines(text, fields);
    resultLeafKeys(cut.text, field, this.key, this.shingles, this.shingleBudget);
    for (const { field: name, value } of cut.values) this.index.add(value, this.fieldId(name));
  };

  private fieldId(field: string): number {
    let fid = this.fieldIds.get(field);
    if (fid === undefined) {
      fid = this.index.table.intern(fieldLabel(this.label!, this.fields![field]!));
      this.fieldIds.set(field, fid);
    }
    return fid;
  }

  private readonly key = (key: string, kind?: ValueKind): void => {
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.index.add(key, kind === undefined ? this.id : this.idOf(kind));
  };

  private readonly shingles = (hashes: number[]): void => {
    for (const h of hashes) {
      if (this.seenShingles.has(h)) continue;
      this.seenShingles.add(h);
      this.index.addShingle(h, this.id);
    }
    this.shingleBudget -= hashes.length;
  };

  private idOf(kind: ValueKind): number {
    const label = this.label!;
    return this.index.table.derive(this.id, KIND_SLOT[kind], () => identifierLabel(label, kind));
  }
}
