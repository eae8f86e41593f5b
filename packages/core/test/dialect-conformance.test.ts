import type { DataClaims, Dialect, ToolClaims } from '@mcp-trust/core';
import {
  ACTION_METADATA_KEY,
  readRequestAnnotations,
  readResultAnnotations,
  readToolAnnotations,
  readToolDefinition,
  TRUST_ANNOTATIONS_KEY,
} from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';

/**
 * The dialect conformance suite (STYLE.md #4): each case is one set of facts, written by hand in
 * every dialect that can say them; every spelling, read through every place it may appear, must
 * give the same canonical claims. Add a dialect by adding a spelling to each case it can express.
 */

interface Spelling {
  dialects: Dialect[];
  /** Problem codes the spelling is expected to raise (legacy spellings warn), in any order. */
  warns?: string[];
  wire: Record<string, unknown>;
}

interface ToolCase {
  facts: string;
  claims: ToolClaims;
  spellings: Record<string, Spelling>;
}

const TOOL_CASES: ToolCase[] = [
  {
    facts: 'send_email: public, irreversible, takes PII, returns a system receipt',
    claims: {
      hints: {},
      destination: ['public'],
      inputSensitivity: ['pii', 'user'],
      outcomes: ['irreversible'],
      returnSource: ['system'],
      returnSensitivity: [],
    },
    spellings: {
      sep1913: {
        dialects: ['sep1913'],
        wire: {
          inputMetadata: { destination: 'public', sensitivity: ['pii', 'user'], outcomes: 'irreversible' },
          returnMetadata: { source: 'system', sensitivity: 'none' },
        },
      },
      'sep1913, every field an array': {
        dialects: ['sep1913'],
        wire: {
          inputMetadata: {
            destination: ['public'],
            sensitivity: ['user', 'pii', 'pii'],
            outcomes: ['irreversible'],
          },
          returnMetadata: { source: ['system'], sensitivity: [] },
        },
      },
      sep2061: {
        dialects: ['sep2061'],
        warns: Array(11).fill('legacy-pascal-case'),
        wire: {
          inputMetadata: { Destination: 'Public', Sensitivity: ['PII', 'User'], Outcomes: 'Irreversible' },
          returnMetadata: { Source: 'System', Sensitivity: 'None' },
        },
      },
      'sep1913 keys, SEP-2061 values': {
        dialects: ['sep1913', 'sep2061'],
        warns: Array(5).fill('legacy-pascal-case'),
        wire: {
          inputMetadata: { destination: 'Public', sensitivity: ['PII', 'User'], outcomes: 'Irreversible' },
          returnMetadata: { source: 'System', sensitivity: 'none' },
        },
      },
      'ext-action-metadata': {
        dialects: ['ext-action-metadata'],
        wire: {
          [ACTION_METADATA_KEY]: {
            inputMetadata: { destination: 'public', sensitivity: ['pii', 'user'], outcomes: 'irreversible' },
            returnMetadata: { source: 'system', sensitivity: 'none' },
          },
        },
      },
      'ext-action-metadata, input/return aliases': {
        dialects: ['ext-action-metadata'],
        wire: {
          [ACTION_METADATA_KEY]: {
            input: { destination: 'public', sensitivity: ['pii', 'user'], outcomes: 'irreversible' },
            return: { source: 'system', sensitivity: 'none' },
          },
        },
      },
      'split: input at the top, return in the extension': {
        dialects: ['ext-action-metadata', 'sep1913'],
        wire: {
          inputMetadata: { destination: 'public', sensitivity: ['pii', 'user'], outcomes: 'irreversible' },
          [ACTION_METADATA_KEY]: { returnMetadata: { source: 'system', sensitivity: 'none' } },
        },
      },
    },
  },
  {
    facts: 'possible sets: a file tool that may write anywhere private, with credentials or regulated data',
    claims: {
      hints: {},
      destination: ['internal', 'system', 'user'],
      inputSensitivity: ['credentials', 'regulated'],
      outcomes: ['benign', 'consequential'],
      returnSource: ['internal', 'trustedPublic'],
      returnSensitivity: ['credentials', 'regulated'],
    },
    spellings: {
      sep1913: {
        dialects: ['sep1913'],
        wire: {
          inputMetadata: {
            destination: ['system', 'user', 'internal'],
            sensitivity: ['credentials', { regulated: { scopes: [] } }],
            outcomes: ['benign', 'consequential'],
          },
          returnMetadata: {
            source: ['trustedPublic', 'internal'],
            sensitivity: [{ regulated: { scopes: [] } }, 'credentials'],
          },
        },
      },
      sep2061: {
        dialects: ['sep2061'],
        warns: Array(5 + 11).fill('legacy-pascal-case'),
        wire: {
          inputMetadata: {
            Destination: ['System', 'User', 'Internal'],
            Sensitivity: ['Credentials', 'Regulated'],
            Outcomes: ['Benign', 'Consequential'],
          },
          returnMetadata: {
            Source: ['TrustedPublic', 'Internal'],
            Sensitivity: ['Regulated', 'Credentials'],
          },
        },
      },
      'ext-action-metadata': {
        dialects: ['ext-action-metadata'],
        wire: {
          [ACTION_METADATA_KEY]: {
            input: {
              destination: ['internal', 'user', 'system'],
              sensitivity: [{ regulated: { scopes: [] } }, 'credentials'],
              outcomes: ['consequential', 'benign'],
            },
            returnMetadata: {
              source: ['internal', 'trustedPublic'],
              sensitivity: ['credentials', { regulated: { scopes: [] } }],
            },
          },
        },
      },
    },
  },
  {
    facts: 'hints: a trusted, private, highly sensitive admin tool that cannot be undone',
    claims: {
      hints: {
        trustedHint: true,
        privateHint: true,
        privilegedAccessHint: true,
        reversibleHint: false,
        readOnlyHint: false,
      },
      sensitiveLevel: 'high',
    },
    spellings: {
      'mcp + sep1487 + issue711 + sep1984': {
        dialects: ['issue711', 'sep1487', 'sep1984'],
        wire: {
          readOnlyHint: false,
          trustedHint: true,
          privateHint: true,
          sensitiveHint: 'high',
          privilegedAccessHint: true,
          reversibleHint: false,
        },
      },
      'the same with string booleans and a capitalised level': {
        dialects: ['issue711', 'sep1487', 'sep1984'],
        warns: [...Array(5).fill('coerced'), 'legacy-pascal-case'],
        wire: {
          readOnlyHint: 'false',
          trustedHint: 'true',
          privateHint: 'true',
          sensitiveHint: 'High',
          privilegedAccessHint: 'true',
          reversibleHint: 'false',
        },
      },
    },
  },
];

