import type { DataLabel, SensitiveLevel, SensitivityTag, Source, Unknown } from '@mcp-trust/core';
import { makeLabel, SENSITIVE_LEVELS, SOURCES } from '@mcp-trust/core';
import fc from 'fast-check';

const sourceArb = fc.constantFrom<Source | Unknown>(...SOURCES, 'unknown');
const tagArb = fc.constantFrom<SensitivityTag>(
  'user',
  'pii',
  'financial',
  'credentials',
  'regulated',
  'regulated:GDPR',
  'regulated:HIPAA',
  'unknown',
);
const uriArb = fc.constantFrom(
  'https://example.com/page',
  'mcp://file-server.acme.local/hr/salaries.xlsx',
  'urn:org:acme:hr:salaries',
  'local:anonymous/tmp/notes.txt',
);

/** Any label in canonical form. */
export const labelArb: fc.Arbitrary<DataLabel> = fc
  .record({
    openWorld: fc.boolean(),
    malicious: fc.boolean(),
    private: fc.boolean(),
    sensitiveLevel: fc.constantFrom<SensitiveLevel>(...SENSITIVE_LEVELS),
    sources: fc.uniqueArray(sourceArb),
    sensitivity: fc.uniqueArray(tagArb),
    attribution: fc.uniqueArray(uriArb),
  })
  .map((init) => makeLabel(init));
