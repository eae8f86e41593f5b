import { decodeBase64Text } from './base64.js';
import type { SecretScan } from './found.js';
import { addSecret } from './found.js';
import { codeAt, isAlnum, isBase64Url, runEnd } from './text.js';

const MAX_HEADER = 2000;
const MAX_PAYLOAD = 16000;
const MAX_SIGNATURE = 2000;

/**
 * Called at each `J`: a JSON Web Token starts `eyJ` (base64url of `{"`), has three dotted parts,
 * and its header decodes to JSON naming an `alg`. A lone `eyJrIjoi…` is a legacy Grafana API key.
 */
export function scanJwt(text: string, at: number, scan: SecretScan): number {
  const start = at - 2;
  if (codeAt(text, at - 1) !== 121 || codeAt(text, start) !== 101 || isAlnum(codeAt(text, start - 1))) {
    return at + 1;
  }
  const headerEnd = runEnd(text, start, MAX_HEADER, isBase64Url);
  if (codeAt(text, headerEnd) !== 46 /* . */) return scanGrafanaKey(text, start, headerEnd, scan);
  const payloadEnd = runEnd(text, headerEnd + 1, MAX_PAYLOAD, isBase64Url);
  if (payloadEnd - headerEnd < 8 || codeAt(text, payloadEnd) !== 46) return payloadEnd;
  const end = runEnd(text, payloadEnd + 1, MAX_SIGNATURE, isBase64Url);
  const header = decodeBase64Text(text, start, headerEnd, 512);
  if (!header.startsWith('{') || !/"alg"\s*:/.test(header)) return end;
  if (!decodeBase64Text(text, headerEnd + 1, payloadEnd, 2).startsWith('{')) return end;
  const signed = end - payloadEnd > 16;
  addSecret(
    scan.found,
    'jwt',
    start,
    end,
    signed ? 0.85 : 0.6,
    signed ? 'JSON Web Token' : 'unsigned JSON Web Token',
  );
  return end;
}

function scanGrafanaKey(text: string, start: number, end: number, scan: SecretScan): number {
  if (end - start < 40 || !text.startsWith('eyJrIjoi', start)) return end;
  const json = decodeBase64Text(text, start, end, 256);
  if (/^\{"k":"[A-Za-z0-9]{16,}","n":"/.test(json)) {
    addSecret(scan.found, 'grafana-token', start, end, 0.9, 'Grafana API key');
  }
  return end;
}