const TOOL_PLACES: Record<string, (wire: Record<string, unknown>) => ReturnType<typeof readToolAnnotations>> =
  {
    'tool annotations': (w) => readToolAnnotations(w),
    'tools/list entry': (w) => {
      const r = readToolDefinition({
        name: 't',
        description: 'd',
        inputSchema: { type: 'object' },
        annotations: w,
      });
      return { ...r, value: r.value.claims };
    },
  };

describe('dialect conformance: tool annotations', () => {
  for (const c of TOOL_CASES) {
    describe(c.facts, () => {
      it('is written in at least two spellings', () =>
        expect(Object.keys(c.spellings).length).toBeGreaterThan(1));
      for (const [spelling, s] of Object.entries(c.spellings)) {
        for (const [place, read] of Object.entries(TOOL_PLACES)) {
          it(`${spelling}, as ${place}`, () => {
            const r = read(s.wire);
            expect(r.value).toEqual(c.claims);
            expect(r.dialects).toEqual(s.dialects);
            expect(r.problems.map((p) => p.code).sort()).toEqual([...(s.warns ?? [])].sort());
            expect(r.problems.every((p) => p.severity === 'warning')).toBe(true);
          });
        }
      }
    });
  }
});

/** A data case's spellings are `_meta` contents. */
interface DataCase {
  facts: string;
  claims: DataClaims;
  spellings: Record<string, Spelling & { requestToo?: boolean }>;
}

