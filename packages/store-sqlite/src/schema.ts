import type BetterSqlite3 from 'better-sqlite3';

/** Bumped with every schema change; `migrate` refuses a file from a newer version. */
export const SCHEMA_VERSION = 2;

const V1 = `
  CREATE TABLE sessions (id TEXT PRIMARY KEY, state TEXT NOT NULL) STRICT;
  CREATE TABLE audit (
    seq INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    session TEXT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    prev TEXT NOT NULL,
    hash TEXT NOT NULL
  ) STRICT;
  CREATE TABLE approvals (id TEXT PRIMARY KEY, body TEXT NOT NULL) STRICT;
  CREATE TABLE pins (server TEXT NOT NULL, tool TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (server, tool)) STRICT;
`;

/** Version 2: how far each audit journal (`audit-journal.ts`) has been chained into the log. */
const V2 = `
  CREATE TABLE journals (name TEXT PRIMARY KEY, offset INTEGER NOT NULL) STRICT;
`;

/**
 * How hard each commit is pushed to disk. In WAL mode both survive a killed process (a commit is
 * in the operating system's hands before it returns); `full` also syncs every commit, so it
 * survives a crash of the machine or a power loss, at one disk flush per write.
 */
export type Durability = 'full' | 'normal';

/**
 * Sets the connection up and brings the schema to `SCHEMA_VERSION`. WAL lets readers run beside
 * the one writer.
 */
export function migrate(db: BetterSqlite3.Database, durability: Durability = 'full'): void {
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${durability === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION)
      throw new Error(`store schema version ${version} is newer than this mcp-trust (${SCHEMA_VERSION})`);
    if (version < 1) db.exec(V1);
    if (version < 2) db.exec(V2);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}
