/**
 * `excerpt` quotes a finding's text in one pass; it must give what the fold-then-escape version
 * it replaced gave, on any text and any span, or the findings' messages change.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excerpt } from '../src/injection/rule.js';

/** The first version: fold whitespace with an expression, cut, escape character by character. */
function shown(c: number): boolean {
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0xad ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x2069) ||
    c === 0xfeff ||
    (c >= 0xd800 && c <= 0xdfff)
  );
}
function reference(text: string, start: number, end: number, max = 60): string {
  let s = text.slice(start, Math.min(end, start + max * 2)).replace(/\s+/g, ' ');
  if (s.length > max) s = `${s.slice(0, max - 1)}…`;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += shown(c) ? `\\u${c.toString(16).padStart(4, '0')}` : s.charAt(i);
  }
  return `"${out.trim()}"`;
}

/** Every kind of whitespace, controls, invisible and bidi characters, surrogates, and plain text. */
const EDGES = [
  ...' \t\n\v\f\r\u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff',
  ...'\u0000\u0008\u000e\u001c\u001f\u007f\u0085\u009f\u00ad\u200b\u200d\u200f\u202a\u202e\u2060\u2069',
  '\ud83d',
  '\ude00',
  '😀',
  '…',
  'é',
  '\u00a1',
  '\u2030',
  '  ',
];
const unit = fc.oneof(fc.constantFrom(...EDGES), fc.constantFrom('a', 'word', 'x y', 'Ignore all'));
const text = fc.oneof(
  fc.array(unit, { maxLength: 150 }).map((a) => a.join('')),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
);

describe('excerpt', () => {
  it('quotes any span of any text as the fold-then-escape version did', () => {
    fc.assert(
      fc.property(
        text,
        fc.integer({ min: -20, max: 220 }),
        fc.integer({ min: -20, max: 320 }),
        (t, start, end) => {
          expect(excerpt(t, start, end)).toBe(reference(t, start, end));
        },
      ),
      { numRuns: 20000 },
    );
  });

  it('cuts at 59 characters and an ellipsis, around the cut and with whitespace on either side', () => {
    for (const pad of ['', ' ', '\n\n', '\u0001', '😀'])
      for (let k = 50; k <= 70; k++)
        for (const tail of ['', ' ', '  x', '\t', '\u200b', 'y'.repeat(70)]) {
          const t = `${pad}${'ab c'.repeat(30).slice(0, k)}${tail}`;
          for (const [s, e] of [
            [0, t.length],
            [1, t.length],
            [0, k],
            [2, 200],
          ] as const)
            expect(excerpt(t, s, e)).toBe(reference(t, s, e));
        }
  });
});
