/**
 * `codeAt` reads 0 past either end of a text where it read `NaN`; every scanner must find the same
 * either way. A second copy of the secret scanners reads `NaN` at the edges, and both copies read
 * short texts whose anchors sit next to an edge: separators first or last, prefixes and keys cut off,
 * tokens ending the text.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Finding } from '../src/types.js';

vi.mock('../src/secrets/text.js', async (importOriginal) => {
  const text = await importOriginal<typeof import('../src/secrets/text.js')>();
  return {
    ...text,
    codeAt: (s: string, i: number): number => (i >= 0 && i < s.length ? s.charCodeAt(i) : Number.NaN),
  };
});

const { detectSecrets: withNaN } = await import('../src/secrets.js');
const { codeAt: nanCodeAt } = await import('../src/secrets/text.js');
vi.resetModules();
vi.doUnmock('../src/secrets/text.js');
const { detectSecrets } = await import('../src/secrets.js');
const { codeAt } = await import('../src/secrets/text.js');

function found(detect: (text: string, out: Finding[]) => void, text: string): Finding[] {
  const out: Finding[] = [];
  detect(text, out);
  return out;
}

const body = (length: number, alphabet: string): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Whole tokens of each anchor's families, which the edge may cut anywhere. */
const tokens = fc.oneof(
  body(36, BASE64URL).map((b) => `gh${'p'}_${b}`),
  body(24, BASE64URL).map((b) => `xox${'b'}-${b}`),
  body(20, BASE64URL).map((b) => `glpat-${b}`),
  body(16, UPPER_DIGITS).map((b) => `AK${'IA'}${b}`),
  body(35, BASE64URL).map((b) => `AI${'za'}${b}`),
  body(32, '0123456789abcdef').map((b) => `da${'pi'}${b}`),
  body(26, BASE64URL).map((b) => `hv${'s'}.${b}`),
  fc.tuple(body(22, BASE64URL), body(43, BASE64URL)).map(([a, b]) => `S${'G'}.${a}.${b}`),
  fc.tuple(body(20, BASE64URL), body(20, BASE64URL)).map(([a, b]) => `ey${'J'}${a}.${b}`),
  body(24, BASE64URL).map((b) => `MT${b}.${b.slice(0, 6)}.${b}${b.slice(0, 6)}`),
  body(20, BASE64URL).map((b) => `https://user:${b}@db.example.io`),
);
/** Keys, separators and value starts that the scanners read around an anchor. */
const PIECES = [
  ':',
  '=',
  '=>',
  '==',
  '::',
  '://',
  '-',
  '--',
  '-----BEGIN ',
  '_',
  'A',
  'Az',
  'J',
  'dJ',
  'G.',
  '"',
  "'",
  '`',
  ' ',
  '  ',
  '\t',
  '\n',
  'key',
  'api_key',
  'password',
  'token',
  'secret',
  'auth',
  'Authorization',
  '_authToken',
  'AccountKey',
  'aws_secret_access_key',
  'sk',
  'ghp',
  'xoxb',
  'npm',
  'd',
  'h',
  'M',
  'hv',
  'Bearer ',
  'x',
  '1',
];
const piece = fc.oneof(fc.constantFrom(...PIECES), tokens, body(12, `${BASE64URL}+/=`));
/** A few pieces, cut anywhere at either end: short, so nearly every anchor is next to an edge. */
const texts = fc.tuple(fc.array(piece, { maxLength: 6 }), fc.nat(8), fc.nat(8)).map(([parts, head, tail]) => {
  const whole = parts.join('');
  return whole.slice(Math.min(head, whole.length), Math.max(0, whole.length - tail));
});

describe('reading past the edges of a text', () => {
  it('has a copy that reads NaN there', () => {
    expect(nanCodeAt('ab', 2)).toBeNaN();
    expect(nanCodeAt('ab', -1)).toBeNaN();
    expect(codeAt('ab', 2)).toBe(0);
  });

  it('finds the same as reading NaN there', () => {
    fc.assert(
      fc.property(texts, (t) => {
        expect(found(detectSecrets, t)).toEqual(found(withNaN, t));
      }),
      { numRuns: 20_000 },
    );
  });

  it('finds the same on the pieces in any order, with any text around them', () => {
    const any = fc.array(fc.oneof(piece, fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 12 });
    fc.assert(
      fc.property(any, (parts) => {
        const t = parts.join('');
        expect(found(detectSecrets, t)).toEqual(found(withNaN, t));
      }),
      { numRuns: 10_000 },
    );
  });
});
