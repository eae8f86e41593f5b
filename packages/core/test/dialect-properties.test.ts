import type { DataClaims, Problem, ReadResult, ToolClaims } from '@mcp-trust/core';
import {
  DESTINATIONS,
  HINT_NAMES,
  makeLabel,
  OUTCOMES,
  readDataAnnotations,
  readRequestAnnotations,
  readResultAnnotations,
  readToolAnnotations,
  readToolDefinition,
  SOURCES,
  writeResultMeta,
  writeToolAnnotations,
} from '@mcp-trust/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labelArb } from './arbitraries.js';
import { wireAll } from './support/dialect-fixtures.js';

const CODES = new Set([
  'invalid-type',
  'invalid-value',
  'missing-field',
  'unknown-key',
  'duplicate-field',
  'empty-set',
  'coerced',
  'legacy-pascal-case',
  'contradictory',
  'unreadable',
  'too-large',
  'too-many-problems',
]);

const READERS: ((x: unknown) => ReadResult<unknown>)[] = [
  (x) => readToolAnnotations(x),
  (x) => readToolDefinition(x),
  (x) => readDataAnnotations(x),
  (x) => readResultAnnotations(x),
  (x) => readRequestAnnotations(x),
];

const anything = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  key: fc.oneof(
    fc.string(),
    fc.constantFrom(
      '__proto__',
      'constructor',
      'toString',
      'annotations',
      '_meta',
      'content',
      'inputMetadata',
    ),
  ),
});

const sorted = (xs: readonly string[]) => xs.every((x, i) => i === 0 || xs[i - 1]! < x);

/** Plain checks (not `expect`) so thousands of runs stay fast; fast-check reports the failing input. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

function expectWellFormed(r: ReadResult<unknown>): void {
  for (const p of r.problems as Problem[]) {
    check(CODES.has(p.code), `unexpected problem code ${p.code}`);
    check(p.path.startsWith('$'), `path ${p.path} does not start at $`);
    check(['error', 'warning', 'info'].includes(p.severity), `severity ${p.severity}`);
  }
  check(sorted(r.dialects), 'dialects are not sorted');
}

/** Tool claims hold only canonical members, sorted: a bad field was dropped, never passed through. */
function expectCanonicalTool(c: ToolClaims): void {
  const within = (xs: readonly string[] | undefined, allowed: readonly string[]) =>
    xs === undefined || (sorted(xs) && xs.every((x) => allowed.includes(x)));
  check(within(c.destination, DESTINATIONS), `destination ${String(c.destination)}`);
  check(within(c.outcomes, OUTCOMES), `outcomes ${String(c.outcomes)}`);
  check(within(c.returnSource, SOURCES), `returnSource ${String(c.returnSource)}`);
  for (const [name, v] of Object.entries(c.hints)) {
    check((HINT_NAMES as readonly string[]).includes(name) && typeof v === 'boolean', `hint ${name}`);
  }
}

function expectCanonicalData(c: DataClaims): void {
  for (const flag of [c.openWorld, c.malicious, c.private])
    check([true, false, undefined].includes(flag), 'flag');
  check(c.sources === undefined || sorted(c.sources), 'sources are not sorted');
  check(c.sensitivity === undefined || sorted(c.sensitivity), 'sensitivity is not sorted');
  check(
    !c.sources?.includes('untrustedPublic') || c.openWorld === true,
    'untrustedPublic but not open-world',
  );
}

describe('readers on arbitrary input', () => {
  it('never throw, and report well-formed problems', () => {
    fc.assert(
      fc.property(anything, (x) => {
        for (const read of READERS) expectWellFormed(read(x));
      }),
      { numRuns: 400 },
    );
  });

  it('never throw with arbitrary values where annotations are looked for', () => {
    const shaped = fc.record(
      {
        annotations: anything,
        _meta: fc.record({
          annotations: anything,
          ifc: anything,
          'io.modelcontextprotocol/trust-annotations': anything,
        }),
        content: fc.array(fc.record({ _meta: anything, resource: fc.record({ _meta: anything }) }), {
          maxLength: 3,
        }),
        inputMetadata: fc.dictionary(
          fc.constantFrom('destination', 'Sensitivity', 'outcomes', 'x'),
          anything,
        ),
        returnMetadata: anything,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(shaped, (x) => {
        for (const read of READERS) expectWellFormed(read(x));
        expectCanonicalTool(readToolAnnotations(x).value);
        expectCanonicalData(readResultAnnotations(x).value);
      }),
      { numRuns: 400 },
    );
  });
});

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Paths to every value in a JSON tree. */
function pathsOf(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(v)) return here.concat(...v.map((x, i) => pathsOf(x, [...at, i])));
  if (v !== null && typeof v === 'object')
    return here.concat(...Object.entries(v).map(([k, x]) => pathsOf(x, [...at, k])));
  return here;
}

type Mutation = { kind: 'replace'; value: unknown } | { kind: 'delete' } | { kind: 'recase' };

