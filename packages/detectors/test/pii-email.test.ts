import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { domainEnd, isExampleDomain, localStart, TLDS } from '../src/pii/email.js';

/** The domain check as it was written first, slicing and splitting the domain. */
function slicedDomainEnd(text: string, at: number): number {
  let e = at + 1;
  while (e < text.length && e - at <= 254 && /[A-Za-z0-9.-]/.test(text[e]!)) e++;
  if (e - at > 254) return -1;
  while (e > at + 1 && (text[e - 1] === '.' || text[e - 1] === '-')) e--;
  const after = e < text.length ? text[e] : '';
  if (after === '@') return -1;
  if (after === ':' && e + 1 < text.length && /[\w~/.]/.test(text[e + 1]!)) return -1;
  const labels = text.slice(at + 1, e).split('.');
  if (labels.length < 2) return -1;
  for (const label of labels) {
    if (label.length === 0 || label.length > 63) return -1;
    if (label.startsWith('-') || label.endsWith('-')) return -1;
  }
  return TLDS.has(labels[labels.length - 1]!.toLowerCase()) ? e : -1;
}

/** The local-part check as it was written first, looking for `..` in a second pass. */
function twoPassLocalStart(text: string, at: number): number {
  const isLocal = (c: string): boolean => /[A-Za-z0-9._+\-\u00c0-\u024f]/.test(c);
  const isHex = (c: string | undefined): boolean => c !== undefined && /[0-9a-fA-F]/.test(c);
  let s = at;
  while (s > 0 && at - s <= 64 && isLocal(text[s - 1]!)) s--;
  if (at - s > 64) return -1;
  const before = s > 0 ? text[s - 1] : '';
  if (before === '\\') {
    const c = text[s];
    if (c === 'n' || c === 't' || c === 'r') s++;
    else if (c === 'u' && at - s > 5 && [1, 2, 3, 4].every((k) => isHex(text[s + k]))) s += 5;
  } else if (before === '%' && isHex(text[s]) && isHex(text[s + 1])) {
    s += 2;
  } else if (before === '/' && s > 1 && text[s - 2] === '/') {
    return -1;
  } else if (before === ':' && !/mailto$/i.test(text.slice(s > 7 ? s - 7 : 0, s - 1))) {
    return -1;
  }
  while (s < at && text[s] === '.') s++;
  if (s === at || text[at - 1] === '.') return -1;
  return text.slice(s, at).includes('..') ? -1 : s;
}

const EXAMPLE_DOMAIN = /(?:^|\.)example\.(?:com|org|net)$/;

describe('e-mail domains read in place', () => {
  const label = fc.constantFrom(
    '',
    'a',
    'Z9',
    '-a',
    'a-',
    'x'.repeat(62),
    'x'.repeat(63),
    'x'.repeat(64),
    'com',
    'CoM',
    'org',
    'NET',
    'dotnet',
    'xCom',
    'or',
    'C0M',
    'uk',
    'example',
    'eXample',
    'myexample',
    'exampl',
  );
  const edge = fc.constantFrom('', ' ', '.', '-', '@', ':', ':/', ':x', '/', 'é', '\n', '..', 'a');
  const texts = fc
    .tuple(edge, fc.array(label, { maxLength: 5 }), fc.constantFrom('.', '-', '.-'), edge)
    .map(
      ([before, labels, sep, after]) =>
        `${before}@${labels.join('.')}${sep.slice(0, labels.length % 3)}${after}`,
    );

  it('ends a domain where slicing and splitting it does', () => {
    fc.assert(
      fc.property(texts, (text) => {
        for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1))
          expect(domainEnd(text, at)).toBe(slicedDomainEnd(text, at));
      }),
      { numRuns: 10000 },
    );
  });

  it('knows a documentation domain as the expression does', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const at = text.indexOf('@');
        const end = domainEnd(text, at);
        if (end === -1) return;
        expect(isExampleDomain(text, at + 1, end)).toBe(
          EXAMPLE_DOMAIN.test(text.slice(at + 1, end).toLowerCase()),
        );
      }),
      { numRuns: 10000 },
    );
  });
});

describe('e-mail local parts read in one pass', () => {
  const piece = fc.constantFrom(
    'a',
    'Z9',
    '.',
    '..',
    '_',
    '+',
    '-',
    'é',
    '\\n',
    '\\u003c',
    '\\u00zz',
    '%3C',
    '%g',
    '//',
    ':',
    'mailto:',
    ' ',
    'x'.repeat(30),
  );
  const texts = fc.array(piece, { maxLength: 8 }).map((pieces) => `${pieces.join('')}@`);

  it('starts a local part where two passes do', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const at = text.length - 1;
        expect(localStart(text, at)).toBe(twoPassLocalStart(text, at));
      }),
      { numRuns: 20000 },
    );
  });
});