const DATA_CASES: DataCase[] = [
  {
    facts: 'an injected web page: open-world, malicious, untrusted source, PII, attributed',
    claims: {
      openWorld: true,
      malicious: true,
      sources: ['untrustedPublic'],
      sensitivity: ['pii'],
      attribution: ['https://evil.example/page'],
    },
    spellings: {
      sep1913: {
        dialects: ['sep1913'],
        requestToo: true,
        wire: {
          annotations: {
            openWorldHint: true,
            maliciousActivityHint: true,
            attribution: ['https://evil.example/page'],
            returnMetadata: { source: 'untrustedPublic', sensitivity: 'pii' },
          },
        },
      },
      'sep1913 with SEP-2061 returnMetadata': {
        dialects: ['sep1913', 'sep2061'],
        warns: Array(4).fill('legacy-pascal-case'),
        requestToo: true,
        wire: {
          annotations: {
            openWorldHint: true,
            maliciousActivityHint: true,
            attribution: ['https://evil.example/page'],
            returnMetadata: { Source: 'UntrustedPublic', Sensitivity: 'PII' },
          },
        },
      },
      'ext-trust-annotations': {
        dialects: ['ext-trust-annotations'],
        requestToo: true,
        wire: {
          [TRUST_ANNOTATIONS_KEY]: {
            untrusted: true,
            malicious: true,
            sensitive: 'pii',
            attribution: ['https://evil.example/page'],
          },
        },
      },
      'github-ifc + ext-trust-annotations': {
        dialects: ['ext-trust-annotations', 'github-ifc'],
        wire: {
          ifc: { integrity: 'untrusted' },
          [TRUST_ANNOTATIONS_KEY]: {
            malicious: true,
            sensitive: ['pii'],
            attribution: ['https://evil.example/page'],
          },
        },
      },
    },
  },
  {
    facts: 'a secret in a private repository: not open-world, private, highly sensitive',
    claims: { openWorld: false, private: true, sensitiveLevel: 'high' },
    spellings: {
      'sep1913 + issue711': {
        dialects: ['issue711', 'sep1913'],
        requestToo: true,
        wire: { annotations: { openWorldHint: false, privateHint: true, sensitiveHint: 'high' } },
      },
      'github-ifc': {
        dialects: ['github-ifc'],
        wire: { ifc: { integrity: 'trusted', confidentiality: 'secret' } },
      },
      'github-ifc, FIDES spellings': {
        dialects: ['github-ifc', 'issue711'],
        wire: {
          ifc: { integrity: 'HIGH', confidentiality: ['acme/app:maintainers'] },
          annotations: { sensitiveHint: 'high' },
        },
      },
      'ext-trust-annotations + github-ifc': {
        dialects: ['ext-trust-annotations', 'github-ifc'],
        wire: {
          [TRUST_ANNOTATIONS_KEY]: { untrusted: false, sensitive: 'high' },
          ifc: { confidentiality: 'private' },
        },
      },
    },
  },
  {
    facts: 'untrusted data, nothing more said',
    claims: { openWorld: true, sources: ['untrustedPublic'] },
    spellings: {
      'ext-trust-annotations': {
        dialects: ['ext-trust-annotations'],
        requestToo: true,
        wire: { [TRUST_ANNOTATIONS_KEY]: { untrusted: true } },
      },
      'github-ifc': { dialects: ['github-ifc'], wire: { ifc: { integrity: 'low' } } },
      'github-ifc, upper case': { dialects: ['github-ifc'], wire: { ifc: { integrity: 'Untrusted' } } },
    },
  },
];

const DATA_PLACES: Record<
  string,
  { request: boolean; read: (meta: Record<string, unknown>) => ReturnType<typeof readResultAnnotations> }
> = {
  'result, response level': { request: false, read: (m) => readResultAnnotations({ content: [], _meta: m }) },
  'result, its only block': {
    request: false,
    read: (m) => readResultAnnotations({ content: [{ type: 'text', text: 'x', _meta: m }] }),
  },
  'result, an embedded resource': {
    request: false,
    read: (m) =>
      readResultAnnotations({
        content: [{ type: 'resource', resource: { uri: 'file:///x', text: 'x', _meta: m } }],
      }),
  },
  'ReadResourceResult, its only contents item': {
    request: false,
    read: (m) => readResultAnnotations({ contents: [{ uri: 'file:///x', text: 'x', _meta: m }] }),
  },
  'request params': {
    request: true,
    read: (m) => readRequestAnnotations({ name: 't', arguments: {}, _meta: m }),
  },
};

describe('dialect conformance: data annotations', () => {
  for (const c of DATA_CASES) {
    describe(c.facts, () => {
      it('is written in at least two spellings', () =>
        expect(Object.keys(c.spellings).length).toBeGreaterThan(1));
      for (const [spelling, s] of Object.entries(c.spellings)) {
        for (const [place, p] of Object.entries(DATA_PLACES)) {
          if (p.request && s.requestToo !== true) continue;
          it(`${spelling}, on a ${place}`, () => {
            const r = p.read(s.wire);
            expect(r.value).toEqual(c.claims);
            expect(r.dialects).toEqual(s.dialects);
            expect(r.problems.map((x) => x.code).sort()).toEqual([...(s.warns ?? [])].sort());
          });
        }
      }
    });
  }
});
