import { listValues } from '@mcp-trust/engine';
import { describe, expect, it } from 'vitest';

const keys = (t: string) => listValues(t).map((v) => `${v.kind}:${v.key}`);

describe('value extraction', () => {
  it('finds e-mail addresses, case-folded, without surrounding punctuation', () => {
    expect(keys('Write to <Mark.Black-2134@Gmail.com>, please.')).toContain(
      'email:mark.black-2134@gmail.com',
    );
  });

  it('finds URLs and their hosts', () => {
    const k = keys('Visit https://www.Secure-Systems-252.com/login?x=1. Or www.evil.com');
    expect(k).toContain('url:https://www.secure-systems-252.com/login?x=1');
    expect(k).toContain('host:secure-systems-252.com');
    expect(k).toContain('host:evil.com');
  });

  it('finds bare hostnames and file names', () => {
    const k = keys('hosted at files.example.org; see bill-december-2023.txt and /home/me/notes/plan.md');
    expect(k).toContain('host:files.example.org');
    expect(k).toContain('path:bill-december-2023.txt');
    expect(k).toContain('path:/home/me/notes/plan.md');
  });

  it('finds IBANs with or without spaces, normalised', () => {
    expect(keys('IBAN: GB29 NWBK 6016 1331 9268 19.')).toContain('iban:gb29nwbk60161331926819');
    expect(keys('to US133000000121212121212 now')).toContain('iban:us133000000121212121212');
  });

  it('finds phone and account numbers as digits, but not dates', () => {
    expect(keys('call +1 (555) 123-4567 today')).toContain('number:15551234567');
    expect(keys('account 0123 4567 8901')).toContain('number:012345678901');
    expect(keys('on 2024-05-20 10:00 we meet').some((k) => k.startsWith('number:'))).toBe(false);
  });

  it('finds long tokens with digits (ids, hashes), not plain words', () => {
    const k = keys('order A1B2C3D4E5 hash 9f86d081884c7d65 and the word extraordinary');
    expect(k).toContain('token:a1b2c3d4e5');
    expect(k).toContain('token:9f86d081884c7d65');
    expect(k.some((x) => x.endsWith('extraordinary'))).toBe(false);
  });

  it('finds short ids only in an id context', () => {
    expect(keys("Delete the file with ID '13' now")).toContain('id:13');
    expect(keys('see ticket #42')).toContain('id:42');
    expect(keys('I have 13 apples').some((k) => k.endsWith(':13'))).toBe(false);
  });

  it('finds distinctive quoted strings (not apostrophes)', () => {
    const k = keys(`Use the subject "Important message!" and don't say 'hi'`);
    expect(k).toContain('quoted:important message');
    expect(k.some((x) => x.includes('t say'))).toBe(false);
    expect(k).not.toContain('quoted:hi');
  });

  it('is linear on hostile input', () => {
    const hostile = `${'a'.repeat(200_000)}@${'b.'.repeat(50_000)} ${'1 '.repeat(100_000)} ${"'".repeat(100_000)}`;
    const t0 = performance.now();
    listValues(hostile);
    expect(performance.now() - t0).toBeLessThan(1500);
  });
});
