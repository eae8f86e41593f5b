import {
  DATA_CLASS_NAMES,
  DESTINATIONS,
  HINT_NAMES,
  OUTCOMES,
  SENSITIVE_LEVELS,
  SOURCES,
} from '@mcp-trust/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  asObject,
  at,
  errorsOf,
  expectRejected,
  fixtureFiles,
  type Json,
  type JsonObject,
  makeAjv,
  pointer,
  readFixture,
  readSchema,
  TOOL_SCHEMA_FILE,
  TOOL_SCHEMA_ID,
  validators,
} from './support/json-schemas.js';

const schema = readSchema(TOOL_SCHEMA_FILE);
const { toolAnnotations: validate } = validators();
const EXT = 'io.modelcontextprotocol/action-metadata';

/** Annotations wherever the proposals put them on a tool: tools/list, or a tools/resolve response. */
function toolAnnotationsOf(fixture: JsonObject): JsonObject | undefined {
  const found = at(fixture, 'annotations') ?? at(fixture, 'tool', 'annotations');
  return found === undefined ? undefined : asObject(found);
}

const camelCaseExamples = fixtureFiles()
  .filter((f) => !f.startsWith('sep2061-'))
  .flatMap((f) => {
    const annotations = toolAnnotationsOf(readFixture(f));
    return annotations === undefined ? [] : [{ file: f, annotations }];
  });
const pascalCaseExamples = fixtureFiles()
  .filter((f) => f.startsWith('sep2061-'))
  .map((f) => ({ file: f, annotations: asObject(at(readFixture(f), 'annotations')) }));

const sendEmail = asObject(at(readFixture('sep1913-tool-send_email.json'), 'annotations'));
const input = asObject(sendEmail.inputMetadata);
const output = asObject(sendEmail.returnMetadata);

/** send_email's annotations with one metadata object changed. */
function withInput(patch: JsonObject, drop?: string): JsonObject {
  const next: JsonObject = { ...input, ...patch };
  if (drop !== undefined) delete next[drop];
  return { ...sendEmail, inputMetadata: next };
}
function withOutput(patch: JsonObject, drop?: string): JsonObject {
  const next: JsonObject = { ...output, ...patch };
  if (drop !== undefined) delete next[drop];
  return { ...sendEmail, returnMetadata: next };
}

function enumsOf(def: string, prop: string): Json[] {
  const branches = at(schema, '$defs', def, 'properties', prop, 'oneOf');
  if (!Array.isArray(branches)) throw new Error(`${def}.${prop} has no oneOf`);
  return branches.map((b) => at(b, 'enum') ?? at(b, 'items', 'enum') ?? null);
}

describe('tool-annotations.schema.json: shape', () => {
  it('compiles under Ajv 2020-12 in strict mode (which does reject sloppy schemas)', () => {
    expect(makeAjv().getSchema(TOOL_SCHEMA_ID)).toBeTypeOf('function');
    const strict = new Ajv2020({ strict: true });
    expect(() => strict.compile({ type: 'object', properties: { a: { typ: 'string' } } })).toThrow(
      /unknown keyword/,
    );
  });

  it('is a draft 2020-12 schema with an $id, a title, a description and the SEP-1913 $defs', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(TOOL_SCHEMA_ID);
    expect(schema.title).toEqual(expect.any(String));
    expect(schema.description).toEqual(expect.any(String));
    expect(Object.keys(asObject(schema.$defs)).sort()).toEqual([
      'DataClass',
      'DataClassOrArray',
      'InputMetadata',
      'RegulatoryScope',
      'ReturnMetadata',
    ]);
    expect(at(schema, '$defs', 'InputMetadata', 'required')).toEqual([
      'destination',
      'sensitivity',
      'outcomes',
    ]);
    expect(at(schema, '$defs', 'ReturnMetadata', 'required')).toEqual(['source', 'sensitivity']);
  });

  it('describes every property it defines', () => {
    const undescribed: string[] = [];
    const walk = (node: Json, path: string): void => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => {
          walk(n, `${path}/${i}`);
        });
      } else if (node !== null && typeof node === 'object') {
        for (const [key, sub] of Object.entries(asObject(node.properties ?? {}))) {
          if (typeof at(sub, 'description') !== 'string') undescribed.push(`${path}/properties/${key}`);
        }
        for (const [key, sub] of Object.entries(node)) walk(sub, `${path}/${key}`);
      }
    };
    walk(schema, '#');
    expect(undescribed).toEqual([]);
  });

  it('uses the enums of the label model, and declares every hint the model knows as a boolean', () => {
    expect(enumsOf('InputMetadata', 'destination')).toEqual([[...DESTINATIONS], [...DESTINATIONS]]);
    expect(enumsOf('InputMetadata', 'outcomes')).toEqual([[...OUTCOMES], [...OUTCOMES]]);
    expect(enumsOf('ReturnMetadata', 'source')).toEqual([[...SOURCES], [...SOURCES]]);
    expect(at(schema, '$defs', 'DataClass', 'oneOf', 0, 'enum')).toEqual([...DATA_CLASS_NAMES]);
    expect(at(schema, 'properties', 'sensitiveHint', 'enum')).toEqual(
      SENSITIVE_LEVELS.filter((l) => l !== 'none'),
    );
    for (const hint of HINT_NAMES) expect(at(schema, 'properties', hint, 'type'), hint).toBe('boolean');
  });
});

