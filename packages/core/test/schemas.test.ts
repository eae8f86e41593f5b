import type { DataClaims, DataLabel, Problem, ToolClaims, ToolContract } from '@mcp-trust/core';
import {
  ALL_SENSITIVITY,
  BOTTOM,
  DATA_CLASS_NAMES,
  DataClaimsSchema,
  DataClassSchema,
  DataLabelSchema,
  DESTINATIONS,
  DestinationSchema,
  FULL_SETS,
  HINT_NAMES,
  HintsSchema,
  makeLabel,
  OUTCOMES,
  OutcomeSchema,
  ProblemSchema,
  SENSITIVE_LEVELS,
  SensitiveLevelSchema,
  SensitivityTagSchema,
  SOURCES,
  SourceSchema,
  ToolClaimsSchema,
  ToolContractSchema,
  tagsOfDataClass,
} from '@mcp-trust/core';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { at, fixtureFiles, readFixture, validators } from './support/json-schemas.js';

type Writable<T> = T extends readonly (infer U)[]
  ? Writable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Writable<T[K]> }
    : T;

/** A JSON round trip: what a store or a trace gives back. */
function viaJson<T>(value: T): unknown {
  return JSON.parse(JSON.stringify(value));
}

const contract: ToolContract = {
  tool: 'send_email',
  destination: ['public'],
  outcomes: ['irreversible'],
  inputSensitivity: ['pii', 'user'],
  returnSource: [...FULL_SETS.returnSource],
  returnSensitivity: [...FULL_SETS.returnSensitivity],
  hints: { destructiveHint: true, openWorldHint: true },
  sensitiveLevel: 'medium',
  attribution: ['mcp://mail.example/outbox'],
  declared: {
    destination: true,
    outcomes: true,
    inputSensitivity: true,
    returnSource: false,
    returnSensitivity: false,
  },
  origin: {
    destination: 'declared',
    outcomes: 'overlay',
    returnSource: 'default',
    destructiveHint: 'resolved',
  },
};

describe('the canonical schemas describe the TypeScript model', () => {
  it('in both directions, at compile time', () => {
    expectTypeOf<Writable<DataLabel>>().toExtend<z.input<typeof DataLabelSchema>>();
    expectTypeOf<z.output<typeof DataLabelSchema>>().toExtend<DataLabel>();
    expectTypeOf<Writable<ToolContract>>().toExtend<z.input<typeof ToolContractSchema>>();
    expectTypeOf<z.output<typeof ToolContractSchema>>().toExtend<ToolContract>();
    expectTypeOf<ToolClaims>().toExtend<z.input<typeof ToolClaimsSchema>>();
    expectTypeOf<DataClaims>().toExtend<z.input<typeof DataClaimsSchema>>();
    expectTypeOf<Problem>().toExtend<z.input<typeof ProblemSchema>>();
  });

  it.each<[string, z.ZodType, readonly string[]]>([
    ['DestinationSchema', DestinationSchema, DESTINATIONS],
    ['OutcomeSchema', OutcomeSchema, OUTCOMES],
    ['SourceSchema', SourceSchema, SOURCES],
    ['SensitiveLevelSchema', SensitiveLevelSchema, SENSITIVE_LEVELS],
  ])('%s accepts exactly its enum, case-sensitively', (_name, schema, values) => {
    for (const v of values) expect(schema.safeParse(v).success, v).toBe(true);
    for (const v of values) expect(schema.safeParse(v[0]?.toUpperCase() + v.slice(1)).success, v).toBe(false);
    for (const v of ['', 'Public', 'UntrustedPublic', 'PII', null, 1, ['public']]) {
      expect(schema.safeParse(v).success).toBe(false);
    }
  });
});

