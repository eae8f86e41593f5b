import { readToolAnnotations, readToolDefinition } from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';
import { codesOf } from './support/dialect-fixtures.js';

const SEND = { destination: 'public', sensitivity: ['pii'], outcomes: 'irreversible' };

describe('readToolAnnotations: bad set fields are dropped (unknown = the full set)', () => {
  it('an unknown enum member drops the whole field, and only that field', () => {
    const r = readToolAnnotations({ inputMetadata: { ...SEND, destination: ['public', 'moon'] } });
    expect(r.value).toEqual({ hints: {}, inputSensitivity: ['pii'], outcomes: ['irreversible'] });
    expect(codesOf(r.problems)).toEqual(['error invalid-value $.inputMetadata.destination[1]']);
  });

  it.each([
    ['a number', 5],
    ['an object', { public: true }],
    ['null', null],
    ['a nested array', [['public']]],
  ])('a field of the wrong type (%s) is dropped', (_, destination) => {
    const r = readToolAnnotations({ inputMetadata: { ...SEND, destination } });
    expect(r.value.destination).toBeUndefined();
    expect(r.value.outcomes).toEqual(['irreversible']);
    expect(r.problems.map((p) => [p.code, p.severity])).toEqual([['invalid-type', 'error']]);
  });

  it('an unknown data class drops the sensitivity', () => {
    const r = readToolAnnotations({ returnMetadata: { source: 'user', sensitivity: ['pii', 'medical'] } });
    expect(r.value).toEqual({ hints: {}, returnSource: ['user'] });
    expect(codesOf(r.problems)).toEqual(['error invalid-value $.returnMetadata.sensitivity[1]']);
  });

  it('an empty possible set says nothing: dropped with a warning (sensitivity [] is none, and kept)', () => {
    const r = readToolAnnotations({ inputMetadata: { destination: [], sensitivity: [], outcomes: [] } });
    expect(r.value).toEqual({ hints: {}, inputSensitivity: [] });
    expect(codesOf(r.problems)).toEqual([
      'warning empty-set $.inputMetadata.destination',
      'warning empty-set $.inputMetadata.outcomes',
    ]);
  });

  it('more members than any enum has is not a declaration', () => {
    const r = readToolAnnotations({ inputMetadata: { ...SEND, outcomes: Array(65).fill('benign') } });
    expect(r.value.outcomes).toBeUndefined();
    expect(codesOf(r.problems)).toEqual(['error too-large $.inputMetadata.outcomes']);
  });

  it('a metadata object that is not an object is ignored', () => {
    const r = readToolAnnotations({ inputMetadata: 'public', returnMetadata: ['user'] });
    expect(r.value).toEqual({ hints: {} });
    expect(codesOf(r.problems)).toEqual([
      'error invalid-type $.inputMetadata',
      'error invalid-type $.returnMetadata',
    ]);
  });
});

describe('readToolAnnotations: the shape of metadata objects', () => {
  it('a missing required field is a warning; the other fields are still read', () => {
    const r = readToolAnnotations({
      inputMetadata: { destination: 'user' },
      returnMetadata: { sensitivity: 'pii' },
    });
    expect(r.value).toEqual({ hints: {}, destination: ['user'], returnSensitivity: ['pii'] });
    expect(codesOf(r.problems)).toEqual([
      'warning missing-field $.inputMetadata',
      'warning missing-field $.inputMetadata',
      'warning missing-field $.returnMetadata',
    ]);
    expect(r.problems.map((p) => p.message)).toEqual([
      expect.stringContaining('sensitivity'),
      expect.stringContaining('outcomes'),
      expect.stringContaining('source'),
    ]);
  });

  it('metadata objects are closed: an unknown key inside is an error, and ignored', () => {
    const r = readToolAnnotations({
      inputMetadata: { ...SEND, retention: '30d' },
      returnMetadata: { source: 'user', sensitivity: 'none', destination: 'public' },
    });
    expect(r.value).toEqual({
      hints: {},
      destination: ['public'],
      inputSensitivity: ['pii'],
      outcomes: ['irreversible'],
      returnSource: ['user'],
      returnSensitivity: [],
    });
    expect(codesOf(r.problems)).toEqual([
      'error unknown-key $.inputMetadata.retention',
      'error unknown-key $.returnMetadata.destination',
    ]);
  });

  it('the annotations object is open: an unknown top-level key is only a warning', () => {
    const r = readToolAnnotations({ readOnlyHint: true, 'com.acme/owner': 'team-a', readonlyHint: true });
    expect(r.value).toEqual({ hints: { readOnlyHint: true } });
    expect(codesOf(r.problems)).toEqual([
      'warning unknown-key $["com.acme/owner"]',
      'warning unknown-key $.readonlyHint',
    ]);
  });

  it('a field given twice (camelCase and PascalCase) is joined, with a warning', () => {
    const r = readToolAnnotations({ inputMetadata: { ...SEND, Destination: 'Internal' } });
    expect(r.value.destination).toEqual(['internal', 'public']);
    expect(r.problems.map((p) => p.code)).toContain('duplicate-field');
  });

  it('metadata at the top level and in the extension is joined, with a warning', () => {
    const r = readToolAnnotations({
      inputMetadata: SEND,
      'io.modelcontextprotocol/action-metadata': {
        input: { ...SEND, destination: 'user', outcomes: 'benign' },
      },
    });
    expect(r.value.destination).toEqual(['public', 'user']);
    expect(r.value.outcomes).toEqual(['benign', 'irreversible']);
    expect(r.problems.filter((p) => p.code === 'duplicate-field')).toHaveLength(3);
    expect(r.dialects).toEqual(['ext-action-metadata', 'sep1913']);
  });

  it('a bad field in one of two joined places still drops the field', () => {
    const r = readToolAnnotations({
      inputMetadata: SEND,
      'io.modelcontextprotocol/action-metadata': { inputMetadata: { ...SEND, destination: 'moon' } },
    });
    expect(r.value.destination).toBeUndefined();
  });

  it('unknown keys in the extension wrapper are warnings', () => {
    const r = readToolAnnotations({
      'io.modelcontextprotocol/action-metadata': { inputMetadata: SEND, extra: 1 },
    });
    expect(codesOf(r.problems)).toEqual([
      'warning unknown-key $["io.modelcontextprotocol/action-metadata"].extra',
    ]);
  });
});

