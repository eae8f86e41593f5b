import type { DataLabel, ToolClaims, ToolContract } from '@mcp-trust/core';
import {
  ACTION_METADATA_KEY,
  BOTTOM,
  FULL_SETS,
  makeLabel,
  readRequestAnnotations,
  readResultAnnotations,
  readToolAnnotations,
  readToolDefinition,
  TRUST_ANNOTATIONS_KEY,
  writeRequestMeta,
  writeResultMeta,
  writeToolAnnotations,
} from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';
import { sep1913Validator, wireAll } from './support/dialect-fixtures.js';
import { errorsOf, validators } from './support/json-schemas.js';

const sep1913 = sep1913Validator();
const published = validators();

/** Every tool fixture with action metadata or hints, in canonical form. */
const TOOL_FIXTURES = [...wireAll('seeds'), ...wireAll('dialects')]
  .filter(([f]) => f.includes('-tool'))
  .map(([f, tool]) => [f, readToolDefinition(tool).value.claims] as const);

function expectValidToolAnnotations(annotations: unknown): void {
  expect(errorsOf(sep1913, annotations)).toEqual([]);
  expect(errorsOf(published.toolAnnotations, annotations)).toEqual([]);
}

describe('writeToolAnnotations: round trips through every tool fixture', () => {
  it('has fixtures to go through', () => expect(TOOL_FIXTURES.length).toBeGreaterThan(8));

  for (const [file, claims] of TOOL_FIXTURES) {
    it(`${file}: SEP-1913 form reads back as the same claims, and validates`, () => {
      const written = writeToolAnnotations(claims);
      const back = readToolAnnotations(written);
      expect(back.value).toEqual(claims);
      expect(back.problems).toEqual([]);
      expect(back.dialects).not.toContain('sep2061');
      expectValidToolAnnotations(written);
      expect(JSON.parse(JSON.stringify(written))).toEqual(written);
    });

    it(`${file}: extension form reads back as the same claims, and validates`, () => {
      const written = writeToolAnnotations(claims, { form: 'extension' });
      expect(written).not.toHaveProperty('inputMetadata');
      expect(written).not.toHaveProperty('returnMetadata');
      expect(readToolAnnotations(written).value).toEqual(claims);
      expectValidToolAnnotations(written);
    });
  }
});

describe('writeToolAnnotations: the SEP-1913 shape', () => {
  it('single-member sets as scalars, larger ones as arrays in rank order', () => {
    const written = writeToolAnnotations({
      hints: {},
      destination: ['public', 'internal', 'ephemeral'],
      outcomes: ['irreversible', 'benign'],
      inputSensitivity: ['pii'],
      returnSource: ['user', 'untrustedPublic', 'system'],
      returnSensitivity: [],
    });
    expect(written).toEqual({
      inputMetadata: {
        destination: ['ephemeral', 'internal', 'public'],
        sensitivity: 'pii',
        outcomes: ['benign', 'irreversible'],
      },
      returnMetadata: { source: ['untrustedPublic', 'user', 'system'], sensitivity: 'none' },
    });
  });

  it('hints, title, level and attribution as they are; level none is no claim', () => {
    const claims: ToolClaims = {
      title: 'Backup',
      hints: { readOnlyHint: false, trustedHint: true, reversibleHint: true, privateHint: true },
      sensitiveLevel: 'medium',
      attribution: ['urn:a'],
    };
    expect(writeToolAnnotations(claims)).toEqual({
      title: 'Backup',
      readOnlyHint: false,
      trustedHint: true,
      privateHint: true,
      reversibleHint: true,
      sensitiveHint: 'medium',
      attribution: ['urn:a'],
    });
    expect(writeToolAnnotations({ hints: {}, sensitiveLevel: 'none' })).toEqual({});
  });

  it('a partly declared metadata object is completed with full sets (the wire’s “unknown”)', () => {
    const written = writeToolAnnotations({ hints: {}, destination: ['user'], returnSensitivity: ['pii'] });
    expectValidToolAnnotations(written);
    const back = readToolAnnotations(written).value;
    expect(back.destination).toEqual(['user']);
    expect(back.outcomes).toEqual(FULL_SETS.outcomes);
    expect(back.returnSource).toEqual(FULL_SETS.returnSource);
    expect(back.returnSensitivity).toEqual(['pii']);
    // The full sensitivity set, less `unknown`, which has no wire form.
    expect(back.inputSensitivity).toEqual(FULL_SETS.inputSensitivity.filter((t) => t !== 'unknown'));
  });

  it('an unknown in a possible sensitivity widens to every class: never written as narrower', () => {
    for (const tags of [['unknown'], ['pii', 'unknown'], ['regulated:GDPR', 'unknown']] as const) {
      const written = writeToolAnnotations({ hints: {}, inputSensitivity: [...tags] });
      const back = readToolAnnotations(written).value.inputSensitivity ?? [];
      expect(back).toEqual(expect.arrayContaining(['credentials', 'financial', 'pii', 'regulated', 'user']));
      expect(back).toEqual(expect.arrayContaining(tags.filter((t) => t !== 'unknown')));
    }
  });

  it('a bare regulated beside scoped ones survives the round trip', () => {
    const claims: ToolClaims = {
      hints: {},
      returnSource: ['internal'],
      returnSensitivity: ['regulated', 'regulated:GDPR'],
    };
    const written = writeToolAnnotations(claims);
    expect(written.returnMetadata).toEqual({
      source: 'internal',
      sensitivity: [{ regulated: { scopes: ['GDPR'] } }, { regulated: { scopes: [] } }],
    });
    expect(readToolAnnotations(written).value).toEqual(claims);
  });

  it('nothing to say is an empty object', () => {
    expect(writeToolAnnotations({ hints: {} })).toEqual({});
    expect(writeToolAnnotations({ hints: {} }, { form: 'extension' })).toEqual({});
  });
});

