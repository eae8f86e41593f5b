import type { SecretScan } from './found.js';
import { addSecret } from './found.js';
import { scanPkcs12 } from './pkcs12.js';
import * as chars from './text.js';

// Local names for what each anchor reads: cheaper for V8 to call than imports (see `secrets.ts`).
const { codeAt, isAlnum } = chars;

/** Access key ids of long-term (`AKIA`) and temporary (`ASIA`) keys; user/role ids are not keys. */
const AWS_KEY_ID = /(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Za-z0-9])/y;
const GOOGLE_API_KEY = /AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/y;

/** Called at each `A`: AWS access key ids, Google API keys, and base64 PKCS#12 key stores. */
export function scanCapitalA(text: string, at: number, scan: SecretScan): number {
  const next = codeAt(text, at + 1);
  if (next === 122 /* z */) return scanPkcs12(text, at, scan);
  if (isAlnum(codeAt(text, at - 1))) return at + 1;
  if (next === 73 /* I */) {
    GOOGLE_API_KEY.lastIndex = at;
    if (!GOOGLE_API_KEY.test(text)) return at + 1;
    addSecret(scan.found, 'gcp-api-key', at, GOOGLE_API_KEY.lastIndex, 0.9, 'Google API key');
    return GOOGLE_API_KEY.lastIndex;
  }
  if (next !== 75 && next !== 83 && next !== 66 && next !== 67 && next !== 51) return at + 1;
  AWS_KEY_ID.lastIndex = at;
  if (!AWS_KEY_ID.test(text)) return at + 1;
  const end = AWS_KEY_ID.lastIndex;
  // AWS documents its examples with ids ending in EXAMPLE.
  if (text.slice(at, end).includes('EXAMPLE')) return end;
  const what = next === 83 ? 'AWS temporary access key ID' : 'AWS access key ID';
  addSecret(scan.found, 'aws-access-key-id', at, end, 0.9, what);
  return end;
}
