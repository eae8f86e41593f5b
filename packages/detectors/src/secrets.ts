import { scanAssignment } from './secrets/assignments.js';
import { scanCapitalA } from './secrets/cloud-ids.js';
import type { Scanner, SecretScan } from './secrets/found.js';
import { keepBest } from './secrets/found.js';
import { scanJwt } from './secrets/jwt.js';
import { scanBase64Pem } from './secrets/pem.js';
import { scanDash, scanSendGrid, scanUnderscore } from './secrets/tokens.js';
import type { Finding } from './types.js';

/** `eyJ` starts a JWT (base64 of `{"`); `LS0tLS1CRUdJTi` is base64 of `-----BEGIN `. */
const scanCapitalJ: Scanner = (text, at, scan) =>
  text.charCodeAt(at - 1) === 100 /* d */ ? scanBase64Pem(text, at, scan) : scanJwt(text, at, scan);

/** Calls `scanner` at each `anchor` in `text`, resuming where it says. */
function sweep(text: string, anchor: string, scanner: Scanner, scan: SecretScan): void {
  let at = text.indexOf(anchor);
  while (at !== -1) {
    const next = scanner(text, at, scan);
    at = text.indexOf(anchor, next > at ? next : at + 1);
  }
}

/** Hash iterations one call may spend checking PKCS#12 passwords (a few real key stores' worth). */
const HASH_BUDGET = 50_000;

/**
 * Finds credentials in `text`: vendor tokens (cloud, VCS, chat, payment, AI providers, SaaS),
 * private keys, JWTs, passwords in URLs and connection strings, and high-entropy values assigned to
 * secret-named keys. Each finding spans the secret value; its message names the kind, never the value.
 *
 * Each rule family hangs off an anchor that every secret of the family contains at a known place.
 * `indexOf` finds anchors at memchr speed and the rules run only around them, so ordinary text
 * costs a handful of native scans. Anchors are chosen rare: `.` is too common to be one, so the
 * dotted tokens without a separator-ended prefix (Vault, Discord) are recognised where values start.
 * Every scanner skips what it consumed, and no regex can backtrack beyond a bounded window, so the
 * cost stays linear on hostile input.
 */
export function detectSecrets(text: string, out: Finding[]): void {
  if (typeof text !== 'string' || text.length < 8) return;
  const scan: SecretScan = { found: [], hashBudget: HASH_BUDGET };
  sweep(text, '_', scanUnderscore, scan);
  sweep(text, '-', scanDash, scan);
  sweep(text, '=', scanAssignment, scan);
  sweep(text, ':', scanAssignment, scan);
  sweep(text, 'A', scanCapitalA, scan);
  sweep(text, 'J', scanCapitalJ, scan);
  sweep(text, 'G.', scanSendGrid, scan);
  keepBest(scan.found, out);
}
