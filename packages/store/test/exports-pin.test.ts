import * as store from '@mcp-trust/store';
import { expect, it } from 'vitest';

/** The runtime surface of @mcp-trust/store; a name appearing or vanishing here is an API change. */
it('exports exactly these runtime names', () => {
  expect(Object.keys(store).sort()).toEqual([
    'GENESIS_HASH',
    'canonicalJson',
    'createMemoryStore',
    'emptyMemoryStoreData',
    'hashRecord',
    'mergeForSave',
    'readStoredSession',
    'recordOf',
    'sealAudit',
    'sealRecord',
    'sessionWriter',
    'verifyChain',
  ]);
});
