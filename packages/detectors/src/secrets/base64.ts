/**
 * Base64 decoding for checks that look inside a candidate (a JWT header, a PKCS#12 blob, a Docker
 * `auth`). Both alphabets are accepted, padding is optional, and `skipSpace` lets line-wrapped
 * blobs through. Malformed input yields `undefined`, never an exception.
 */

const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  VALUE['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;
}
VALUE[45] = 62; // '-' (base64url)
VALUE[95] = 63; // '_' (base64url)

/** Decodes `text[start, end)` to bytes, reading at most `maxBytes` of output. */
export function decodeBase64(
  text: string,
  start: number,
  end: number,
  maxBytes = Number.POSITIVE_INFINITY,
  skipSpace = false,
): Uint8Array | undefined {
  const out = new Uint8Array(Math.min(maxBytes, Math.ceil(((end - start) * 3) / 4)));
  let n = 0;
  let acc = 0;
  let bits = 0;
  for (let i = start; i < end && n < out.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 61 /* = */) break;
    const v = c < 128 ? VALUE[c]! : -1;
    if (v < 0) {
      if (skipSpace && (c === 10 || c === 13 || c === 32 || c === 9)) continue;
      return undefined;
    }
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (acc >> bits) & 0xff;
      acc &= (1 << bits) - 1;
    }
  }
  return out.subarray(0, n);
}

/** The first `maxBytes` decoded bytes of `text[start, end)` as a Latin-1 string ('' if malformed). */
export function decodeBase64Text(text: string, start: number, end: number, maxBytes: number): string {
  const bytes = decodeBase64(text, start, end, maxBytes);
  if (bytes === undefined) return '';
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}
