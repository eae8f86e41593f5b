import type { DataClaims } from '@mcp-trust/core';
import { readDataAnnotations, readResultAnnotations, TRUST_ANNOTATIONS_KEY } from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';
import { codesOf } from './support/dialect-fixtures.js';

describe('readDataAnnotations: malformed risk flags fail closed', () => {
  it.each([
    ['openWorldHint', 'openWorld'],
    ['maliciousActivityHint', 'malicious'],
    ['privateHint', 'private'],
  ] as const)('a non-boolean %s is an error and reads as true', (key, field) => {
    for (const bad of ['yes', 1, 0, null, {}, [], 'TRUE']) {
      const r = readDataAnnotations({ [key]: bad });
      expect(r.value[field]).toBe(true);
      expect(codesOf(r.problems)).toEqual([`error invalid-type $.${key}`]);
    }
  });

  it('"true"/"false" strings are read as booleans, with a warning', () => {
    const r = readDataAnnotations({ openWorldHint: 'false', maliciousActivityHint: 'true' });
    expect(r.value).toEqual({ openWorld: false, malicious: true });
    expect(r.problems.map((p) => `${p.severity} ${p.code}`)).toEqual(['warning coerced', 'warning coerced']);
  });

  it('a bad sensitiveHint reads as high', () => {
    const r = readDataAnnotations({ sensitiveHint: 'extreme' });
    expect(r.value).toEqual({ sensitiveLevel: 'high' });
    expect(codesOf(r.problems)).toEqual(['error invalid-value $.sensitiveHint']);
    expect(readDataAnnotations({ sensitiveHint: 3 }).value).toEqual({ sensitiveLevel: 'high' });
  });

  it('an unknown source or class member becomes unknown beside the good members', () => {
    const r = readDataAnnotations({
      returnMetadata: { source: ['user', 'darkweb'], sensitivity: ['pii', 'medical'] },
    });
    expect(r.value).toEqual({ sources: ['unknown', 'user'], sensitivity: ['pii', 'unknown'] });
    expect(codesOf(r.problems)).toEqual([
      'error invalid-value $.returnMetadata.source[1]',
      'error invalid-value $.returnMetadata.sensitivity[1]',
    ]);
  });

  it('a set field of the wrong type is unknown', () => {
    const r = readDataAnnotations({ returnMetadata: { source: 42, sensitivity: true } });
    expect(r.value).toEqual({ sources: ['unknown'], sensitivity: ['unknown'] });
  });

  it('an empty source list is unknown, with a warning', () => {
    const r = readDataAnnotations({ returnMetadata: { source: [], sensitivity: [] } });
    expect(r.value).toEqual({ sources: ['unknown'], sensitivity: [] });
    expect(codesOf(r.problems)).toEqual(['warning empty-set $.returnMetadata.source']);
  });

  it('malformed attribution entries are dropped with an error', () => {
    const r = readDataAnnotations({ attribution: ['https://a', null, { uri: 'x' }] });
    expect(r.value).toEqual({ attribution: ['https://a'] });
    expect(r.problems.map((p) => p.path)).toEqual(['$.attribution[1]', '$.attribution[2]']);
  });

  it('an untrustedPublic source is open-world even when openWorldHint says false', () => {
    const r = readDataAnnotations({
      openWorldHint: false,
      returnMetadata: { source: 'untrustedPublic', sensitivity: 'none' },
    });
    expect(r.value).toEqual({ openWorld: true, sources: ['untrustedPublic'], sensitivity: [] });
    expect(codesOf(r.problems)).toEqual(['warning contradictory $']);
  });

  it('unknown keys are warnings; a non-object is an error with no claim', () => {
    expect(codesOf(readDataAnnotations({ readOnlyHint: true }).problems)).toEqual([
      'warning unknown-key $.readOnlyHint',
    ]);
    const r = readDataAnnotations('openWorld', '$._meta.annotations');
    expect(r.value).toEqual({});
    expect(codesOf(r.problems)).toEqual(['error invalid-type $._meta.annotations']);
  });
});

const ext = (value: unknown) =>
  readResultAnnotations({ content: [], _meta: { [TRUST_ANNOTATIONS_KEY]: value } });
const EXT_PATH = '$._meta["io.modelcontextprotocol/trust-annotations"]';

