/** The public surface of @mcp-trust/store-sqlite: the default embedded store. */
export { SCHEMA_VERSION } from './schema.js';
export { openSqliteStore } from './sqlite-store.js';
