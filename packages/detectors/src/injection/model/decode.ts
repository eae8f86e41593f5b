/**
 * The compact weight encoding of the learned classifier, both ways: the trainer encodes, the
 * detector decodes once on first use. A table of `2^hashBits` int8 weights is mostly zeros, so it
 * is stored sparse — for each non-zero weight, the gap to the previous index as a LEB128 varint
 * and then the weight as one signed byte — and the bytes in base64. Self-contained (no `atob`,
 * no `Buffer`): the detectors run anywhere.
 */

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_INDEX[B64.charCodeAt(i)] = i;

/** Encodes an int8 weight table (sparse, varint gaps, base64). */
export function encodeWeights(table: Int8Array): string {
  const bytes: number[] = [];
  let last = -1;
  for (let i = 0; i < table.length; i++) {
    if (table[i] === 0) continue;
    let gap = i - last - 1;
    last = i;
    while (gap >= 0x80) {
      bytes.push((gap & 0x7f) | 0x80);
      gap >>>= 7;
    }
    bytes.push(gap, table[i]! & 0xff);
  }
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    out += B64[a >> 2]! + B64[((a & 3) << 4) | (b >> 4)]!;
    out += i + 1 < bytes.length ? B64[((b & 15) << 2) | (c >> 6)]! : '=';
    out += i + 2 < bytes.length ? B64[c & 63]! : '=';
  }
  return out;
}

/** Decodes `encodeWeights` output into a table of `size` weights; throws on malformed input. */
export function decodeWeights(encoded: string, size: number): Int8Array {
  const bytes = new Uint8Array(Math.floor((encoded.length * 3) / 4));
  let n = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < encoded.length; i++) {
    const code = encoded.charCodeAt(i);
    if (code === 61) break; // '=' padding
    const v = code < 128 ? B64_INDEX[code]! : -1;
    if (v < 0) throw new Error(`weights: bad base64 at ${i}`);
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[n++] = (acc >> bits) & 0xff;
    }
  }
  const table = new Int8Array(size);
  let index = -1;
  let p = 0;
  while (p < n) {
    let gap = 0;
    let shift = 0;
    let b: number;
    do {
      b = bytes[p++]!;
      gap |= (b & 0x7f) << shift;
      shift += 7;
    } while (b & 0x80 && p < n);
    index += gap + 1;
    if (p >= n || index >= size) throw new Error('weights: truncated or out of range');
    table[index] = (bytes[p++]! << 24) >> 24;
  }
  return table;
}