describe('tool-annotations.schema.json: accepts', () => {
  it('finds the annotation examples of SEP-1913 and SEP-1984 in the fixtures', () => {
    expect(camelCaseExamples.map((e) => e.file)).toEqual([
      'sep1913-resolve-response.json',
      'sep1913-tool-list_inbox.json',
      'sep1913-tool-read_drafts.json',
      'sep1913-tool-send_email.json',
      'sep1984-tool-ai_code_analyzer.json',
      'sep1984-tool-backup_database.json',
      'sep1984-tool-restart_service.json',
    ]);
  });

  it.each(camelCaseExamples)('$file', ({ annotations }) => {
    expect(errorsOf(validate, annotations)).toEqual([]);
  });

  it.each(
    camelCaseExamples.filter(
      (e) => e.annotations.inputMetadata !== undefined || e.annotations.returnMetadata !== undefined,
    ),
  )('$file, in the action-metadata extension form', ({ annotations }) => {
    const { inputMetadata, returnMetadata, ...rest } = annotations;
    const ext: JsonObject = {};
    if (inputMetadata !== undefined) ext.inputMetadata = inputMetadata;
    if (returnMetadata !== undefined) ext.returnMetadata = returnMetadata;
    expect(errorsOf(validate, { ...rest, [EXT]: ext })).toEqual([]);
  });

  it.each<[string, JsonObject]>([
    ['no annotations at all', {}],
    [
      'keys MCP does not define (the object stays open)',
      { 'x-vendor': { anything: [1] }, Destination: 'Public' },
    ],
    [
      'possible sets in tools/list',
      withInput({ destination: ['internal', 'public'], outcomes: ['consequential', 'irreversible'] }),
    ],
    ['empty possible sets (the SEP does not forbid them)', withInput({ destination: [], sensitivity: [] })],
    [
      'regulated data with scopes, alone and among other classes',
      withOutput({ sensitivity: [{ regulated: { scopes: ['GDPR', 'HIPAA'] } }, 'pii'] }),
    ],
    [
      'regulated data with an arbitrary scope string',
      withOutput({ sensitivity: { regulated: { scopes: ['LGPD'] } } }),
    ],
    [
      'every other proposal at once',
      {
        title: 'Fetch',
        maliciousActivityHint: false,
        attribution: ['https://example.com/page'],
        trustedHint: true,
        privateHint: true,
        sensitiveHint: 'medium',
        aiProcessingHint: false,
        reversibleHint: false,
        [EXT]: {},
      },
    ],
  ])('%s', (_name, annotations) => {
    expect(errorsOf(validate, annotations)).toEqual([]);
  });
});

