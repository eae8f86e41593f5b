/** The public surface of @mcp-trust/store-sqlite: the default embedded store. */
export type { Durability } from './schema.js';
export { SCHEMA_VERSION } from './schema.js';
export type { SqliteStoreOptions } from './sqlite-store.js';
export { openSqliteStore } from './sqlite-store.js';