describe('the io.modelcontextprotocol/trust-annotations extension', () => {
  const cases: [string, unknown, DataClaims][] = [
    ['untrusted: true', { untrusted: true }, { openWorld: true, sources: ['untrustedPublic'] }],
    ['untrusted: false', { untrusted: false }, { openWorld: false }],
    ['sensitive: true (class not said)', { sensitive: true }, { sensitivity: ['unknown'] }],
    ['sensitive: false', { sensitive: false }, { sensitivity: [] }],
    ['sensitive: "none"', { sensitive: 'none' }, { sensitivity: [] }],
    ['sensitive: a level', { sensitive: 'medium' }, { sensitiveLevel: 'medium' }],
    ['sensitive: one class', { sensitive: 'credentials' }, { sensitivity: ['credentials'] }],
    [
      'sensitive: classes',
      { sensitive: ['pii', { regulated: { scopes: ['hipaa'] } }] },
      { sensitivity: ['pii', 'regulated:HIPAA'] },
    ],
    ['malicious: true', { malicious: true }, { malicious: true }],
    ['attribution', { attribution: ['urn:x'] }, { attribution: ['urn:x'] }],
  ];
  for (const [what, value, claims] of cases) {
    it(what, () => {
      const r = ext(value);
      expect(r.value).toEqual(claims);
      expect(r.problems).toEqual([]);
      expect(r.dialects).toEqual(['ext-trust-annotations']);
    });
  }

  it('malformed flags fail closed', () => {
    const r = ext({ untrusted: 'maybe', malicious: 0 });
    expect(r.value).toEqual({ openWorld: true, sources: ['untrustedPublic'], malicious: true });
    expect(codesOf(r.problems)).toEqual([
      `error invalid-type ${EXT_PATH}.untrusted`,
      `error invalid-type ${EXT_PATH}.malicious`,
    ]);
  });

  it.each([
    ['an unknown class', 'medical', 'invalid-value'],
    ['a number', 3, 'invalid-type'],
  ])('sensitive as %s is sensitive, class unknown', (_, sensitive, code) => {
    const r = ext({ sensitive });
    expect(r.value).toEqual({ sensitivity: ['unknown'] });
    expect(codesOf(r.problems)).toEqual([`error ${code} ${EXT_PATH}.sensitive`]);
  });

  it('unknown keys are warnings; a non-object is an error', () => {
    expect(codesOf(ext({ trusted: true }).problems)).toEqual([`warning unknown-key ${EXT_PATH}.trusted`]);
    expect(codesOf(ext(true).problems)).toEqual([`error invalid-type ${EXT_PATH}`]);
  });
});

const ifc = (value: unknown) => readResultAnnotations({ content: [], _meta: { ifc: value } });

describe('GitHub _meta.ifc', () => {
  const integrity: [string, DataClaims][] = [
    ['untrusted', { openWorld: true, sources: ['untrustedPublic'] }],
    ['low', { openWorld: true, sources: ['untrustedPublic'] }],
    ['LOW', { openWorld: true, sources: ['untrustedPublic'] }],
    ['trusted', { openWorld: false }],
    ['high', { openWorld: false }],
    ['Trusted', { openWorld: false }],
  ];
  it.each(integrity)('integrity %s', (value, claims) => {
    const r = ifc({ integrity: value });
    expect(r.value).toEqual(claims);
    expect(r.problems).toEqual([]);
    expect(r.dialects).toEqual(['github-ifc']);
  });

  const confidentiality: [string, unknown, DataClaims][] = [
    ['public', 'public', { private: false }],
    ['a reader list of only public', ['public', 'Public'], { private: false }],
    ['private', 'private', { private: true }],
    ['internal', 'internal', { private: true }],
    ['confidential', 'Confidential', { private: true }],
    ['restricted', 'restricted', { private: true }],
    ['a list of named readers', ['octo-org/app:readers', 'alice'], { private: true }],
    ['no readers at all', [], { private: true }],
    ['secret', 'secret', { private: true, sensitiveLevel: 'high' }],
  ];
  it.each(confidentiality)('confidentiality %s', (_, value, claims) => {
    const r = ifc({ confidentiality: value });
    expect(r.value).toEqual(claims);
    expect(r.problems).toEqual([]);
  });

  it.each([
    ['integrity "medium"', { integrity: 'medium' }, '$._meta.ifc.integrity'],
    ['integrity 1', { integrity: 1 }, '$._meta.ifc.integrity'],
    ['confidentiality "top"', { confidentiality: 'top' }, '$._meta.ifc.confidentiality'],
    ['public beside named readers', { confidentiality: ['public', 'alice'] }, '$._meta.ifc.confidentiality'],
    ['a reader list with a non-string', { confidentiality: ['alice', 7] }, '$._meta.ifc.confidentiality'],
    ['an ifc that is not an object', 'untrusted', '$._meta.ifc'],
  ])('anything else (%s) is a warning and no claim', (_, value, path) => {
    const r = ifc(value);
    expect(r.value).toEqual({});
    expect(r.problems.map((p) => `${p.severity} ${p.path}`)).toEqual([`warning ${path}`]);
  });

  it('keys it does not read are noted, not warned about', () => {
    const r = ifc({ integrity: 'trusted', labels: ['x'] });
    expect(codesOf(r.problems)).toEqual(['info unknown-key $._meta.ifc.labels']);
  });
});
