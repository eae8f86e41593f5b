import { describe, expect, it } from 'vitest';

/**
 * The runtime surface of @mcp-trust/core (type-only exports leave no trace at runtime and are not
 * listed). A name that appears or disappears here by accident is a breaking change or a leak.
 */
const EXPORTS = [
  'ACTION_METADATA_KEY',
  'ALL_SENSITIVITY',
  'BOTTOM',
  'CONTRACT_SET_FIELDS',
  'DATA_CLASS_NAMES',
  'DESTINATIONS',
  'DataClaimsSchema',
  'DataClassSchema',
  'DataLabelSchema',
  'DestinationSchema',
  'FULL_SETS',
  'HINT_NAMES',
  'HintsSchema',
  'OUTCOMES',
  'OutcomeSchema',
  'ProblemSchema',
  'RISKY_HINT_VALUE',
  'SENSITIVE_LEVELS',
  'SEP1984_HINTS',
  'SOURCES',
  'SensitiveLevelSchema',
  'SensitivityTagSchema',
  'SourceSchema',
  'TOOL_RESOLUTION_KEY',
  'TRUST_ANNOTATIONS_KEY',
  'ToolClaimsSchema',
  'ToolContractSchema',
  'UNKNOWN',
  'buildContract',
  'carriesNoAnnotations',
  'checkToolAnnotations',
  'checkToolClaims',
  'dataClassesOfTags',
  'defaultContract',
  'expectedLabel',
  'filterDataClaims',
  'filterToolClaims',
  'isBottom',
  'isDestination',
  'isHintName',
  'isOutcome',
  'isRegulatedTag',
  'isRiskRaising',
  'isSensitiveLevel',
  'isSource',
  'join',
  'joinAll',
  'labelEquals',
  'labelResult',
  'leq',
  'makeLabel',
  'maxLevel',
  'narrowContract',
  'offersToolResolution',
  'parseDataLabel',
  'readDataAnnotations',
  'readRequestAnnotations',
  'readResultAnnotations',
  'readToolAnnotations',
  'readToolDefinition',
  'scopesOf',
  'tagsOfDataClass',
  'tagsWithin',
  'writeRequestMeta',
  'writeResultMeta',
  'writeToolAnnotations',
];

describe('@mcp-trust/core public surface is pinned', () => {
  it('exports exactly the pinned names', async () => {
    const actual = Object.keys(await import('@mcp-trust/core')).sort();
    const added = actual.filter((name) => !EXPORTS.includes(name));
    const removed = EXPORTS.filter((name) => !actual.includes(name));
    expect(
      { added, removed },
      'The public surface of @mcp-trust/core changed. If that was deliberate, update EXPORTS in ' +
        'packages/core/test/exports-pin.test.ts (and the docs that list the API); removing a name is a breaking change.',
    ).toEqual({ added: [], removed: [] });
    expect(actual).toEqual([...EXPORTS].sort());
  });
});
