import { createHash, createHmac } from 'node:crypto';
import { decodeBase64 } from './base64.js';
import type { SecretScan } from './found.js';
import { addSecret } from './found.js';
import { isBase64 } from './text.js';

/**
 * A PKCS#12 key store (`.p12`/`.pfx`) carried as base64, the way MCP returns binary content, whose
 * MAC verifies with a password that protects nothing: Google's documented default for service
 * account keys, or none. A store with a real password is not a leak by itself and is not reported.
 *
 * Called at the `A` of `AzCC`: base64 of `02 01 03 30 82` (version 3, then the auth-safe SEQUENCE)
 * sits at offset 8 of every PKCS#12 between 256 bytes and 64 KiB.
 */
export function scanPkcs12(text: string, at: number, scan: SecretScan): number {
  const start = at - 8;
  if (!text.startsWith('zCC', at + 1) || !text.startsWith('IB', at - 2) || !text.startsWith('MII', start)) {
    return at + 1;
  }
  if (isBase64(text.charCodeAt(start - 1))) return at + 1;
  let end = at;
  const limit = Math.min(text.length, start + MAX_BLOB);
  while (end < limit) {
    const c = text.charCodeAt(end);
    if (!isBase64(c) && c !== 61 && c !== 10 && c !== 13) break;
    end++;
  }
  while (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13) end--;
  const der = decodeBase64(text, start, end, Number.POSITIVE_INFINITY, true);
  const pfx = der === undefined ? undefined : parsePfx(der);
  if (pfx === undefined || pfx.iterations > MAX_ITERATIONS) return end;
  for (const [password, what] of WELL_KNOWN) {
    scan.hashBudget -= pfx.iterations;
    if (scan.hashBudget < 0) return end;
    if (macVerifies(pfx, password)) {
      addSecret(scan.found, 'pkcs12-key-store', start, end, 0.95, what);
      break;
    }
  }
  return end;
}

const MAX_BLOB = 1 << 18;
/** openssl uses 2048 and Java 10000; a crafted store with more is refused, not computed. */
const MAX_ITERATIONS = 10_000;
const WELL_KNOWN: readonly [string, string][] = [
  ['notasecret', "GCP service account key (PKCS #12 with Google's default password)"],
  ['', 'PKCS #12 key store without a password'],
];

/** Hash OIDs (content octets, hex) → node name and block size in bytes. */
const HASHES = new Map<string, [string, number]>([
  ['2b0e03021a', ['sha1', 64]],
  ['608648016503040204', ['sha224', 64]],
  ['608648016503040201', ['sha256', 64]],
  ['608648016503040202', ['sha384', 128]],
  ['608648016503040203', ['sha512', 128]],
]);
const PKCS7_DATA = '2a864886f70d010701';

interface Pfx {
  readonly authSafe: Uint8Array;
  readonly hash: string;
  readonly block: number;
  readonly digest: Uint8Array;
  readonly salt: Uint8Array;
  readonly iterations: number;
}

interface Tlv {
  readonly tag: number;
  readonly start: number;
  readonly end: number;
}

/** One DER element at `pos`, within `limit`; definite lengths only. */
function tlv(b: Uint8Array, pos: number, limit: number, tag: number): Tlv | undefined {
  if (pos + 2 > limit || b[pos] !== tag) return undefined;
  let len = b[pos + 1]!;
  let p = pos + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 3 || p + n > limit) return undefined;
    len = 0;
    for (let k = 0; k < n; k++) len = len * 256 + b[p++]!;
  }
  return p + len > limit ? undefined : { tag, start: p, end: p + len };
}

const hex = (b: Uint8Array, t: Tlv): string => Buffer.from(b.subarray(t.start, t.end)).toString('hex');

/** PFX ::= SEQUENCE { version 3, authSafe ContentInfo(data), macData MacData }. */
function parsePfx(b: Uint8Array): Pfx | undefined {
  const pfx = tlv(b, 0, b.length, 0x30);
  if (pfx === undefined) return undefined;
  const version = tlv(b, pfx.start, pfx.end, 0x02);
  if (version === undefined || version.end - version.start !== 1 || b[version.start] !== 3) return undefined;
  const info = tlv(b, version.end, pfx.end, 0x30);
  const type = info && tlv(b, info.start, info.end, 0x06);
  if (info === undefined || type === undefined || hex(b, type) !== PKCS7_DATA) return undefined;
  const explicit = tlv(b, type.end, info.end, 0xa0);
  const content = explicit && tlv(b, explicit.start, explicit.end, 0x04);
  const mac = tlv(b, info.end, pfx.end, 0x30);
  const digestInfo = mac && tlv(b, mac.start, mac.end, 0x30);
  const algorithm = digestInfo && tlv(b, digestInfo.start, digestInfo.end, 0x30);
  const oid = algorithm && tlv(b, algorithm.start, algorithm.end, 0x06);
  const digest = algorithm && digestInfo && tlv(b, algorithm.end, digestInfo.end, 0x04);
  const salt = digestInfo && mac && tlv(b, digestInfo.end, mac.end, 0x04);
  if (!content || !mac || !oid || !digest || !salt) return undefined;
  const hash = HASHES.get(hex(b, oid));
  if (hash === undefined) return undefined;
  const count = tlv(b, salt.end, mac.end, 0x02);
  let iterations = 1;
  if (count !== undefined) {
    if (count.end - count.start > 4) return undefined;
    iterations = 0;
    for (let p = count.start; p < count.end; p++) iterations = iterations * 256 + b[p]!;
  }
  return {
    authSafe: b.subarray(content.start, content.end),
    hash: hash[0],
    block: hash[1],
    digest: b.subarray(digest.start, digest.end),
    salt: b.subarray(salt.start, salt.end),
    iterations,
  };
}

/** RFC 7292 appendix B: the MAC key from the password, then HMAC over the auth safe. */
function macVerifies(pfx: Pfx, password: string): boolean {
  try {
    const v = pfx.block;
    const bmp = Buffer.alloc(password.length * 2 + 2);
    for (let i = 0; i < password.length; i++) bmp.writeUInt16BE(password.charCodeAt(i), i * 2);
    const fill = (src: Uint8Array): Buffer => {
      const out = Buffer.alloc(src.length === 0 ? 0 : v * Math.ceil(src.length / v));
      for (let i = 0; i < out.length; i++) out[i] = src[i % src.length]!;
      return out;
    };
    let key = createHash(pfx.hash)
      .update(Buffer.alloc(v, 3))
      .update(fill(pfx.salt))
      .update(fill(bmp))
      .digest();
    for (let i = 1; i < pfx.iterations; i++) key = createHash(pfx.hash).update(key).digest();
    const mac = createHmac(pfx.hash, key).update(pfx.authSafe).digest();
    return mac.length === pfx.digest.length && mac.equals(pfx.digest);
  } catch {
    return false;
  }
}
