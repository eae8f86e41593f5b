import type { ReadResult } from '@mcp-trust/core';
import {
  ACTION_METADATA_KEY,
  readDataAnnotations,
  readRequestAnnotations,
  readResultAnnotations,
  readToolAnnotations,
  readToolDefinition,
  TRUST_ANNOTATIONS_KEY,
} from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';
import { codesOf } from './support/dialect-fixtures.js';

/**
 * Readers face data from servers we do not trust and callers who may pass anything. Each must
 * return — never throw, never hang — and say what was wrong, leaving conservative values.
 */

const READERS: Record<string, (input: unknown) => ReadResult<unknown>> = {
  readToolAnnotations: (x) => readToolAnnotations(x),
  readToolDefinition: (x) => readToolDefinition(x),
  readDataAnnotations: (x) => readDataAnnotations(x),
  readResultAnnotations: (x) => readResultAnnotations(x),
  readRequestAnnotations: (x) => readRequestAnnotations(x),
};

/** Put a hostile value everywhere a reader looks. */
function placements(v: unknown): unknown[] {
  return [
    v,
    { annotations: v, name: 'x', _meta: v, content: v, contents: v },
    { inputMetadata: v, returnMetadata: v, attribution: v, sensitiveHint: v, openWorldHint: v, title: v },
    { inputMetadata: { destination: v, sensitivity: v, outcomes: v } },
    { returnMetadata: { source: v, sensitivity: [v, { regulated: v }, { regulated: { scopes: v } }] } },
    { [ACTION_METADATA_KEY]: v },
    { _meta: { annotations: v, [TRUST_ANNOTATIONS_KEY]: v, ifc: v } },
    {
      _meta: {
        [TRUST_ANNOTATIONS_KEY]: { sensitive: v, untrusted: v },
        ifc: { integrity: v, confidentiality: v },
      },
    },
    { content: [v, { _meta: v }, { resource: v }, { resource: { _meta: v } }] },
  ];
}

function throwingGetter(key: string): object {
  return Object.defineProperty({}, key, {
    enumerable: true,
    get() {
      throw new Error('boom');
    },
  });
}

const throwingProxy = new Proxy(
  {},
  {
    ownKeys() {
      throw new Error('ownKeys');
    },
    get() {
      throw new Error('get');
    },
    getOwnPropertyDescriptor() {
      throw new Error('gOPD');
    },
    has() {
      throw new Error('has');
    },
  },
);
const revoked = (() => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
})();

const cyclic: Record<string, unknown> = {};
for (const key of [
  'annotations',
  'inputMetadata',
  'returnMetadata',
  '_meta',
  'resource',
  ACTION_METADATA_KEY,
]) {
  cyclic[key] = cyclic;
}
cyclic.content = [cyclic];

function deep(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let v: unknown = 'public';
  for (let i = 0; i < depth; i++) v = wrap(v);
  return v;
}

const HOSTILE: Record<string, unknown> = {
  null: null,
  undefined: undefined,
  'a number': 42,
  NaN: Number.NaN,
  'a string': 'annotations',
  'a bigint': 10n,
  'a symbol': Symbol('x'),
  'a function': () => ({ openWorldHint: true }),
  'an empty array': [],
  'an array of junk': [1, 'a', null, {}],
  'a throwing getter': throwingGetter('openWorldHint'),
  'a proxy whose traps throw': throwingProxy,
  'a revoked proxy': revoked,
  'a cyclic object': cyclic,
  '10k-deep arrays': deep(10_000, (v) => [v]),
  '10k-deep objects': deep(10_000, (v) => ({ inputMetadata: v, annotations: v, _meta: v })),
  'a sparse array of length 2^32-1': new Array(2 ** 32 - 1),
  'a huge dense array': Array(100_000).fill('public'),
  'an object with __proto__/constructor keys': JSON.parse(
    '{"__proto__": {"openWorldHint": true}, "constructor": {"prototype": 1}, "toString": 1, "hasOwnProperty": 2}',
  ),
  'a null-prototype object': Object.assign(Object.create(null), { destination: 'public' }),
  'an array with a throwing index': Object.defineProperty(['public'], 0, {
    get() {
      throw new Error('index');
    },
  }),
  'a proxy that lies about its length': new Proxy([], {
    get: (_, k) => (k === 'length' ? 'many' : undefined),
  }),
};

describe('readers never throw or hang', () => {
  for (const [what, value] of Object.entries(HOSTILE)) {
    it(`on ${what}, wherever it appears`, () => {
      const started = performance.now();
      for (const [name, read] of Object.entries(READERS)) {
        for (const input of placements(value)) {
          const r = (() => {
            try {
              return read(input);
            } catch (e) {
              throw new Error(`${name} threw on ${what}: ${String(e)}`);
            }
          })();
          expect(Array.isArray(r.problems)).toBe(true);
          expect(JSON.stringify(r.value)).toBeTypeOf('string'); // plain data, no cycles
        }
      }
      expect(performance.now() - started).toBeLessThan(2_000);
    });
  }
});

