import * as chars from './text.js';

// A local name: cheaper for V8 to call than an import (see `secrets.ts`).
const { codeAt } = chars;

/**
 * Which keys name a secret. A key is the word before `=` or `:` (`PG_PASSWORD=`, `"api_key":`,
 * `--password=`, `_authToken=`); what its value must look like depends on the kind of key.
 */
export type KeyKind =
  /** A human-chosen password: shorter values and lower entropy still count. */
  | 'password'
  /** A machine-made secret (`SECRET_TOKEN`, `api_key`, `client_secret`): must look random. */
  | 'secret'
  /** AWS's secret access key: exactly 40 base64 characters. */
  | 'aws-secret'
  /** `.npmrc` `_authToken`/`_auth`/`_password`: the key alone says it is a registry credential. */
  | 'npm-auth'
  /** Azure `AccountKey=`/`SharedAccessKey=` in a connection string. */
  | 'azure'
  /** An HTTP `Authorization` header: `Basic …`, `Bearer …`. */
  | 'authorization';

/**
 * The endings of every key the rules know. A key's last three characters, folded to five bits each
 * (`c & 31`, which also ignores case), index the one ending it may have: one table read and a short
 * compare reject almost every key of ordinary JSON, HTML and code before it is even read whole.
 */
const ENDINGS = [
  'word',
  'words',
  'passwd',
  'pwd',
  'pass',
  'phrase',
  'secret',
  'secrets',
  'token',
  'tokens',
  'key',
  'keys',
  'auth',
  'ential',
  'entials',
  'authorization',
  'sig',
];
const BY_TAIL = new Uint8Array(1 << 15);
ENDINGS.forEach((ending, i) => {
  BY_TAIL[tail(ending, ending.length)] = i + 1;
});

function tail(text: string, end: number): number {
  return (
    ((codeAt(text, end - 3) & 31) << 10) | ((codeAt(text, end - 2) & 31) << 5) | (codeAt(text, end - 1) & 31)
  );
}

/** Whether the key ending at `end` ends like a secret's key (`keyKind` decides on the whole key). */
export function hasSecretTail(text: string, end: number): boolean {
  const i = BY_TAIL[tail(text, end)]!;
  if (i === 0) return false;
  const ending = ENDINGS[i - 1]!;
  for (let k = 1; k <= ending.length; k++) {
    if ((codeAt(text, end - k) | 32) !== ending.charCodeAt(ending.length - k)) return false;
  }
  // A bare `key` (`{"key": …, "value": …}`) names nothing.
  return ending !== 'key' || isKeyChar(codeAt(text, end - 4));
}

const isKeyChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46;

const PASSWORD = /(?:pass(?:word|wd|phrase)?|pwd)s?$/;
const SECRET =
  /(?:secret|token|(?:api|access|secret|private|account|signing|encryption|master|client|app|auth)[-_.]?key|(?:^|[-_.])auth|credentials?)s?$|^sig$/;
/** Keys that end like a secret's but hold counters or cursors. */
const NOT_SECRET =
  /(?:page|sync|next|continuation|cursor|resume|max|num|total|input|output|prompt|completion|reasoning|cached|bypass|public)[-_.]?(?:tokens?|pass|key)$/;

/** The kind of secret `key` names, if any. */
export function keyKind(key: string): KeyKind | undefined {
  const k = key.toLowerCase();
  if (k === '_authtoken' || k === '_auth' || k === '_password') return 'npm-auth';
  if (k === 'authorization' || k === 'proxy-authorization') return 'authorization';
  if (k === 'accountkey' || k === 'sharedaccesskey') return 'azure';
  if (NOT_SECRET.test(k)) return undefined;
  if (/secret[-_.]?access[-_.]?key$/.test(k) || (k.includes('aws') && /secret[-_.]?key$/.test(k)))
    return 'aws-secret';
  if (PASSWORD.test(k)) return 'password';
  if (SECRET.test(k)) return 'secret';
  return undefined;
}
