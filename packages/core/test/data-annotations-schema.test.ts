import { SENSITIVE_LEVELS } from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';
import {
  asObject,
  at,
  DATA_SCHEMA_FILE,
  DATA_SCHEMA_ID,
  errorsOf,
  expectRejected,
  type Json,
  type JsonObject,
  makeAjv,
  pointer,
  readFixture,
  readSchema,
  TOOL_SCHEMA_FILE,
  validators,
} from './support/json-schemas.js';

const schema = readSchema(DATA_SCHEMA_FILE);
const { meta, resultAnnotations, requestAnnotations } = validators();
const TRUST = 'io.modelcontextprotocol/trust-annotations';

const resultMeta = asObject(at(readFixture('sep1913-result.json'), 'result', '_meta'));
const requestMeta = asObject(at(readFixture('sep1913-request.json'), 'params', '_meta'));

const concrete: JsonObject = {
  openWorldHint: true,
  maliciousActivityHint: false,
  attribution: ['https://example.com/issue/1'],
  privateHint: false,
  sensitiveHint: 'low',
  returnMetadata: { source: 'untrustedPublic', sensitivity: ['pii', { regulated: { scopes: ['GDPR'] } }] },
};

function propertiesOf(def: string): JsonObject {
  return asObject(at(schema, '$defs', def, 'properties'));
}

/** A property's schema without its wording: what it accepts. */
function shapeOf(property: Json): Json {
  const { description: _description, ...rest } = asObject(property);
  return rest;
}

describe('data-annotations.schema.json: shape', () => {
  it('compiles under Ajv 2020-12 in strict mode, resolving its $refs into the tool schema', () => {
    expect(makeAjv().getSchema(DATA_SCHEMA_ID)).toBeTypeOf('function');
    const alone = makeAjv();
    alone.removeSchema('https://mcp-trust.dev/schema/tool-annotations.schema.json');
    expect(() => alone.getSchema(DATA_SCHEMA_ID)).toThrow(/can't resolve reference/);
  });

  it('is a draft 2020-12 schema with an $id, a title, a description and the named $defs', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(DATA_SCHEMA_ID);
    expect(schema.title).toEqual(expect.any(String));
    expect(schema.description).toEqual(expect.any(String));
    expect(Object.keys(asObject(schema.$defs))).toEqual(
      expect.arrayContaining([
        'ResultAnnotations',
        'RequestAnnotations',
        'TrustAnnotationsExtension',
        'GithubIfc',
      ]),
    );
    expect(Object.keys(asObject(schema.properties)).sort()).toEqual(['annotations', 'ifc', TRUST]);
  });

  it('describes every property', () => {
    for (const def of Object.keys(asObject(schema.$defs))) {
      for (const [name, property] of Object.entries(asObject(at(schema, '$defs', def, 'properties') ?? {}))) {
        expect(at(property, 'description'), `${def}.${name}`).toEqual(expect.any(String));
      }
    }
    for (const [name, property] of Object.entries(asObject(schema.properties))) {
      expect(at(property, 'description'), name).toEqual(expect.any(String));
    }
  });

  it('gives request annotations the same shapes as result annotations, less returnMetadata', () => {
    const result = propertiesOf('ResultAnnotations');
    const request = propertiesOf('RequestAnnotations');
    expect(Object.keys(result).sort()).toEqual([...Object.keys(request), 'returnMetadata'].sort());
    for (const [name, property] of Object.entries(request)) {
      expect(shapeOf(property), name).toEqual(shapeOf(result[name] ?? null));
    }
  });

  it('uses the #711 levels of the label model and of the tool schema', () => {
    const levels = SENSITIVE_LEVELS.filter((l) => l !== 'none');
    expect(at(schema, '$defs', 'SensitiveLevel', 'enum')).toEqual(levels);
    expect(at(readSchema(TOOL_SCHEMA_FILE), 'properties', 'sensitiveHint', 'enum')).toEqual(levels);
  });
});

describe('data-annotations.schema.json: accepts', () => {
  it('the SEP-1913 result _meta and its annotations', () => {
    expect(resultMeta.annotations).toBeDefined();
    expect(errorsOf(meta, resultMeta)).toEqual([]);
    expect(errorsOf(resultAnnotations, resultMeta.annotations)).toEqual([]);
  });

  it('the SEP-1913 request _meta and its annotations', () => {
    expect(requestMeta.annotations).toBeDefined();
    expect(errorsOf(meta, requestMeta)).toEqual([]);
    expect(errorsOf(requestAnnotations, requestMeta.annotations)).toEqual([]);
  });

  it.each<[string, JsonObject]>([
    ['an empty _meta', {}],
    ['other _meta keys beside the annotations', { progressToken: 7, 'com.example/trace': { id: 'x' } }],
    ['every result annotation, with a concrete returnMetadata', { annotations: concrete }],
    [
      'a response aggregated from items of several sources',
      { annotations: { returnMetadata: { source: ['user', 'untrustedPublic'], sensitivity: ['pii'] } } },
    ],
    [
      'keys the SEP does not define inside annotations (left open, as ToolAnnotations)',
      { annotations: { x: 1 } },
    ],
    [
      'the extension with a boolean sensitivity',
      { [TRUST]: { untrusted: true, sensitive: true, malicious: false } },
    ],
    ['the extension with a #711 level', { [TRUST]: { sensitive: 'high', attribution: ['urn:org:acme:hr'] } }],
    ['the extension with one data class', { [TRUST]: { sensitive: 'credentials' } }],
    [
      'the extension with several data classes',
      { [TRUST]: { sensitive: ['pii', { regulated: { scopes: ['HIPAA'] } }] } },
    ],
    [
      'GitHub ifc labels with one confidentiality label',
      { ifc: { integrity: 'untrusted', confidentiality: 'public' } },
    ],
    [
      'GitHub ifc labels with several',
      { ifc: { integrity: 'trusted', confidentiality: ['org:acme', 'user:42'] } },
    ],
    ['all three at once', { annotations: { openWorldHint: true }, [TRUST]: { untrusted: true }, ifc: {} }],
  ])('%s', (_name, value) => {
    expect(errorsOf(meta, value)).toEqual([]);
  });

  it('request annotations with the #711 flags a session accumulated', () => {
    const request = {
      openWorldHint: true,
      maliciousActivityHint: true,
      privateHint: true,
      sensitiveHint: 'high',
    };
    expect(errorsOf(requestAnnotations, request)).toEqual([]);
  });
});

