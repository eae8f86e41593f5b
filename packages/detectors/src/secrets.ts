import * as assignments from './secrets/assignments.js';
import * as cloudIds from './secrets/cloud-ids.js';
import type { Scanner, SecretScan } from './secrets/found.js';
import { keepBest } from './secrets/found.js';
import * as jwt from './secrets/jwt.js';
import * as pem from './secrets/pem.js';
import * as chars from './secrets/text.js';
import * as tokens from './secrets/tokens.js';
import type { Finding } from './types.js';

// What the anchor loops call, bound to local names: V8 calls a module's own `const` more cheaply
// than an import, which it reads through the import's cell at each call. With the same binding in
// the scanners' modules, -6% of detectSecrets on the third-party corpus.
const { scanColon, scanEquals } = assignments;
const { scanCapitalA } = cloudIds;
const { scanJwt } = jwt;
const { scanBase64Pem } = pem;
const { codeAt } = chars;
const { scanDash, scanSendGrid, scanUnderscore } = tokens;

/** `eyJ` starts a JWT (base64 of `{"`); `LS0tLS1CRUdJTi` is base64 of `-----BEGIN `. */
const scanCapitalJ: Scanner = (text, at, scan) =>
  codeAt(text, at - 1) === 100 /* d */ ? scanBase64Pem(text, at, scan) : scanJwt(text, at, scan);

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
  // One loop per anchor, each calling its scanner at `at` and resuming where it says. Written out
  // rather than shared: a shared loop's call site sees seven scanners (megamorphic, a full call per
  // anchor), while each of these sees one, which V8 can inline (-5% of detectSecrets on the corpus).
  for (let at = text.indexOf('_'), next = 0; at !== -1; at = text.indexOf('_', next > at ? next : at + 1))
    next = scanUnderscore(text, at, scan);
  for (let at = text.indexOf('-'), next = 0; at !== -1; at = text.indexOf('-', next > at ? next : at + 1))
    next = scanDash(text, at, scan);
  for (let at = text.indexOf('='), next = 0; at !== -1; at = text.indexOf('=', next > at ? next : at + 1))
    next = scanEquals(text, at, scan);
  for (let at = text.indexOf(':'), next = 0; at !== -1; at = text.indexOf(':', next > at ? next : at + 1))
    next = scanColon(text, at, scan);
  for (let at = text.indexOf('A'), next = 0; at !== -1; at = text.indexOf('A', next > at ? next : at + 1))
    next = scanCapitalA(text, at, scan);
  for (let at = text.indexOf('J'), next = 0; at !== -1; at = text.indexOf('J', next > at ? next : at + 1))
    next = scanCapitalJ(text, at, scan);
  for (let at = text.indexOf('G.'), next = 0; at !== -1; at = text.indexOf('G.', next > at ? next : at + 1))
    next = scanSendGrid(text, at, scan);
  keepBest(scan.found, out);
}