describe('readToolAnnotations: regulated data', () => {
  const sens = (sensitivity: unknown) =>
    readToolAnnotations({ returnMetadata: { source: 'internal', sensitivity } });

  it('scopes become one tag each, trimmed and upper-cased', () => {
    expect(sens({ regulated: { scopes: ['hipaa', ' GDPR '] } }).value.returnSensitivity).toEqual([
      'regulated:GDPR',
      'regulated:HIPAA',
    ]);
  });

  it.each([
    ['{regulated: {}}', { regulated: {} }, '$.returnMetadata.sensitivity.regulated'],
    ['a bare "regulated"', 'regulated', '$.returnMetadata.sensitivity'],
  ])('%s is an error but still regulated', (_, value, path) => {
    const r = sens(value);
    expect(r.value.returnSensitivity).toEqual(['regulated']);
    expect(codesOf(r.problems)).toEqual([`error missing-field ${path}`]);
  });

  it('a scope that cannot be read leaves the class regulated, regime unknown', () => {
    const r = sens({ regulated: { scopes: ['GDPR', 7] } });
    expect(r.value.returnSensitivity).toEqual(['regulated', 'regulated:GDPR']);
    expect(codesOf(r.problems)).toEqual([
      'error invalid-type $.returnMetadata.sensitivity.regulated.scopes[1]',
    ]);
  });

  it.each([
    ['regulated: true', { regulated: true }],
    ['scopes: "GDPR"', { regulated: { scopes: 'GDPR' } }],
  ])('%s is an error, read as regulated', (_, value) => {
    const r = sens(value);
    expect(r.value.returnSensitivity).toEqual(['regulated']);
    expect(r.problems.map((p) => p.code)).toEqual(['invalid-type']);
  });

  it('extra keys in a regulated class are errors and ignored', () => {
    const r = sens({ regulated: { scopes: ['SOX'], strict: true }, note: 'x' });
    expect(r.value.returnSensitivity).toEqual(['regulated:SOX']);
    expect(codesOf(r.problems)).toEqual([
      'error unknown-key $.returnMetadata.sensitivity.note',
      'error unknown-key $.returnMetadata.sensitivity.regulated.strict',
    ]);
  });

  it('an object that is not a regulated class is not a data class', () => {
    const r = sens({ secret: true });
    expect(r.value.returnSensitivity).toBeUndefined();
    expect(r.problems.map((p) => p.code)).toEqual(['unknown-key', 'invalid-value']);
  });
});

