import * as keys from './assignment-keys.js';
import { endsBareValue, judgeValue } from './assignment-values.js';
import type { SecretScan } from './found.js';
import * as chars from './text.js';
import { scanUrl } from './urls.js';
import { matchValueShape } from './value-shapes.js';

// Local names for what each anchor reads: cheaper for V8 to call than imports (see `secrets.ts`).
const { hasSecretTail, keyKind } = keys;
const { codeAt, isAlnum, isSpace } = chars;

const MAX_KEY = 64;
const MAX_VALUE = 1024;

const isKeyChar = (c: number): boolean => isAlnum(c) || c === 95 || c === 45 || c === 46;
const isQuote = (c: number): boolean => c === 34 || c === 39 || c === 96;
/** Characters before `=` that make it an operator, not an assignment (`!=`, `<=`, `+=`, `==`). */
const isOperator = (c: number): boolean =>
  c === 33 ||
  c === 60 ||
  c === 62 ||
  c === 61 ||
  c === 43 ||
  c === 45 ||
  c === 42 ||
  c === 47 ||
  c === 37 ||
  c === 38 ||
  c === 124 ||
  c === 94 ||
  c === 63;

/**
 * Called at each `:`. A `://` is a URL and `::` a scope operator; otherwise this is `key: value` or
 * `"key": "value"` (see `scanPair`).
 */
export function scanColon(text: string, op: number, scan: SecretScan): number {
  const c = codeAt(text, op + 1);
  if (c === 47 /* / */) return codeAt(text, op + 2) === 47 ? scanUrl(text, op, scan) : op + 2;
  if (c === 58) return op + 2;
  return scanPair(text, op, op + 1, c, scan);
}

/** Called at each `=`: `key = value`, `--key=value`, `key => value`; `==` is a comparison. */
export function scanEquals(text: string, op: number, scan: SecretScan): number {
  const c = codeAt(text, op + 1);
  if (c === 61) return op + 2;
  if (c === 62 /* => */) return scanPair(text, op, op + 2, codeAt(text, op + 2), scan);
  return scanPair(text, op, op + 1, c, scan);
}

/**
 * The assignment at `op`, its value after `valueAt` (`c` is the character there). The key decides
 * whether the value is a secret (see `keyKind`); some values are recognised by their shape whatever
 * their key (`matchValueShape`). The common case, a key that names no secret, is rejected after a
 * few character reads. `c`, the character at `valueAt`, is read once by the entry and passed on
 * (every anchor of ordinary text comes this far). Each anchor has its own entry above rather than
 * one that reads the operator again and branches on it: ~5% of detectSecrets on the third-party
 * corpus, where the `:` loop inlines its entry.
 */
function scanPair(text: string, op: number, valueAt: number, c: number, scan: SecretScan): number {
  while (valueAt < op + 8 && isSpace(c)) c = codeAt(text, ++valueAt);
  const quoted = isQuote(c);
  const valueStart = quoted ? valueAt + 1 : valueAt;
  const first = quoted ? codeAt(text, valueStart) : c;
  if (first === 100 || first === 104 || (first >= 77 && first <= 79)) {
    const end = matchValueShape(text, valueStart, scan);
    if (end > 0) return end;
  }
  let keyEnd = op;
  let last = codeAt(text, op - 1);
  while (isSpace(last) && keyEnd > op - 4) last = codeAt(text, --keyEnd - 1);
  if (isQuote(last)) keyEnd--;
  if (!hasSecretTail(text, keyEnd)) return op + 1;
  return scanKeyed(text, op, keyEnd, valueAt, valueStart, scan);
}

/** The slow path, for a key that may name a secret: read the whole key, then the value. */
function scanKeyed(
  text: string,
  op: number,
  keyEnd: number,
  valueAt: number,
  valueStart: number,
  scan: SecretScan,
): number {
  if (codeAt(text, op) === 61 && isOperator(codeAt(text, op - 1))) return op + 1;
  let keyStart = keyEnd;
  while (keyStart > keyEnd - MAX_KEY && isKeyChar(codeAt(text, keyStart - 1))) keyStart--;
  while (keyStart < keyEnd && codeAt(text, keyStart) === 45) keyStart++; // `--password=`
  const key = text.slice(keyStart, keyEnd);
  const kind = keyKind(key);
  if (kind === undefined) return op + 1;
  const quote = codeAt(text, valueAt);
  let valueEnd = valueStart;
  const limit = Math.min(text.length, valueStart + MAX_VALUE);
  if (valueStart > valueAt) {
    while (valueEnd < limit && codeAt(text, valueEnd) !== quote && codeAt(text, valueEnd) !== 10) valueEnd++;
    if (codeAt(text, valueEnd) !== quote) return valueEnd;
  } else if (kind === 'authorization') {
    // `Authorization: Bearer abc…`: the scheme and the credential, to the end of the line.
    while (valueEnd < limit && codeAt(text, valueEnd) >= 32) valueEnd++;
  } else {
    while (valueEnd < limit && !endsBareValue(codeAt(text, valueEnd))) {
      // `a=b=c` chains assignments; `=` only belongs to a value as base64 padding at its end.
      if (codeAt(text, valueEnd) === 61 && isKeyChar(codeAt(text, valueEnd + 1))) break;
      valueEnd++;
    }
  }
  if (valueEnd > valueStart && !startsWithSyntax(codeAt(text, valueStart))) {
    judgeValue(text, key, kind, valueStart, valueEnd, valueStart === valueAt, scan);
  }
  return valueEnd;
}

/** URL and assignment syntax where a value should start (`token=?abc`, `key: &anchor`): not a literal. */
const startsWithSyntax = (c: number): boolean =>
  c === 63 || c === 38 || c === 35 || c === 61 || c === 58 || c === 42;
