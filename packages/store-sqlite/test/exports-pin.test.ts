import * as sqlite from '@mcp-trust/store-sqlite';
import { expect, it } from 'vitest';

/** The runtime surface of @mcp-trust/store-sqlite; a name appearing or vanishing here is an API change. */
it('exports exactly these runtime names', () => {
  expect(Object.keys(sqlite).sort()).toEqual(['SCHEMA_VERSION', 'openSqliteStore']);
});
