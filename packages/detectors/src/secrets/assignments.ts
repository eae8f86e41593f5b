import { hasSecretTail, keyKind } from './assignment-keys.js';
import { endsBareValue, judgeValue } from './assignment-values.js';
import type { SecretScan } from './found.js';
import { isAlnum, isSpace } from './text.js';
import { scanUrl } from './urls.js';
import { matchValueShape } from './value-shapes.js';

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
 * Called at each `=` and `:`. A `://` is a URL; otherwise this is `key = value`, `key: value`,
 * `"key": "value"` or `--key=value`. The key decides whether the value is a secret (see
 * `keyKind`); some values are recognised by their shape whatever their key (`matchValueShape`).
 * The common case, a key that names no secret, is rejected after a few character reads.
 */
export function scanAssignment(text: string, op: number, scan: SecretScan): number {
  const sign = text.charCodeAt(op);
  // `c` is the character at `valueAt` throughout: every anchor of ordinary text comes this far,
  // and reading each character once rather than twice saves 7% of detectSecrets' time.
  let c = text.charCodeAt(op + 1);
  if (sign === 58 /* : */) {
    if (c === 47 /* / */) return text.charCodeAt(op + 2) === 47 ? scanUrl(text, op, scan) : op + 2;
    if (c === 58) return op + 2;
  } else if (c === 61) {
    return op + 2;
  }
  let valueAt = op + 1;
  if (sign === 61 && c === 62 /* => */) c = text.charCodeAt(++valueAt);
  while (valueAt < op + 8 && isSpace(c)) c = text.charCodeAt(++valueAt);
  const quoted = isQuote(c);
  const valueStart = quoted ? valueAt + 1 : valueAt;
  const first = quoted ? text.charCodeAt(valueStart) : c;
  if (first === 100 || first === 104 || (first >= 77 && first <= 79)) {
    const end = matchValueShape(text, valueStart, scan);
    if (end > 0) return end;
  }
  let keyEnd = op;
  let last = text.charCodeAt(op - 1);
  while (isSpace(last) && keyEnd > op - 4) last = text.charCodeAt(--keyEnd - 1);
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
  if (text.charCodeAt(op) === 61 && isOperator(text.charCodeAt(op - 1))) return op + 1;
  let keyStart = keyEnd;
  while (keyStart > keyEnd - MAX_KEY && isKeyChar(text.charCodeAt(keyStart - 1))) keyStart--;
  while (keyStart < keyEnd && text.charCodeAt(keyStart) === 45) keyStart++; // `--password=`
  const key = text.slice(keyStart, keyEnd);
  const kind = keyKind(key);
  if (kind === undefined) return op + 1;
  const quote = text.charCodeAt(valueAt);
  let valueEnd = valueStart;
  const limit = Math.min(text.length, valueStart + MAX_VALUE);
  if (valueStart > valueAt) {
    while (valueEnd < limit && text.charCodeAt(valueEnd) !== quote && text.charCodeAt(valueEnd) !== 10)
      valueEnd++;
    if (text.charCodeAt(valueEnd) !== quote) return valueEnd;
  } else if (kind === 'authorization') {
    // `Authorization: Bearer abc…`: the scheme and the credential, to the end of the line.
    while (valueEnd < limit && text.charCodeAt(valueEnd) >= 32) valueEnd++;
  } else {
    while (valueEnd < limit && !endsBareValue(text.charCodeAt(valueEnd))) {
      // `a=b=c` chains assignments; `=` only belongs to a value as base64 padding at its end.
      if (text.charCodeAt(valueEnd) === 61 && isKeyChar(text.charCodeAt(valueEnd + 1))) break;
      valueEnd++;
    }
  }
  if (valueEnd > valueStart && !startsWithSyntax(text.charCodeAt(valueStart))) {
    judgeValue(text, key, kind, valueStart, valueEnd, valueStart === valueAt, scan);
  }
  return valueEnd;
}

/** URL and assignment syntax where a value should start (`token=?abc`, `key: &anchor`): not a literal. */
const startsWithSyntax = (c: number): boolean =>
  c === 63 || c === 38 || c === 35 || c === 61 || c === 58 || c === 42;
