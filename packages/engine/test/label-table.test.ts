import { BOTTOM, makeLabel } from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';
import { LabelTable, labelKey } from '../src/label-table.js';

/**
 * The table answers the label it interned last without building its key again; that shortcut
 * must give the id the key would, also after a compaction has renumbered every id.
 */
const WEB = makeLabel({ openWorld: true, sources: ['untrustedPublic'] });
const HR = makeLabel({ private: true, sensitivity: ['pii'] });

describe('LabelTable.intern', () => {
  it('gives one id per distinct label, whether or not it is the same object', () => {
    const t = new LabelTable();
    const a = t.intern(WEB);
    expect(t.intern(WEB)).toBe(a);
    expect(t.intern({ ...WEB })).toBe(a);
    const b = t.intern(HR);
    expect(b).not.toBe(a);
    expect(t.intern(WEB)).toBe(a);
    expect(t.size).toBe(2);
    expect(labelKey(t.get(a))).toBe(labelKey(WEB));
  });

  it('answers the last label with its new id after a compaction', () => {
    const t = new LabelTable();
    const dropped = t.intern(BOTTOM);
    const kept = t.intern(HR);
    t.ref(kept);
    expect(kept).not.toBe(dropped);
    const remap = t.compact();
    expect(remap[dropped]).toBe(-1);
    const now = t.intern(HR);
    expect(now).toBe(remap[kept]);
    expect(t.get(now)).toBe(HR);
  });

  it('does not answer a label dropped by a compaction with its old id', () => {
    const t = new LabelTable();
    t.intern(HR);
    const last = t.intern(WEB);
    expect(last).toBe(1);
    t.compact(); // nothing is referenced: both go
    expect(t.size).toBe(0);
    const again = t.intern(WEB);
    expect(again).toBe(0);
    expect(t.get(again)).toBe(WEB);
  });
});
