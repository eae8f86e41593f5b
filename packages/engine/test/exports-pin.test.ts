import * as engine from '@mcp-trust/engine';
import { expect, it } from 'vitest';

/** The runtime surface of @mcp-trust/engine; a name appearing or vanishing here is an API change. */
it('exports exactly these runtime names', () => {
  expect(Object.keys(engine).sort()).toEqual([
    'DEFAULT_VALUE_INDEX_BYTES',
    'createEngine',
    'findingReasons',
    'labelFacts',
    'listValues',
    'mergeSessionStates',
    'readSessionState',
    'toolFacts',
    'verdictJson',
    'verdictReasons',
  ]);
});