describe('tool-annotations.schema.json: rejects', () => {
  it('finds the SEP-2061 PascalCase examples in the fixtures', () => {
    expect(pascalCaseExamples).toHaveLength(3);
  });

  it.each(pascalCaseExamples)('$file: each PascalCase key is named in an error', ({ annotations }) => {
    for (const field of ['inputMetadata', 'returnMetadata'] as const) {
      const meta = asObject(annotations[field]);
      for (const key of Object.keys(meta)) {
        expect(key).toMatch(/^[A-Z]/);
        expectRejected(validate, annotations, {
          keyword: 'additionalProperties',
          instancePath: pointer(field),
          params: { additionalProperty: key },
        });
      }
      const missing = field === 'inputMetadata' ? 'destination' : 'source';
      expectRejected(validate, annotations, {
        keyword: 'required',
        instancePath: pointer(field),
        params: { missingProperty: missing },
      });
    }
  });

  it.each(pascalCaseExamples)(
    '$file with camelCase keys: each PascalCase value is named in an error',
    ({ annotations }) => {
      const camel = (meta: Json | undefined): JsonObject =>
        Object.fromEntries(
          Object.entries(asObject(meta)).map(([k, v]) => [`${k[0]?.toLowerCase()}${k.slice(1)}`, v]),
        );
      const fixed = {
        inputMetadata: camel(annotations.inputMetadata),
        returnMetadata: camel(annotations.returnMetadata),
      };
      for (const field of ['inputMetadata', 'returnMetadata'] as const) {
        for (const [key, value] of Object.entries(fixed[field])) {
          const paths = Array.isArray(value)
            ? value.map((_, i) => pointer(field, key, i))
            : [pointer(field, key)];
          for (const instancePath of paths)
            expectRejected(validate, fixed, { keyword: 'enum', instancePath });
        }
      }
    },
  );

  const broken: [string, unknown, string, string, Record<string, unknown>?][] = [
    ['annotations that are not an object', ['readOnlyHint'], 'type', ''],
    [
      'inputMetadata without outcomes',
      withInput({}, 'outcomes'),
      'required',
      '/inputMetadata',
      { missingProperty: 'outcomes' },
    ],
    [
      'inputMetadata without destination',
      withInput({}, 'destination'),
      'required',
      '/inputMetadata',
      { missingProperty: 'destination' },
    ],
    [
      'returnMetadata without sensitivity',
      withOutput({}, 'sensitivity'),
      'required',
      '/returnMetadata',
      { missingProperty: 'sensitivity' },
    ],
    ['destination "Public"', withInput({ destination: 'Public' }), 'enum', '/inputMetadata/destination'],
    [
      'destination outside the enum in a set',
      withInput({ destination: ['public', 'everywhere'] }),
      'enum',
      '/inputMetadata/destination/1',
    ],
    ['outcomes "Irreversible"', withInput({ outcomes: 'Irreversible' }), 'enum', '/inputMetadata/outcomes'],
    ['source "UntrustedPublic"', withOutput({ source: 'UntrustedPublic' }), 'enum', '/returnMetadata/source'],
    ['sensitivity "PII"', withOutput({ sensitivity: 'PII' }), 'enum', '/returnMetadata/sensitivity'],
    [
      'sensitivity "PII" in a set',
      withInput({ sensitivity: ['pii', 'PII'] }),
      'enum',
      '/inputMetadata/sensitivity/1',
    ],
    [
      'sensitivity "Regulated" as a bare string',
      withOutput({ sensitivity: 'regulated' }),
      'enum',
      '/returnMetadata/sensitivity',
    ],
    [
      'an extra key in inputMetadata',
      withInput({ retention: 'forever' }),
      'additionalProperties',
      '/inputMetadata',
      { additionalProperty: 'retention' },
    ],
    [
      'an extra key in returnMetadata',
      withOutput({ confidence: 0.9 }),
      'additionalProperties',
      '/returnMetadata',
      { additionalProperty: 'confidence' },
    ],
    [
      'an extra key in the extension object',
      { [EXT]: { inputMetadata: input, notes: 'x' } },
      'additionalProperties',
      pointer(EXT),
      { additionalProperty: 'notes' },
    ],
    [
      'PascalCase inside the extension object',
      { [EXT]: { returnMetadata: { Source: 'System', sensitivity: 'none' } } },
      'additionalProperties',
      pointer(EXT, 'returnMetadata'),
      { additionalProperty: 'Source' },
    ],
    [
      '{regulated: {}} (no scopes)',
      withOutput({ sensitivity: { regulated: {} } }),
      'required',
      '/returnMetadata/sensitivity/regulated',
      { missingProperty: 'scopes' },
    ],
    [
      '{regulated: {scopes: "GDPR"}}',
      withOutput({ sensitivity: { regulated: { scopes: 'GDPR' } } }),
      'type',
      '/returnMetadata/sensitivity/regulated/scopes',
    ],
    [
      'a non-string scope',
      withOutput({ sensitivity: [{ regulated: { scopes: [42] } }] }),
      'type',
      '/returnMetadata/sensitivity/0/regulated/scopes/0',
    ],
    [
      'an extra key beside regulated',
      withOutput({ sensitivity: { regulated: { scopes: [] }, level: 'high' } }),
      'additionalProperties',
      '/returnMetadata/sensitivity',
    ],
    ['a non-string attribution entry', { attribution: ['https://example.com', 7] }, 'type', '/attribution/1'],
    ['attribution as a single string', { attribution: 'https://example.com' }, 'type', '/attribution'],
    ['sensitiveHint "extreme"', { sensitiveHint: 'extreme' }, 'enum', '/sensitiveHint'],
    ['sensitiveHint "High"', { sensitiveHint: 'High' }, 'enum', '/sensitiveHint'],
    ['a non-string title', { title: 42 }, 'type', '/title'],
  ];
  it.each(broken)('%s', (_name, annotations, keyword, instancePath, params) => {
    expectRejected(validate, annotations, {
      keyword,
      instancePath,
      ...(params === undefined ? {} : { params }),
    });
  });

  const booleanHints = Object.entries(asObject(schema.properties))
    .filter(([, p]) => at(p, 'type') === 'boolean')
    .map(([name]) => name);

  it('has a boolean type for exactly the hints of the label model', () => {
    expect(booleanHints.sort()).toEqual([...HINT_NAMES].sort());
  });

  it.each(booleanHints)('%s must be a boolean', (hint) => {
    for (const value of ['true', 1, 0, null, [], {}]) {
      expectRejected(validate, { [hint]: value }, { keyword: 'type', instancePath: pointer(hint) });
    }
    expect(errorsOf(validate, { [hint]: false })).toEqual([]);
  });
});