describe('readToolAnnotations: hints, levels, title, attribution', () => {
  it('a non-boolean hint is an error and dropped', () => {
    const r = readToolAnnotations({ destructiveHint: 1, readOnlyHint: null, openWorldHint: 'yes' });
    expect(r.value.hints).toEqual({});
    expect(codesOf(r.problems)).toEqual([
      'error invalid-type $.destructiveHint',
      'error invalid-type $.readOnlyHint',
      'error invalid-type $.openWorldHint',
    ]);
  });

  it('"true"/"false" strings are read, with a warning', () => {
    const r = readToolAnnotations({ destructiveHint: 'true', readOnlyHint: 'false' });
    expect(r.value.hints).toEqual({ destructiveHint: true, readOnlyHint: false });
    expect(r.problems.map((p) => [p.code, p.severity])).toEqual([
      ['coerced', 'warning'],
      ['coerced', 'warning'],
    ]);
  });

  it('#711 sensitiveHint: the three levels; a bad one is dropped; a boolean is coerced', () => {
    for (const level of ['low', 'medium', 'high'] as const) {
      expect(readToolAnnotations({ sensitiveHint: level }).value.sensitiveLevel).toBe(level);
    }
    const bad = readToolAnnotations({ sensitiveHint: 'extreme' });
    expect(bad.value.sensitiveLevel).toBeUndefined();
    expect(codesOf(bad.problems)).toEqual(['error invalid-value $.sensitiveHint']);
    const bool = readToolAnnotations({ sensitiveHint: true });
    expect(bool.value.sensitiveLevel).toBe('high');
    expect(codesOf(bool.problems)).toEqual(['warning coerced $.sensitiveHint']);
  });

  it('wrong-case enum values under camelCase keys are accepted as legacy spellings', () => {
    const r = readToolAnnotations({
      inputMetadata: { destination: 'Public', sensitivity: 'Financial', outcomes: 'BENIGN' },
    });
    expect(r.value).toMatchObject({
      destination: ['public'],
      inputSensitivity: ['financial'],
      outcomes: ['benign'],
    });
    expect(r.problems.map((p) => p.code)).toEqual(Array(3).fill('legacy-pascal-case'));
    expect(r.dialects).toEqual(['sep1913', 'sep2061']);
  });

  it('title must be a string', () => {
    expect(readToolAnnotations({ title: 'Send' }).value.title).toBe('Send');
    const r = readToolAnnotations({ title: { en: 'Send' } });
    expect(r.value.title).toBeUndefined();
    expect(codesOf(r.problems)).toEqual(['error invalid-type $.title']);
  });

  it('attribution: bad entries dropped one by one; a lone string coerced; a non-list dropped', () => {
    const r = readToolAnnotations({ attribution: ['urn:a', 5, '', 'urn:a', 'https://b'] });
    expect(r.value.attribution).toEqual(['https://b', 'urn:a']);
    expect(codesOf(r.problems)).toEqual([
      'error invalid-value $.attribution[1]',
      'error invalid-value $.attribution[2]',
    ]);
    expect(readToolAnnotations({ attribution: 'urn:a' }).value.attribution).toEqual(['urn:a']);
    expect(readToolAnnotations({ attribution: { a: 1 } }).value.attribution).toBeUndefined();
  });

  it('names each dialect it sees, and none for MCP’s own hints', () => {
    expect(readToolAnnotations({ readOnlyHint: true, title: 'x' }).dialects).toEqual([]);
    expect(readToolAnnotations({ maliciousActivityHint: true }).dialects).toEqual(['sep1913']);
    expect(readToolAnnotations({ trustedHint: true }).dialects).toEqual(['sep1487']);
    expect(readToolAnnotations({ privateHint: true }).dialects).toEqual(['issue711']);
    expect(readToolAnnotations({ reversibleHint: true }).dialects).toEqual(['sep1984']);
  });

  it('paths start where the caller says', () => {
    const r = readToolAnnotations(
      { inputMetadata: { ...SEND, destination: 'moon' } },
      '$.tools[3].annotations',
    );
    expect(r.problems[0]?.path).toBe('$.tools[3].annotations.inputMetadata.destination');
  });

  it('no annotations at all is no claim and no problem', () => {
    expect(readToolAnnotations(undefined)).toEqual({ value: { hints: {} }, problems: [], dialects: [] });
    expect(readToolAnnotations({})).toEqual({ value: { hints: {} }, problems: [], dialects: [] });
  });
});

describe('readToolDefinition', () => {
  it('reads the name and the annotations, with paths under $.annotations', () => {
    const r = readToolDefinition({
      name: 'send',
      annotations: { inputMetadata: { ...SEND, outcomes: 'x' } },
    });
    expect(r.value).toEqual({
      name: 'send',
      claims: { hints: {}, destination: ['public'], inputSensitivity: ['pii'] },
    });
    expect(codesOf(r.problems)).toEqual(['error invalid-value $.annotations.inputMetadata.outcomes']);
  });

  it.each([
    ['missing', {}, 'missing-field'],
    ['a number', { name: 7 }, 'invalid-type'],
    ['empty', { name: '' }, 'invalid-value'],
  ])('a name that is %s is an error, and the name is ""', (_, tool, code) => {
    const r = readToolDefinition(tool);
    expect(r.value).toEqual({ name: '', claims: { hints: {} } });
    expect(codesOf(r.problems)).toEqual([`error ${code} $.name`]);
  });

  it('a tool without annotations has no claims and no problems', () => {
    expect(readToolDefinition({ name: 'x', inputSchema: {} })).toEqual({
      value: { name: 'x', claims: { hints: {} } },
      problems: [],
      dialects: [],
    });
  });

  it('annotations that are not an object are an error', () => {
    const r = readToolDefinition({ name: 'x', annotations: [] });
    expect(codesOf(r.problems)).toEqual(['error invalid-type $.annotations']);
  });
});
