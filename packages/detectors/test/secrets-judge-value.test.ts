import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeyKind } from '../src/secrets/assignment-keys.js';
import { isEncodedText, judgeValue, looksLikeCode } from '../src/secrets/assignment-values.js';
import type { SecretScan } from '../src/secrets/found.js';
import { addSecret } from '../src/secrets/found.js';
import { entropy, isPlaceholder, variety } from '../src/secrets/text.js';

/**
 * judgeValue's verdict on a password or secret key's value, in the order it was first written: the
 * placeholder and code expressions, then the measures. judgeValue now measures first; every test
 * only rejects, so the findings must be the same.
 */
function judgeReference(text: string, key: string, kind: KeyKind, start: number, end: number, bare: boolean) {
  const scan: SecretScan = { found: [], hashBudget: 0 };
  const value = text.slice(start, end);
  const named = `"${key.slice(0, 40)}"`;
  if (
    isPlaceholder(value.replace(/=+$/, '')) ||
    looksLikeCode(value, bare) ||
    isEncodedText(text, start, end) ||
    value.includes('://') ||
    value.startsWith('-----')
  ) {
    return scan.found;
  }
  const bits = entropy(text, start, end);
  const mix = variety(text, start, end);
  if (kind === 'password') {
    if (value.length < 8 || value.length > 128 || mix < 2 || bits < 2.5) return scan.found;
    const score = bits >= 3.5 && value.length >= 12 ? 0.75 : 0.6;
    addSecret(scan.found, 'generic-password', start, end, score, `password assigned to ${named}`);
    return scan.found;
  }
  if (value.length < 12 || value.length > 512 || mix < 2 || bits < 3) return scan.found;
  const score = bits >= 4 && value.length >= 20 ? 0.75 : 0.6;
  addSecret(scan.found, 'generic-secret', start, end, score, `high-entropy value assigned to ${named}`);
  return scan.found;
}

const PIECES = [
  ...'aAbBzZ09xX7$%!@.-_/+=:() {}[]<>*~\\\t',
  'changeme',
  'example',
  'password',
  'p@$$w0rd',
  '$' + '{X}',
  '://',
  '-----',
  'process.env',
  'ZHVtbXkgdGV4dA==',
  'aGVsbG8gd29ybGQgdGhpcyBpcyB0ZXh0',
  'Xk9#qL2vR7wZ',
  'fetchToken',
  'xxxxx',
  '...',
];
const values = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 })), { maxLength: 40 })
  .map((parts) => parts.join(''));

describe('judgeValue measures first', () => {
  it('finds what the expressions-first order finds', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 4 }),
        values,
        fc.string({ maxLength: 4 }),
        fc.constantFrom<KeyKind>('password', 'secret'),
        fc.constantFrom('password', 'api_key', 'client_secret', 'db_pass'),
        fc.boolean(),
        (before, value, after, kind, key, bare) => {
          const text = before + value + after;
          const start = before.length;
          const end = start + value.length;
          const scan: SecretScan = { found: [], hashBudget: 0 };
          judgeValue(text, key, kind, start, end, bare, scan);
          expect(scan.found).toEqual(judgeReference(text, key, kind, start, end, bare));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