describe('DataClassSchema', () => {
  const seedClasses = fixtureFiles()
    .filter((f) => !f.startsWith('sep2061-'))
    .flatMap((f) => {
      const annotations = readFixture(f).annotations ?? null;
      return ['inputMetadata', 'returnMetadata'].flatMap((m) => {
        const s = at(annotations, m, 'sensitivity');
        return s === undefined ? [] : Array.isArray(s) ? s : [s];
      });
    });

  it('accepts every data class in the SEP-1913 examples', () => {
    expect(seedClasses.length).toBeGreaterThanOrEqual(6);
    for (const dc of seedClasses)
      expect(DataClassSchema.safeParse(dc).success, JSON.stringify(dc)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['PascalCase', 'PII'],
    ['a bare regulated', 'regulated'],
    ['{regulated: {}}', { regulated: {} }],
    ['{regulated: {scopes: "GDPR"}}', { regulated: { scopes: 'GDPR' } }],
    ['an extra key', { regulated: { scopes: [] }, level: 1 }],
    ['an extra key in regulated', { regulated: { scopes: [], since: 2018 } }],
  ])('rejects %s', (_name, value) => {
    expect(DataClassSchema.safeParse(value).success).toBe(false);
  });

  it('agrees with the JSON Schema on every candidate', () => {
    const { toolAnnotations } = validators();
    const byJsonSchema = (dc: unknown): boolean =>
      toolAnnotations({ returnMetadata: { source: 'user', sensitivity: [dc] } });
    const candidate = fc.oneof(
      fc.constantFrom<unknown>(...DATA_CLASS_NAMES, 'PII', 'Financial', 'regulated', '', null, 1, true),
      fc.record({
        regulated: fc.oneof(
          fc.constant({}),
          fc.record({ scopes: fc.array(fc.oneof(fc.string(), fc.integer())) }),
          fc.record({ scopes: fc.string() }),
        ),
      }),
      fc.dictionary(fc.constantFrom('regulated', 'Regulated', 'scopes'), fc.jsonValue()),
    );
    fc.assert(
      fc.property(candidate, (dc) => {
        expect(DataClassSchema.safeParse(dc).success, JSON.stringify(dc)).toBe(byJsonSchema(dc));
      }),
      { numRuns: 500 },
    );
  });
});

describe('SensitivityTagSchema', () => {
  it('accepts every tag the model makes', () => {
    const made = [...ALL_SENSITIVITY, ...tagsOfDataClass({ regulated: { scopes: ['gdpr', ' PCI-DSS '] } })];
    for (const tag of made) expect(SensitivityTagSchema.safeParse(tag).success, tag).toBe(true);
  });

  it.each(['none', 'PII', 'Regulated:GDPR', 'regulated:', 'regulated:   ', 'regulatedGDPR', ''])(
    'rejects %j',
    (tag) => {
      expect(SensitivityTagSchema.safeParse(tag).success).toBe(false);
    },
  );
});

describe('HintsSchema', () => {
  it('accepts any subset of the hints, each a boolean', () => {
    expect(HintsSchema.safeParse({}).success).toBe(true);
    expect(
      HintsSchema.safeParse(Object.fromEntries(HINT_NAMES.map((h, i) => [h, i % 2 === 0]))).success,
    ).toBe(true);
  });

  it('rejects an unknown hint, a misspelt one, and a non-boolean', () => {
    expect(HintsSchema.safeParse({ readonlyHint: true }).success).toBe(false);
    expect(HintsSchema.safeParse({ ReadOnlyHint: true }).success).toBe(false);
    expect(HintsSchema.safeParse({ readOnlyHint: 'true' }).success).toBe(false);
  });
});

describe('DataLabelSchema', () => {
  it('accepts labels the model makes, after a JSON round trip', () => {
    expect(DataLabelSchema.safeParse(viaJson(BOTTOM)).success).toBe(true);
    const label = makeLabel({
      sources: ['unknown', 'internal'],
      sensitivity: [{ regulated: { scopes: ['HIPAA'] } }],
    });
    expect(DataLabelSchema.parse(viaJson(label))).toEqual(label);
  });

  it('rejects a label with a field missing or one too many', () => {
    const { private: _private, ...missing } = makeLabel();
    expect(DataLabelSchema.safeParse(missing).success).toBe(false);
    expect(DataLabelSchema.safeParse({ ...makeLabel(), trusted: true }).success).toBe(false);
  });
});

describe('ToolContractSchema', () => {
  it('accepts a contract after a JSON round trip, unchanged', () => {
    expect(ToolContractSchema.parse(viaJson(contract))).toEqual(contract);
  });

  it.each<[string, unknown]>([
    ['a declared map with a field missing', { ...contract, declared: { destination: true } }],
    ['an origin for a field contracts do not have', { ...contract, origin: { colour: 'declared' } }],
    ['an origin that is not one', { ...contract, origin: { destination: 'guessed' } }],
    ['a PascalCase destination', { ...contract, destination: ['Public'] }],
    ['a source in destination', { ...contract, destination: ['untrustedPublic'] }],
    [
      'unknown among return sources (contracts hold the full set instead)',
      { ...contract, returnSource: ['unknown'] },
    ],
    ['a non-boolean hint', { ...contract, hints: { destructiveHint: 'yes' } }],
    ['no tool name', { ...contract, tool: undefined }],
  ])('rejects %s', (_name, value) => {
    expect(ToolContractSchema.safeParse(viaJson(value)).success).toBe(false);
  });
});

describe('ToolClaimsSchema, DataClaimsSchema, ProblemSchema', () => {
  it('accept the smallest and the fullest claims', () => {
    expect(ToolClaimsSchema.safeParse({ hints: {} }).success).toBe(true);
    const tool: ToolClaims = {
      title: 'Send',
      hints: { readOnlyHint: false },
      sensitiveLevel: 'high',
      destination: ['public'],
      outcomes: ['irreversible'],
      inputSensitivity: ['pii'],
      returnSource: ['system'],
      returnSensitivity: [],
      attribution: [],
    };
    expect(ToolClaimsSchema.parse(viaJson(tool))).toEqual(tool);
    expect(DataClaimsSchema.safeParse({}).success).toBe(true);
    const data: DataClaims = {
      openWorld: true,
      sources: ['unknown', 'user'],
      sensitivity: ['regulated:GDPR'],
    };
    expect(DataClaimsSchema.parse(viaJson(data))).toEqual(data);
  });

  it('reject claims with the wrong shapes', () => {
    expect(ToolClaimsSchema.safeParse({}).success).toBe(false);
    expect(ToolClaimsSchema.safeParse({ hints: {}, returnSource: 'user' }).success).toBe(false);
    expect(DataClaimsSchema.safeParse({ openWorldHint: true }).success).toBe(false);
    expect(DataClaimsSchema.safeParse({ sensitiveLevel: 'extreme' }).success).toBe(false);
  });

  it('accept a problem, and reject an unknown severity', () => {
    const p: Problem = { path: '$.sources[2]', code: 'invalid-label', message: 'x', severity: 'error' };
    expect(ProblemSchema.parse(viaJson(p))).toEqual(p);
    expect(ProblemSchema.safeParse({ ...p, severity: 'fatal' }).success).toBe(false);
  });
});