describe('data-annotations.schema.json: rejects', () => {
  const annotations = (patch: JsonObject): JsonObject => ({ annotations: { ...concrete, ...patch } });
  const broken: [string, unknown, string, string, Record<string, unknown>?][] = [
    ['a _meta that is not an object', 'annotations', 'type', ''],
    ['annotations that are not an object', { annotations: [] }, 'type', '/annotations'],
    [
      'sensitiveHint "extreme"',
      annotations({ sensitiveHint: 'extreme' }),
      'enum',
      '/annotations/sensitiveHint',
    ],
    ['sensitiveHint "High"', annotations({ sensitiveHint: 'High' }), 'enum', '/annotations/sensitiveHint'],
    [
      'a non-string attribution entry',
      annotations({ attribution: ['ok', null] }),
      'type',
      '/annotations/attribution/1',
    ],
    [
      'a source outside the enum, inside a list',
      annotations({ returnMetadata: { source: ['user', 'Internal'], sensitivity: 'pii' } }),
      'enum',
      '/annotations/returnMetadata/source/1',
    ],
    [
      'returnMetadata without sensitivity',
      annotations({ returnMetadata: { source: 'user' } }),
      'required',
      '/annotations/returnMetadata',
      { missingProperty: 'sensitivity' },
    ],
    [
      'returnMetadata with PascalCase keys',
      annotations({ returnMetadata: { Source: 'User', Sensitivity: 'PII' } }),
      'additionalProperties',
      '/annotations/returnMetadata',
      { additionalProperty: 'Source' },
    ],
    [
      'returnMetadata source "UntrustedPublic"',
      annotations({ returnMetadata: { source: 'UntrustedPublic', sensitivity: 'none' } }),
      'enum',
      '/annotations/returnMetadata/source',
    ],
    [
      'returnMetadata sensitivity "PII"',
      annotations({ returnMetadata: { source: 'user', sensitivity: 'PII' } }),
      'enum',
      '/annotations/returnMetadata/sensitivity',
    ],
    [
      'an extra key in the extension',
      { [TRUST]: { untrusted: true, Untrusted: true } },
      'additionalProperties',
      pointer(TRUST),
      { additionalProperty: 'Untrusted' },
    ],
    ['a non-boolean untrusted', { [TRUST]: { untrusted: 'yes' } }, 'type', pointer(TRUST, 'untrusted')],
    ['a non-boolean malicious', { [TRUST]: { malicious: 1 } }, 'type', pointer(TRUST, 'malicious')],
    ['sensitive "extreme"', { [TRUST]: { sensitive: 'extreme' } }, 'oneOf', pointer(TRUST, 'sensitive')],
    ['sensitive "PII"', { [TRUST]: { sensitive: 'PII' } }, 'oneOf', pointer(TRUST, 'sensitive')],
    [
      'sensitive {regulated: {}}',
      { [TRUST]: { sensitive: { regulated: {} } } },
      'required',
      pointer(TRUST, 'sensitive', 'regulated'),
      { missingProperty: 'scopes' },
    ],
    [
      'sensitive {regulated: {scopes: "GDPR"}}',
      { [TRUST]: { sensitive: [{ regulated: { scopes: 'GDPR' } }] } },
      'type',
      pointer(TRUST, 'sensitive', 0, 'regulated', 'scopes'),
    ],
    [
      'a non-string attribution entry in the extension',
      { [TRUST]: { attribution: [{ uri: 'x' }] } },
      'type',
      pointer(TRUST, 'attribution', 0),
    ],
    ['a non-string ifc integrity', { ifc: { integrity: 3 } }, 'type', '/ifc/integrity'],
    [
      'a non-string ifc confidentiality label',
      { ifc: { confidentiality: ['org', 1] } },
      'type',
      '/ifc/confidentiality/1',
    ],
  ];
  it.each(broken)('%s', (_name, value, keyword, instancePath, params) => {
    expectRejected(meta, value, { keyword, instancePath, ...(params === undefined ? {} : { params }) });
  });

  const resultHints = ['openWorldHint', 'maliciousActivityHint', 'privateHint'];
  it.each(resultHints)('%s must be a boolean, on results and on requests', (hint) => {
    for (const value of ['true', 1, null, {}]) {
      expectRejected(resultAnnotations, { [hint]: value }, { keyword: 'type', instancePath: pointer(hint) });
      expectRejected(requestAnnotations, { [hint]: value }, { keyword: 'type', instancePath: pointer(hint) });
      expectRejected(
        meta,
        { annotations: { [hint]: value } },
        { keyword: 'type', instancePath: pointer('annotations', hint) },
      );
    }
  });

  it('names every boolean of ResultAnnotations in that loop', () => {
    const booleans = Object.entries(propertiesOf('ResultAnnotations'))
      .filter(([, p]) => at(p, 'type') === 'boolean')
      .map(([name]) => name);
    expect(booleans.sort()).toEqual([...resultHints].sort());
  });
});
