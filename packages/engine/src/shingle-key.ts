/**
 * The string form of a shingle's 48-bit hash, used only where the index meets the outside (a
 * session's state, merging states). Inside the engine a shingle is its hash, a number, so looking
 * one up builds no string; the two forms map one to one, so a state reads back to the same index.
 */

/** Keys of shingles start with a control char, which normalised values never contain. */
export const SHINGLE_PREFIX = '\u0001';
/** The prefix and four digits: what the byte accounting charges for a shingle's key. */
export const SHINGLE_KEY_LENGTH = 5;

const DIGIT_BASE = 0x4e00;
const DIGIT_MAX = DIGIT_BASE + 0xfff;

/**
 * 48 bits as four 12-bit digits drawn from the CJK block (U+4E00…U+5DFF): one short string per
 * shingle, built without number formatting, and valid UTF-16 that any store keeps intact.
 */
export function shingleKey(hash: number): string {
  // Split as integers (hash = a·2^16 + low, a < 2^32): exact, and no floating-point modulo.
  const a = Math.floor(hash / 0x10000);
  const low = hash - a * 0x10000;
  const hi = a >>> 8;
  const lo = ((a & 0xff) << 16) | low;
  return String.fromCharCode(
    1,
    DIGIT_BASE + (hi >>> 12),
    DIGIT_BASE + (hi & 0xfff),
    DIGIT_BASE + (lo >>> 12),
    DIGIT_BASE + (lo & 0xfff),
  );
}

/**
 * The hash a key in `shingleKey`'s form stands for, or undefined for any other string (a value
 * key, or a malformed key from a stored state, which then stays a string and is kept as is).
 */
export function shingleHash(key: string): number | undefined {
  if (key.length !== SHINGLE_KEY_LENGTH || key.charCodeAt(0) !== 1) return undefined;
  let hash = 0;
  for (let i = 1; i < SHINGLE_KEY_LENGTH; i++) {
    const c = key.charCodeAt(i);
    if (c < DIGIT_BASE || c > DIGIT_MAX) return undefined;
    hash = hash * 0x1000 + (c - DIGIT_BASE);
  }
  return hash;
}
