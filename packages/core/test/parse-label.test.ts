import type { DataClass, LabelInit, SensitivityTag } from '@mcp-trust/core';
import {
  BOTTOM,
  DataLabelSchema,
  join,
  labelEquals,
  makeLabel,
  parseDataLabel,
  SENSITIVE_LEVELS,
  SOURCES,
  UNKNOWN,
} from '@mcp-trust/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

function viaJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

const dataClass: fc.Arbitrary<DataClass> = fc.oneof(
  fc.constantFrom<DataClass>('none', 'user', 'pii', 'financial', 'credentials'),
  fc
    .array(fc.constantFrom('GDPR', 'hipaa', ' PCI-DSS ', 'sox', ''), { maxLength: 3 })
    .map((scopes) => ({ regulated: { scopes } })),
);
const labelInit: fc.Arbitrary<LabelInit> = fc.record(
  {
    openWorld: fc.boolean(),
    malicious: fc.boolean(),
    private: fc.boolean(),
    sensitiveLevel: fc.constantFrom(...SENSITIVE_LEVELS),
    sources: fc.array(fc.constantFrom(...SOURCES, UNKNOWN)),
    sensitivity: fc.array(
      fc.oneof(dataClass, fc.constantFrom<SensitivityTag>('unknown', 'regulated', 'user', 'credentials')),
    ),
    attribution: fc.array(fc.oneof(fc.webUrl(), fc.string())),
  },
  { requiredKeys: [] },
);

/** A valid label as stored, with everything a canonical one would not have: disorder, repeats, case. */
const messy = {
  openWorld: false,
  malicious: false,
  private: true,
  sensitiveLevel: 'low',
  sources: ['user', 'untrustedPublic', 'user', 'internal'],
  sensitivity: ['pii', 'regulated:gdpr', 'credentials', 'pii', 'regulated: GDPR '],
  attribution: ['urn:b', 'urn:a', 'urn:b'],
};

describe('parseDataLabel: round trip', () => {
  it('gives back every label makeLabel makes, after JSON, with no problems', () => {
    fc.assert(
      fc.property(labelInit, (init) => {
        const label = makeLabel(init);
        const { label: back, problems } = parseDataLabel(viaJson(label));
        expect(problems).toEqual([]);
        expect(back).toEqual(label);
        expect(back !== undefined && labelEquals(back, label)).toBe(true);
      }),
    );
  });

  it('gives back the bottom and joins of labels', () => {
    expect(parseDataLabel(viaJson(BOTTOM))).toEqual({ label: BOTTOM, problems: [] });
    const joined = join(
      makeLabel({ sources: ['internal'] }),
      makeLabel({ openWorld: true, attribution: ['urn:x'] }),
    );
    expect(parseDataLabel(viaJson(joined)).label).toEqual(joined);
  });

  it('canonicalises what it accepts: sorted, deduplicated, scopes upper-cased, open-world from sources', () => {
    const { label, problems } = parseDataLabel(messy);
    expect(problems).toEqual([]);
    expect(label).toEqual({
      openWorld: true,
      malicious: false,
      private: true,
      sensitiveLevel: 'low',
      sources: ['internal', 'untrustedPublic', 'user'],
      sensitivity: ['credentials', 'pii', 'regulated:GDPR'],
      attribution: ['urn:a', 'urn:b'],
    });
  });

  it('is idempotent', () => {
    const once = parseDataLabel(messy).label;
    expect(parseDataLabel(viaJson(once)).label).toEqual(once);
  });

  it('does not hand back the object it was given', () => {
    const input = viaJson(makeLabel({ attribution: ['urn:a'] }));
    expect(parseDataLabel(input).label).not.toBe(input);
  });
});

