import { BOTTOM } from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';
import { shingleKey } from '../src/shingle-key.js';
import { ENTRY_OVERHEAD, entryBytes, ValueIndex } from '../src/value-index.js';

/**
 * The index holds shingles by hash and values by string in one Map. Whichever form a key comes in
 * (a hash from an argument, a string from a state), it must be the same entry, cost the bytes of
 * its string form, and keep its place in the one oldest-first order.
 */
const LABEL = { ...BOTTOM, openWorld: true, sources: ['untrustedPublic' as const] };
const H1 = 0x123456789abc;
const H2 = 0xfedcba987654;

function fresh(maxBytes = 65_536) {
  const index = new ValueIndex(maxBytes);
  return { index, id: index.table.intern(LABEL) };
}

describe('value index keys', () => {
  it('a shingle added by hash is found by hash and by its string form, and written as the string', () => {
    const { index, id } = fresh();
    index.addShingle(H1, id);
    expect(index.lookupShingle(H1)).toBe(id);
    expect(index.lookup(shingleKey(H1))).toBe(id);
    expect(index.lookupShingle(H2)).toBeUndefined();
    expect(index.snapshot().values).toEqual([[shingleKey(H1), 0, 1]]);
  });

  it('a shingle added in its string form (a state) is the entry its hash finds', () => {
    const { index, id } = fresh();
    index.add(shingleKey(H1), id, 7);
    index.clock = 7; // as restoring a state does
    expect(index.lookupShingle(H1)).toBe(id);
    index.addShingle(H1, id);
    expect(index.size).toBe(1);
    expect(index.snapshot().values).toEqual([[shingleKey(H1), 0, 8]]);
  });

  it('charges a shingle the bytes of its string form', () => {
    const a = fresh();
    const b = fresh();
    a.index.addShingle(H1, a.id);
    b.index.add(shingleKey(H1), b.id);
    expect(a.index.bytes).toBe(b.index.bytes);
    expect(a.index.bytes - a.index.table.bytes).toBe(entryBytes(shingleKey(H1)));
    expect(entryBytes(shingleKey(H1))).toBe(ENTRY_OVERHEAD + 5);
  });

  it('keeps a malformed control-char key from a state as a string, unchanged', () => {
    const { index, id } = fresh();
    for (const key of ['\u0001a/b.txt', '\u0001\u4e00', '\u0001\u4dff\u4e00\u4e00\u4e00']) {
      index.add(key, id);
      expect(index.lookup(key)).toBe(id);
    }
    expect(index.snapshot().values.map(([k]) => k)).toEqual([
      '\u0001a/b.txt',
      '\u0001\u4e00',
      '\u0001\u4dff\u4e00\u4e00\u4e00',
    ]);
  });

  it('evicts and writes values and shingles in one oldest-first order', () => {
    const { index, id } = fresh(4096);
    index.add('first@x.example', id);
    index.addShingle(H1, id);
    index.add('second@x.example', id);
    index.addShingle(H2, id);
    index.add('first@x.example', id); // seen again: to the back
    expect(index.snapshot().values.map(([k]) => k)).toEqual([
      shingleKey(H1),
      'second@x.example',
      shingleKey(H2),
      'first@x.example',
    ]);
    const small = new ValueIndex(
      index.table.bytes + entryBytes('first@x.example') + entryBytes(shingleKey(H2)),
    );
    for (const [key, , seq] of index.snapshot().values) small.add(key, small.table.intern(LABEL), seq);
    expect(small.trim()).toBe(2);
    expect(small.snapshot().values.map(([k]) => k)).toEqual([shingleKey(H2), 'first@x.example']);
  });
});
