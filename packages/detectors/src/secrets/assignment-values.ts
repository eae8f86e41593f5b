import type { KeyKind } from './assignment-keys.js';
import { decodeBase64Text } from './base64.js';
import type { SecretScan } from './found.js';
import { addSecret, FILLED_NOTE, FILLED_SCORE } from './found.js';
import { entropy, isBase64, isPlaceholder, isSpace, isStandIn, looksFilled, variety } from './text.js';
import { matchValueShape } from './value-shapes.js';

const BARE_END = new Uint8Array(128);
for (const c of '"\'`,;&<>)}]\\') BARE_END[c.charCodeAt(0)] = 1;

/** What ends an unquoted value: whitespace, quotes, and the separators of env, INI, query and JSON text. */
export const endsBareValue = (c: number): boolean => c <= 32 || (c < 128 && BARE_END[c] === 1);

/** Decides whether the value `text[start, end)` of `key` is a secret, and adds the finding. */
export function judgeValue(
  text: string,
  key: string,
  kind: KeyKind,
  start: number,
  end: number,
  bare: boolean,
  scan: SecretScan,
): void {
  const value = text.slice(start, end);
  const named = `"${key.slice(0, 40)}"`;
  switch (kind) {
    case 'aws-secret': {
      if (value.length !== 40 || !allBase64(text, start, end) || isStandIn(value)) return;
      addToken(scan, 'aws-secret-access-key', start, end, 0.95, 'AWS secret access key', text);
      return;
    }
    case 'npm-auth': {
      if (value.length < 8 || isStandIn(value)) return;
      addToken(scan, 'npm-registry-auth', start, end, 0.85, 'npm registry credential (.npmrc)', text);
      return;
    }
    case 'azure': {
      if (value.length < 40 || !allBase64(text, start, end) || isStandIn(value)) return;
      addToken(scan, 'azure-storage-key', start, end, 0.9, `Azure ${key} in a connection string`, text);
      return;
    }
    case 'authorization':
      judgeAuthorization(text, start, end, scan);
      return;
  }
  if (key === 'auth' && isDockerAuth(text, start, end)) {
    addSecret(
      scan.found,
      'docker-config-auth',
      start,
      end,
      0.9,
      'Docker registry credentials (config.json auth)',
    );
    return;
  }
  // The measures first: most values are too short or too plain, and are turned away here before
  // the placeholder and code expressions run (all of these tests only reject, so their order is free).
  // The placeholder test goes last: its expressions and leet rewrite cost the most, and the values
  // that come this far are mostly URLs and code (`https://…`, `ProgressTokenSchema$1.optional`).
  const password = kind === 'password';
  if (password ? value.length < 8 || value.length > 128 : value.length < 12 || value.length > 512) return;
  const mix = variety(text, start, end);
  if (mix < 2) return;
  const bits = entropy(text, start, end);
  if (bits < (password ? 2.5 : 3)) return;
  if (
    value.includes('://') ||
    value.startsWith('-----') ||
    looksLikeCode(value, bare) ||
    isEncodedText(text, start, end) ||
    isPlaceholder(value.replace(/=+$/, ''))
  ) {
    return;
  }
  if (password) {
    const score = bits >= 3.5 && value.length >= 12 ? 0.75 : 0.6;
    addSecret(scan.found, 'generic-password', start, end, score, `password assigned to ${named}`);
    return;
  }
  const score = bits >= 4 && value.length >= 20 ? 0.75 : 0.6;
  addSecret(scan.found, 'generic-secret', start, end, score, `high-entropy value assigned to ${named}`);
}

/** `Basic base64(user:password)` or `Bearer|Token|Bot <token>`. */
function judgeAuthorization(text: string, start: number, end: number, scan: SecretScan): void {
  let gap = start;
  while (gap < end && !isSpace(text.charCodeAt(gap))) gap++;
  const scheme = text.slice(start, gap).toLowerCase();
  let credential = gap;
  while (credential < end && isSpace(text.charCodeAt(credential))) credential++;
  let credentialEnd = credential;
  while (credentialEnd < end && !endsBareValue(text.charCodeAt(credentialEnd))) credentialEnd++;
  if (credentialEnd - credential < 8 || isPlaceholder(text.slice(credential, credentialEnd))) return;
  if (scheme === 'basic') {
    if (isUserPassword(decodeBase64Text(text, credential, credentialEnd, 512))) {
      addSecret(
        scan.found,
        'http-basic-auth',
        credential,
        credentialEnd,
        0.85,
        'HTTP basic auth credentials',
      );
    }
  } else if (scheme === 'bearer' || scheme === 'token' || scheme === 'bot') {
    if (matchValueShape(text, credential, scan) > 0) return;
    if (credentialEnd - credential >= 16 && entropy(text, credential, credentialEnd) >= 3) {
      addSecret(
        scan.found,
        'bearer-token',
        credential,
        credentialEnd,
        0.8,
        'bearer token in an Authorization header',
      );
    }
  }
}

/** Adds a token found by its key, with less confidence when its body is placeholder-like. */
function addToken(
  scan: SecretScan,
  name: string,
  start: number,
  end: number,
  score: number,
  what: string,
  text: string,
): void {
  if (looksFilled(text, start, end))
    addSecret(scan.found, name, start, end, FILLED_SCORE, what + FILLED_NOTE);
  else addSecret(scan.found, name, start, end, score, what);
}

function allBase64(text: string, start: number, end: number): boolean {
  let i = start;
  while (i < end && isBase64(text.charCodeAt(i))) i++;
  while (i < end && text.charCodeAt(i) === 61) i++;
  return i === end;
}

/** Docker's `config.json` stores `auth: base64("user:password")`. */
function isDockerAuth(text: string, start: number, end: number): boolean {
  return (
    end - start >= 8 && allBase64(text, start, end) && isUserPassword(decodeBase64Text(text, start, end, 512))
  );
}

/** Base64 of plain prose (`ZHVtbXkgdGV4dA==`): encoded text, not a key. */
export function isEncodedText(text: string, start: number, end: number): boolean {
  if (end - start < 16 || !allBase64(text, start, end)) return false;
  const decoded = decodeBase64Text(text, start, end, 96);
  return /^[A-Za-z][\x20-\x7e]*$/.test(decoded) && / [A-Za-z]{2,}/.test(decoded);
}

const isUserPassword = (s: string): boolean => /^[\x21-\x39\x3b-\x7e]{1,128}:[\x20-\x7e]{3,}$/.test(s);

/**
 * A reference rather than a literal: a call, an indexing, a template, a file path, or a bare
 * expression (`config.apiKey`, `opts?.token`, `!this.pass`, `ProgressTokenSchema$1`, `refreshToken`).
 */
export function looksLikeCode(value: string, bare: boolean): boolean {
  if (/[()[\]{}]|\s|^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)/.test(value)) return true;
  if (!bare) return false;
  const expression = value.startsWith('!') ? value.slice(1) : value;
  if (!IDENTIFIER_PATH.test(expression)) return false;
  return /[.$]/.test(expression) || isWordy(expression);
}

const IDENTIFIER_PATH = /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*[!?]?$/;

/** Made of words (`fetchToken`, `endOfFileToken`): letter runs average 3.5 or more, few digits. */
function isWordy(value: string): boolean {
  const words = value.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g);
  if (words === null) return false;
  let letters = 0;
  for (const w of words) letters += w.length;
  return letters >= value.length - 2 && letters / words.length >= 3.5;
}