describe('hostile inputs: the problems and the conservative values', () => {
  it.each(['readToolAnnotations', 'readDataAnnotations', 'readResultAnnotations', 'readRequestAnnotations'])(
    '%s on a non-object reports invalid-type at $ and claims nothing',
    (name) => {
      const read = READERS[name]!;
      for (const v of [null, 42, 'x', [], true, 10n]) {
        const r = read(v);
        expect(codesOf(r.problems)).toEqual(['error invalid-type $']);
        expect(r.value).toEqual(name === 'readToolAnnotations' ? { hints: {} } : {});
      }
    },
  );

  it('a throwing getter on a tool hint: reported, hint dropped', () => {
    const r = readToolAnnotations(throwingGetter('readOnlyHint'));
    expect(r.value).toEqual({ hints: {} });
    expect(codesOf(r.problems)).toEqual(['error unreadable $.readOnlyHint']);
  });

  it('a throwing getter on a data flag: reported, and read as the risky value', () => {
    const r = readDataAnnotations(throwingGetter('openWorldHint'));
    expect(r.value).toEqual({ openWorld: true });
    expect(codesOf(r.problems)).toEqual(['error unreadable $.openWorldHint']);
  });

  it('a throwing getter inside a set: the tool field is dropped, the data set gets unknown', () => {
    const tool = readToolAnnotations({
      inputMetadata: {
        destination: HOSTILE['an array with a throwing index'],
        sensitivity: 'none',
        outcomes: 'benign',
      },
    });
    expect(tool.value.destination).toBeUndefined();
    expect(tool.value.outcomes).toEqual(['benign']);
    expect(codesOf(tool.problems)).toEqual(['error unreadable $.inputMetadata.destination']);
    const data = readDataAnnotations({ returnMetadata: { source: throwingGetter('0'), sensitivity: 'pii' } });
    expect(data.value).toEqual({ sources: ['unknown'], sensitivity: ['pii'] });
  });

  it('a proxy whose traps throw is reported as unreadable', () => {
    expect(codesOf(readToolAnnotations(throwingProxy).problems)).toEqual(['error unreadable $']);
    expect(codesOf(readResultAnnotations({ content: [], _meta: throwingProxy }).problems)).toEqual([
      'error unreadable $._meta.annotations',
      'error unreadable $._meta["io.modelcontextprotocol/trust-annotations"]',
      'error unreadable $._meta.ifc',
    ]);
  });

  it('__proto__ and constructor are plain unknown keys: never followed, never polluting', () => {
    const r = readToolAnnotations(HOSTILE['an object with __proto__/constructor keys']);
    expect(r.value).toEqual({ hints: {} });
    expect(r.problems.map((p) => p.path)).toEqual([
      '$.__proto__',
      '$.constructor',
      '$.toString',
      '$.hasOwnProperty',
    ]);
    expect(({} as Record<string, unknown>).openWorldHint).toBeUndefined();
    const d = readDataAnnotations(JSON.parse('{"__proto__": {"maliciousActivityHint": true}}'));
    expect(d.value).toEqual({});
  });

  it('inherited properties are not read', () => {
    expect(readDataAnnotations(Object.create({ maliciousActivityHint: true })).value).toEqual({});
    expect(readToolAnnotations(Object.create({ destructiveHint: true })).value).toEqual({ hints: {} });
  });

  it('a null-prototype object is read like any other', () => {
    const annotations = Object.assign(Object.create(null), { destructiveHint: true });
    expect(readToolAnnotations(annotations).value).toEqual({ hints: { destructiveHint: true } });
  });

  it('a cyclic object is read once, without recursion', () => {
    const r = readToolAnnotations(cyclic);
    expect(r.value).toEqual({ hints: {} });
    expect(r.problems.some((p) => p.code === 'unknown-key')).toBe(true);
  });

  it('huge arrays are refused as too large; the tool field is dropped', () => {
    const r = readToolAnnotations({
      inputMetadata: { destination: new Array(2 ** 32 - 1), sensitivity: 'none', outcomes: 'benign' },
      attribution: Array(100_000).fill('urn:x'),
    });
    expect(r.value).toEqual({ hints: {}, inputSensitivity: [], outcomes: ['benign'] });
    expect(codesOf(r.problems)).toEqual([
      'error too-large $.inputMetadata.destination',
      'error too-large $.attribution',
    ]);
  });

  it('a flood of problems is cut short, and says so', () => {
    const many = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    const r = readToolAnnotations(many);
    expect(r.problems).toHaveLength(101);
    expect(r.problems.at(-1)).toMatchObject({ code: 'too-many-problems', path: '$', severity: 'warning' });
    expect(r.problems.at(-1)?.message).toContain('9900');
  });

  it('a huge key or value does not bloat paths and messages', () => {
    const key = 'k'.repeat(1_000_000);
    const r = readToolAnnotations({ [key]: 1, sensitiveHint: 'x'.repeat(1_000_000) });
    for (const p of r.problems) {
      expect(p.path.length).toBeLessThan(200);
      expect(p.message.length).toBeLessThan(300);
    }
  });
});