/** A contract declaring only `fields`; everything else is the full set, undeclared. */
function contract(
  fields: Partial<
    Pick<ToolContract, 'destination' | 'outcomes' | 'returnSource' | 'returnSensitivity' | 'inputSensitivity'>
  >,
  rest: Partial<ToolContract> = {},
): ToolContract {
  const declared = {
    destination: fields.destination !== undefined,
    outcomes: fields.outcomes !== undefined,
    inputSensitivity: fields.inputSensitivity !== undefined,
    returnSource: fields.returnSource !== undefined,
    returnSensitivity: fields.returnSensitivity !== undefined,
  };
  return { tool: 't', ...FULL_SETS, hints: {}, attribution: [], origin: {}, ...fields, declared, ...rest };
}

describe('writeToolAnnotations from a contract', () => {
  it('writes a metadata object when any of its fields is declared, filling the rest from the contract', () => {
    const c = contract({ outcomes: ['consequential'] });
    const written = writeToolAnnotations(c);
    expect(written).toEqual({
      inputMetadata: {
        destination: ['ephemeral', 'system', 'user', 'internal', 'public'],
        sensitivity: ['user', 'pii', 'financial', 'credentials', { regulated: { scopes: [] } }],
        outcomes: 'consequential',
      },
    });
    expectValidToolAnnotations(written);
  });

  it('the declared fields read back unchanged', () => {
    const c = contract(
      {
        destination: ['internal', 'user'],
        returnSource: ['system'],
        returnSensitivity: ['financial', 'regulated:SOX'],
      },
      { hints: { destructiveHint: true }, attribution: ['urn:overlay'], sensitiveLevel: 'low' },
    );
    for (const form of ['sep1913', 'extension'] as const) {
      const back = readToolAnnotations(writeToolAnnotations(c, { form })).value;
      expect(back.destination).toEqual(c.destination);
      expect(back.returnSource).toEqual(c.returnSource);
      expect(back.returnSensitivity).toEqual(c.returnSensitivity);
      expect(back.hints).toEqual(c.hints);
      expect(back.attribution).toEqual(c.attribution);
      expect(back.sensitiveLevel).toBe('low');
    }
  });

  it('an undeclared contract writes no metadata and no empty attribution', () => {
    expect(writeToolAnnotations(contract({}, { hints: { openWorldHint: true } }))).toEqual({
      openWorldHint: true,
    });
  });

  it('extension form nests the metadata under the action-metadata key', () => {
    const written = writeToolAnnotations(contract({ returnSource: ['user'] }), { form: 'extension' });
    expect(Object.keys(written)).toEqual([ACTION_METADATA_KEY]);
    expect(written[ACTION_METADATA_KEY]).toHaveProperty('returnMetadata.source', 'user');
  });
});

const readBack = (meta: Record<string, unknown>) => readResultAnnotations({ content: [], _meta: meta });