function mutate(root: Json, path: (string | number)[], m: Mutation): unknown {
  if (path.length === 0) return m.kind === 'replace' ? m.value : root;
  const copy: Json = structuredClone(root);
  let parent: Json = copy;
  for (const k of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[k] as Json;
  const last = path.at(-1)!;
  const holder = parent as Record<string | number, unknown>;
  if (m.kind === 'replace') holder[last] = m.value;
  else if (m.kind === 'delete') delete holder[last];
  else if (typeof last === 'string') {
    holder[last.toUpperCase() === last ? last.toLowerCase() : last.toUpperCase()] = holder[last];
    delete holder[last];
  } else if (typeof holder[last] === 'string') {
    holder[last] = (holder[last] as string).toUpperCase();
  }
  return copy;
}

const FIXTURES = [...wireAll('seeds'), ...wireAll('dialects')].map(([f, j]) => [f, j as Json] as const);

describe('readers on mutated fixtures', () => {
  const mutation = fc.oneof(
    anything.map((value): Mutation => ({ kind: 'replace', value })),
    fc.constant<Mutation>({ kind: 'delete' }),
    fc.constant<Mutation>({ kind: 'recase' }),
  );
  const mutated = fc
    .constantFrom(...FIXTURES)
    .chain(([file, json]) =>
      fc.tuple(
        fc.constant(file),
        fc.constant(json),
        fc.constantFrom(...pathsOf(json)),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
      ),
    )
    .map(
      ([file, json, path, ms]) =>
        [file, ms.reduce<unknown>((j, m) => mutate(j as Json, path, m), json)] as const,
    );

  it('never throw; values stay canonical', () => {
    fc.assert(
      fc.property(mutated, ([, x]) => {
        const root = x as Record<string, unknown> | null;
        const inner = typeof root === 'object' && root !== null ? root : {};
        for (const input of [x, inner.result, inner.params, inner.tool, inner.annotations]) {
          for (const read of READERS) expectWellFormed(read(input));
          expectCanonicalTool(readToolDefinition(input).value.claims);
          expectCanonicalData(readResultAnnotations(input).value);
          expectCanonicalData(readRequestAnnotations(input).value);
        }
      }),
      { numRuns: 500 },
    );
  });
});

const toolClaimsArb: fc.Arbitrary<ToolClaims> = fc
  .record({
    hints: fc.record(Object.fromEntries(HINT_NAMES.map((h) => [h, fc.boolean()])), { requiredKeys: [] }),
    title: fc.option(fc.string(), { nil: undefined }),
    sensitiveLevel: fc.option(fc.constantFrom('low', 'medium', 'high' as const), { nil: undefined }),
    attribution: fc.option(fc.uniqueArray(fc.webUrl(), { maxLength: 3 }), { nil: undefined }),
    input: fc.option(
      fc.record({
        destination: fc.uniqueArray(fc.constantFrom(...DESTINATIONS), { minLength: 1 }),
        outcomes: fc.uniqueArray(fc.constantFrom(...OUTCOMES), { minLength: 1 }),
        inputSensitivity: fc.uniqueArray(
          fc.constantFrom('user', 'pii', 'financial', 'credentials', 'regulated', 'regulated:GDPR' as const),
        ),
      }),
      { nil: undefined },
    ),
    ret: fc.option(
      fc.record({
        returnSource: fc.uniqueArray(fc.constantFrom(...SOURCES), { minLength: 1 }),
        returnSensitivity: fc.uniqueArray(
          fc.constantFrom('pii', 'financial', 'regulated:HIPAA', 'regulated:SOX' as const),
        ),
      }),
      { nil: undefined },
    ),
  })
  .map(({ hints, title, sensitiveLevel, attribution, input, ret }) => {
    const c: ToolClaims = { hints, ...input, ...ret };
    if (title !== undefined) c.title = title;
    if (sensitiveLevel !== undefined) c.sensitiveLevel = sensitiveLevel;
    if (attribution !== undefined) c.attribution = [...attribution].sort();
    for (const f of [
      'destination',
      'outcomes',
      'inputSensitivity',
      'returnSource',
      'returnSensitivity',
    ] as const) {
      const v = c[f];
      if (v !== undefined) Object.assign(c, { [f]: [...v].sort() });
    }
    return c;
  });

describe('writers round-trip', () => {
  it('read(writeToolAnnotations(claims)) = claims, in both forms, for claims with whole metadata objects', () => {
    fc.assert(
      fc.property(toolClaimsArb, fc.constantFrom('sep1913', 'extension' as const), (claims, form) => {
        const back = readToolAnnotations(writeToolAnnotations(claims, { form }));
        expect(back.value).toEqual(claims);
        expect(back.problems).toEqual([]);
      }),
    );
  });

  it('writeResultMeta keeps every flag, level and attribution of any label, and its sets when exact', () => {
    fc.assert(
      fc.property(labelArb, (label) => {
        const back = makeLabel(readResultAnnotations({ content: [], _meta: writeResultMeta(label) }).value);
        expect(back.openWorld).toBe(label.openWorld);
        expect(back.malicious).toBe(label.malicious);
        expect(back.private).toBe(label.private);
        expect(back.sensitiveLevel).toBe(label.sensitiveLevel);
        expect(back.attribution).toEqual(label.attribution);
        const exact =
          label.sources.length > 0 &&
          !label.sources.includes('unknown') &&
          !label.sensitivity.includes('unknown');
        if (exact) expect(back).toEqual(label);
        else expect(back.sources).toEqual([]);
      }),
    );
  });
});
