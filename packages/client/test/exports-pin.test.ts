import * as client from '@mcp-trust/client';
import { expect, it } from 'vitest';

/** The runtime surface of @mcp-trust/client; a name appearing or vanishing here is an API change. */
it('exports exactly these runtime names', () => {
  expect(Object.keys(client).sort()).toEqual(['TrustError', 'TrustRefusal', 'TrustSession']);
});