describe('writeResultMeta', () => {
  it('the bottom label says only that it is not open-world', () => {
    expect(writeResultMeta(BOTTOM)).toEqual({ annotations: { openWorldHint: false } });
    expect(writeResultMeta(BOTTOM, { form: 'extension' })).toEqual({
      [TRUST_ANNOTATIONS_KEY]: { untrusted: false, sensitive: false },
    });
  });

  it('a complete label: every field, with concrete returnMetadata', () => {
    const label = makeLabel({
      openWorld: true,
      malicious: true,
      private: true,
      sensitiveLevel: 'high',
      sources: ['untrustedPublic'],
      sensitivity: ['pii', 'regulated:HIPAA'],
      attribution: ['https://x.example/'],
    });
    const meta = writeResultMeta(label);
    expect(meta).toEqual({
      annotations: {
        openWorldHint: true,
        maliciousActivityHint: true,
        attribution: ['https://x.example/'],
        privateHint: true,
        sensitiveHint: 'high',
        returnMetadata: {
          source: 'untrustedPublic',
          sensitivity: ['pii', { regulated: { scopes: ['HIPAA'] } }],
        },
      },
    });
    expect(errorsOf(published.meta, meta)).toEqual([]);
    expect(makeLabel(readBack(meta).value)).toEqual(label);
  });

  it('partial or empty sources leave returnMetadata out rather than overstate it', () => {
    const partial = makeLabel({ sources: ['user', 'unknown'], sensitivity: ['pii'] });
    expect(writeResultMeta(partial)).toEqual({ annotations: { openWorldHint: false } });
    const unknownClass = makeLabel({ sources: ['user'], sensitivity: ['unknown'] });
    expect(writeResultMeta(unknownClass)).toEqual({ annotations: { openWorldHint: false } });
    expect(writeResultMeta(makeLabel({ sensitivity: ['pii'] }))).toEqual({
      annotations: { openWorldHint: false },
    });
  });

  it('a label inconsistent about open-world is written as open-world', () => {
    const odd: DataLabel = { ...BOTTOM, sources: ['untrustedPublic'] };
    expect(writeResultMeta(odd)).toHaveProperty('annotations.openWorldHint', true);
  });

  it('extension form: untrusted, sensitive, malicious, attribution', () => {
    const label = makeLabel({
      sources: ['untrustedPublic'],
      malicious: true,
      sensitivity: ['financial'],
      attribution: ['urn:a'],
    });
    const meta = writeResultMeta(label, { form: 'extension' });
    expect(meta).toEqual({
      [TRUST_ANNOTATIONS_KEY]: {
        untrusted: true,
        sensitive: 'financial',
        malicious: true,
        attribution: ['urn:a'],
      },
    });
    expect(errorsOf(published.meta, meta)).toEqual([]);
    expect(makeLabel(readBack(meta).value)).toEqual(label);
  });

  it.each([
    ['partial classes', { sensitivity: ['pii', 'unknown'] }, true],
    ['a level', { sensitiveLevel: 'medium' }, 'medium'],
    ['classes beat a level', { sensitivity: ['pii', 'user'], sensitiveLevel: 'high' }, ['user', 'pii']],
    ['only private', { private: true }, 'low'],
  ] as const)('extension form: sensitive for %s', (_, init, sensitive) => {
    const meta = writeResultMeta(makeLabel(init), { form: 'extension' });
    expect(meta[TRUST_ANNOTATIONS_KEY]).toHaveProperty('sensitive', sensitive);
    expect(errorsOf(published.meta, meta)).toEqual([]);
  });
});

describe('writeRequestMeta', () => {
  const label = makeLabel({
    openWorld: true,
    private: true,
    sensitiveLevel: 'low',
    sources: ['internal'],
    sensitivity: ['credentials'],
    attribution: ['mcp://vault.local/key'],
  });

  it('share none sends nothing', () => {
    expect(writeRequestMeta(label, { share: 'none' })).toEqual({});
    expect(writeRequestMeta(label, { share: 'none', form: 'extension' })).toEqual({});
  });

  it('share minimal sends the flags only', () => {
    const meta = writeRequestMeta(label, { share: 'minimal' });
    expect(meta).toEqual({ annotations: { openWorldHint: true, privateHint: true, sensitiveHint: 'low' } });
    expect(errorsOf(published.requestAnnotations, meta.annotations)).toEqual([]);
    expect(writeRequestMeta(label, { share: 'minimal', form: 'extension' })).toEqual({
      [TRUST_ANNOTATIONS_KEY]: { untrusted: true, sensitive: 'low' },
    });
  });

  it('share full adds attribution and classes, and reads back as the label', () => {
    const meta = writeRequestMeta(label, { share: 'full' });
    expect(meta).toEqual(writeResultMeta(label));
    expect(makeLabel(readRequestAnnotations({ name: 't', _meta: meta }).value)).toEqual(label);
    const ext = writeRequestMeta(label, { share: 'full', form: 'extension' });
    expect(ext[TRUST_ANNOTATIONS_KEY]).toEqual({
      untrusted: true,
      sensitive: 'credentials',
      attribution: ['mcp://vault.local/key'],
    });
  });

  it('a malicious session is always said, even at minimal', () => {
    const meta = writeRequestMeta(makeLabel({ malicious: true }), { share: 'minimal' });
    expect(meta).toEqual({ annotations: { openWorldHint: false, maliciousActivityHint: true } });
  });
});
