import * as gateway from '@mcp-trust/gateway';
import { expect, it } from 'vitest';

/** The runtime surface of @mcp-trust/gateway; a name appearing or vanishing here is an API change. */
it('exports exactly these runtime names', () => {
  expect(Object.keys(gateway).sort()).toEqual([
    'GatewayCore',
    'PIN_SESSION',
    'SESSION_HEADER',
    'SESSION_META_KEY',
    'callHash',
    'consumeCallApproval',
    'decideApproval',
    'listPending',
    'openStore',
    'readApproval',
    'requestCallApproval',
    'requestPinApproval',
    'startGateway',
    'toolDigest',
  ]);
});