describe('parseDataLabel: rejection', () => {
  const stored = viaJson(makeLabel({ sources: ['internal', 'user'] })) as Record<string, unknown>;
  it.each<[string, unknown, string[]]>([
    ['null', null, ['$']],
    ['a number', 42, ['$']],
    ['an array', [stored], ['$']],
    ['the label as an unparsed JSON string', JSON.stringify(stored), ['$']],
    ['a missing field', { ...stored, openWorld: undefined }, ['$.openWorld']],
    ['a string for a boolean', { ...stored, malicious: 'false' }, ['$.malicious']],
    ['an unknown level', { ...stored, sensitiveLevel: 'extreme' }, ['$.sensitiveLevel']],
    [
      'a PascalCase source, third in the set',
      { ...stored, sources: ['internal', 'user', 'UntrustedPublic'] },
      ['$.sources[2]'],
    ],
    ['sources as a string', { ...stored, sources: 'internal' }, ['$.sources']],
    [
      'a wire data class where a tag belongs',
      { ...stored, sensitivity: [{ regulated: { scopes: ['GDPR'] } }] },
      ['$.sensitivity[0]'],
    ],
    ['a PascalCase tag', { ...stored, sensitivity: ['user', 'PII'] }, ['$.sensitivity[1]']],
    ['none as a tag (none is the empty set)', { ...stored, sensitivity: ['none'] }, ['$.sensitivity[0]']],
    ['a regulated tag without a scope', { ...stored, sensitivity: ['regulated:  '] }, ['$.sensitivity[0]']],
    ['a non-string attribution', { ...stored, attribution: ['urn:a', 7] }, ['$.attribution[1]']],
    ['an extra field', { ...stored, trusted: true }, ['$.trusted']],
    ['extra fields with odd names', { ...stored, 'io.x/y': 1, '0': 2 }, ['$["0"]', '$["io.x/y"]']],
    [
      'two things wrong at once',
      { ...stored, openWorld: 1, sources: [null] },
      ['$.openWorld', '$.sources[0]'],
    ],
  ])('%s', (_name, input, paths) => {
    const { label, problems } = parseDataLabel(input);
    expect(label).toBeUndefined();
    expect(problems.map((p) => p.path).sort()).toEqual([...paths].sort());
    for (const p of problems) {
      expect(p).toMatchObject({ code: 'invalid-label', severity: 'error' });
      expect(p.message.length).toBeGreaterThan(0);
    }
  });

  it('says what was expected', () => {
    const { problems } = parseDataLabel({ ...stored, sources: ['Internal'] });
    expect(problems[0]?.message).toMatch(/untrustedPublic/);
  });
});

describe('parseDataLabel: hostile input', () => {
  it('rejects a __proto__ key without polluting anything', () => {
    const input = JSON.parse(
      '{"openWorld":false,"malicious":false,"private":false,"sensitiveLevel":"none","sources":[],"sensitivity":[],"attribution":[],"__proto__":{"polluted":true}}',
    );
    const { label, problems } = parseDataLabel(input);
    expect(label).toBeUndefined();
    expect(problems.map((p) => p.path)).toEqual(['$.__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('survives getters and proxies that throw', () => {
    const getter = {
      ...valid(),
      get openWorld(): boolean {
        throw new Error('boom');
      },
    };
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    const hostileError = new Proxy(
      {},
      {
        get() {
          throw {
            toString: () => {
              throw new Error('again');
            },
          };
        },
      },
    );
    for (const input of [getter, trap, revocable.proxy, hostileError]) {
      const { label, problems } = parseDataLabel(input);
      expect(label).toBeUndefined();
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ path: '$', code: 'invalid-label' });
    }
  });

  it('rejects a cyclic value instead of looping', () => {
    const cyclic: Record<string, unknown> = { ...valid() };
    cyclic.self = cyclic;
    cyclic.attribution = [cyclic];
    const { problems } = parseDataLabel(cyclic);
    expect(problems.map((p) => p.path).sort()).toEqual(['$.attribution[0]', '$.self']);
  });

  it('lists a bounded number of problems for a huge bad value', () => {
    const { problems } = parseDataLabel({ ...valid(), sources: Array.from({ length: 10_000 }, () => 'web') });
    expect(problems.length).toBe(21);
    expect(problems.at(-1)?.message).toMatch(/9980 more/);
  });

  it('never throws, and whatever it accepts is a valid canonical label', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.jsonValue(),
          labelInit.map((i) => viaJson(makeLabel(i))),
        ),
        (input) => {
          const { label, problems } = parseDataLabel(input);
          if (label === undefined) {
            expect(problems.length).toBeGreaterThan(0);
            return;
          }
          expect(problems).toEqual([]);
          expect(DataLabelSchema.safeParse(label).success).toBe(true);
          for (const set of [label.sources, label.sensitivity, label.attribution]) {
            expect([...new Set(set)].sort()).toEqual(set);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

function valid(): Record<string, unknown> {
  return viaJson(makeLabel()) as Record<string, unknown>;
}
