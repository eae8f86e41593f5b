/** The first characters a sticky matcher can start with, and the character classes of the fast paths. */
import { describe, expect, it } from 'vitest';
import { isSpace, isWordChar } from '../src/injection/chars.js';
import { firstChars } from '../src/injection/first-chars.js';

describe('first characters', () => {
  const first = (re: RegExp): string => {
    const f = firstChars(re);
    if (f === undefined) return 'nullable';
    const chars = [...f.ascii].flatMap((v, c) => (v === 1 ? [String.fromCharCode(c)] : [])).join('');
    return f.other ? `${chars}+other` : chars;
  };

  it('reads alternations, groups, quantifiers, classes and escapes', () => {
    expect(first(/ab|cd/y)).toBe('ac');
    expect(first(/(?:a?b|c*d)e/y)).toBe('abcd');
    expect(first(/x/iy)).toBe('Xx');
    expect(first(/[a-c\d_]/y)).toBe('0123456789_abc');
    expect(first(/\s/y)).toBe('\t\n\u000b\f\r +other');
    expect(first(/[^a]/y)).toMatch(/\+other$/);
    expect(first(/\bfoo/y)).toBe('f');
    expect(first(/(?=a)b/y)).toBe('b');
    expect(first(/a{0,2}b/y)).toBe('ab');
    expect(first(/a{2}b/y)).toBe('a');
    expect(first(/\u00e9|ç/iy)).toBe('+other');
    expect(first(/a?/y)).toBe('nullable');
    expect(first(/(a)\1/y)).toBe('a');
  });
});

describe('character classes', () => {
  it('isSpace is \\s and isWordChar is \\w, for every code unit', () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      if (isSpace(c) !== /\s/.test(ch)) expect(`${c}: isSpace`).toBe('');
      if (isWordChar(c) !== /\w/.test(ch)) expect(`${c}: isWordChar`).toBe('');
    }
  });
});
