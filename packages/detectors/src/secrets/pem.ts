import { decodeBase64Text } from './base64.js';
import type { SecretScan } from './found.js';
import { addSecret } from './found.js';
import { distinct, isBase64, isDigit, runEnd } from './text.js';

const BEGIN = '-----BEGIN ';
const LABEL = /[A-Z0-9 ]{3,48}-----/y;
/** An armor header line (`Proc-Type: 4,ENCRYPTED`, `DEK-Info: …`, `Version: …`). */
const HEADER = /[A-Za-z][A-Za-z0-9-]{1,30}: [^\r\n\\]{0,200}/y;
/** Base64 shorter than this is a placeholder (`xxx`, `...`, a dummy line), not a key. */
const MIN_BODY = 64;
const MAX_BODY = 65536;

const isUpperOrDigit = (c: number): boolean => (c >= 65 && c <= 90) || isDigit(c) || c === 32;
/** Characters between base64 lines: whitespace and the `\n` escapes of a key pasted into JSON. */
const isBreak = (c: number): boolean => c === 10 || c === 13 || c === 32 || c === 9 || c === 92;

/** A PEM (or PGP armored) private key block, raw or inside a JSON/YAML string. */
export function scanPem(text: string, at: number, scan: SecretScan): number {
  LABEL.lastIndex = at + BEGIN.length;
  if (!LABEL.test(text)) return at + 5;
  const labelEnd = LABEL.lastIndex - 5;
  const label = text.slice(at + BEGIN.length, labelEnd);
  if (!label.includes('PRIVATE KEY')) return labelEnd;
  let pos = labelEnd + 5;
  let encrypted = label.includes('ENCRYPTED');
  for (let h = 0; h < 4; h++) {
    const line = skipBreaks(text, pos);
    HEADER.lastIndex = line;
    if (!HEADER.test(text)) break;
    encrypted ||= text.startsWith('Proc-Type', line) || text.startsWith('DEK-Info', line);
    pos = HEADER.lastIndex;
  }
  const bodyStart = skipBreaks(text, pos);
  let base64 = 0;
  let i = bodyStart;
  const limit = Math.min(text.length, bodyStart + MAX_BODY);
  for (; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (isBase64(c) || c === 61) base64++;
    else if (!isBreak(c)) break;
  }
  if (base64 < MIN_BODY || distinct(text, bodyStart, Math.min(i, bodyStart + 256)) < 16) return i;
  let end = i;
  if (text.startsWith('-----END', i)) {
    const close = runEnd(text, i + 8, 48, isUpperOrDigit);
    end = runEnd(text, close, 5, (c) => c === 45);
  } else if (base64 < 4 * MIN_BODY) {
    return i;
  }
  if (isServiceAccountKey(text, at)) {
    addSecret(scan.found, 'gcp-service-account-key', at, end, 0.99, 'GCP service account private key');
  } else if (encrypted) {
    addSecret(scan.found, 'private-key', at, end, 0.7, `encrypted private key block (${label})`);
  } else {
    addSecret(scan.found, 'private-key', at, end, 0.99, `private key block (${label})`);
  }
  return end;
}

function skipBreaks(text: string, from: number): number {
  let i = from;
  while (i < text.length && i < from + 16) {
    const c = text.charCodeAt(i);
    if (c === 92 && (text.charCodeAt(i + 1) === 110 || text.charCodeAt(i + 1) === 114)) i += 2;
    else if (isBreak(c)) i++;
    else break;
  }
  return i;
}

/** The key is the `private_key` of a Google service account JSON key file. */
function isServiceAccountKey(text: string, at: number): boolean {
  if (!text.slice(Math.max(0, at - 24), at).includes('private_key')) return false;
  return text.slice(Math.max(0, at - 4000), at + 8000).includes('"service_account"');
}

const BASE64_BEGIN = 'LS0tLS1CRUdJTi'; // base64 of "-----BEGIN "
const MIN_BASE64_KEY = 200;

/**
 * Called at the `J` of `LS0tLS1CRUdJTi`: a whole PEM block base64-encoded again, as kubeconfig
 * `client-key-data`, Kubernetes secrets and Helm values carry keys.
 */
export function scanBase64Pem(text: string, at: number, scan: SecretScan): number {
  const start = at - 11;
  if (!text.startsWith(BASE64_BEGIN, start) || isBase64(text.charCodeAt(start - 1))) return at + 1;
  let end = start;
  const limit = Math.min(text.length, start + MAX_BODY);
  while (end < limit && isBase64(text.charCodeAt(end))) end++;
  while (text.charCodeAt(end) === 61) end++;
  const label = /^-----BEGIN ([A-Z0-9 ]{3,48})-----/.exec(decodeBase64Text(text, start, start + 96, 72))?.[1];
  if (label === undefined || !label.includes('PRIVATE KEY') || end - start < MIN_BASE64_KEY) return end;
  addSecret(scan.found, 'private-key', start, end, 0.95, `base64-encoded private key block (${label})`);
  return end;
}
