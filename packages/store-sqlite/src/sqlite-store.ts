import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SessionState } from '@mcp-trust/engine';
import type {
  Approval,
  AuditInput,
  AuditReceipt,
  AuditRecord,
  AuditVerdict,
  JsonValue,
  Pin,
  Store,
} from '@mcp-trust/store';
import { readStoredSession, sessionWriter, verifyChain } from '@mcp-trust/store';
import Database from 'better-sqlite3';
import {
  chainJournal,
  chainStatements,
  insertSealed,
  JOURNAL_CHAIN_DELAY_MS,
  JournalWriter,
  removeJournals,
  storeJournals,
  writerAlive,
} from './audit-journal.js';
import type { Durability } from './schema.js';
import { migrate } from './schema.js';

interface AuditRow {
  seq: number;
  at: string;
  session: string;
  kind: string;
  data: string;
  prev: string;
  hash: string;
}

const fromRow = (r: AuditRow): AuditRecord => ({ ...r, data: JSON.parse(r.data) as JsonValue });

/**
 * The default store: one SQLite file (or `:memory:`). Every write is its own IMMEDIATE
 * transaction, so a second process on the same file (a CLI `approve` beside the gateway) can't
 * interleave a read-merge-write or fork the audit chain. `logAudit` appends to the store's own
 * journal file instead and chains the journal in batches (`audit-journal.ts`); opening a store
 * chains what journals of stopped processes left.
 */
export interface SqliteStoreOptions {
  /** `full` (default): every commit synced, survives power loss; `normal`: survives a killed process. */
  durability?: Durability;
}

export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): Store {
  const db = new Database(path);
  try {
    migrate(db, options.durability);
  } catch (e) {
    db.close();
    throw e;
  }
  const q = {
    getSession: db.prepare<[string], { state: string }>('SELECT state FROM sessions WHERE id = ?'),
    putSession: db.prepare<[string, string]>('INSERT OR REPLACE INTO sessions (id, state) VALUES (?, ?)'),
    audit: db.prepare<[number, number], AuditRow>('SELECT * FROM audit WHERE seq > ? ORDER BY seq LIMIT ?'),
    allAudit: db.prepare<[], AuditRow>('SELECT * FROM audit ORDER BY seq'),
    putApproval: db.prepare<[string, string]>('INSERT OR REPLACE INTO approvals (id, body) VALUES (?, ?)'),
    getApproval: db.prepare<[string], { id: string; body: string }>(
      'SELECT id, body FROM approvals WHERE id = ?',
    ),
    deleteApproval: db.prepare<[string]>('DELETE FROM approvals WHERE id = ?'),
    listApprovals: db.prepare<[], { id: string; body: string }>('SELECT id, body FROM approvals ORDER BY id'),
    getPin: db.prepare<[string, string], { body: string }>(
      'SELECT body FROM pins WHERE server = ? AND tool = ?',
    ),
    putPin: db.prepare<[string, string, string]>(
      'INSERT OR REPLACE INTO pins (server, tool, body) VALUES (?, ?, ?)',
    ),
  };
  const load = (id: string): SessionState | undefined => {
    const row = q.getSession.get(id);
    return row === undefined ? undefined : readStoredSession(JSON.parse(row.state));
  };
  const write = sessionWriter();
  const save = db.transaction((state: SessionState) => {
    q.putSession.run(state.id, write(q.getSession.get(state.id)?.state, state));
  });
  const cq = chainStatements(db);
  const append = db.transaction((input: AuditInput): AuditReceipt => insertSealed(cq, cq.last.get(), input));

  // The audit journal: this store's own, and those other processes left beside the database.
  const onDisk = path !== '' && path !== ':memory:' && !path.startsWith('file:');
  const journal = onDisk ? new JournalWriter(path, options.durability ?? 'full') : undefined;
  /** Chains this store's journal lines and the whole of the journals it left (`retired`). */
  const chainOwn = db.transaction((current: string | undefined, retired: readonly string[]): void => {
    for (const file of retired) chainJournal(cq, file, true);
    if (current !== undefined) chainJournal(cq, current, false);
  });
  /** Chains every journal beside the store (at open, none is its own); those of stopped processes are deleted once chained. */
  const chainForeign = db.transaction((): string[] => {
    const done: string[] = [];
    for (const { file, pid } of storeJournals(path)) {
      const stopped = !writerAlive(file, pid);
      try {
        if (chainJournal(cq, file, stopped) && stopped) done.push(file);
      } catch (err) {
        // Another user's journal (they are private to their writer): its writer chains it.
        if (!unreadable(err)) throw err;
      }
    }
    for (const { name } of cq.cursors.all())
      if (!existsSync(join(dirname(path), name))) cq.deleteCursor.run(name);
    return done;
  });
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const chain = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (journal === undefined || (!journal.unchained && journal.retired.length === 0)) return;
    const retired = [...journal.retired];
    chainOwn.immediate(journal.path, retired);
    // Committed: the lines are in the chain, and the journals left behind can go.
    journal.unchained = false;
    journal.retired.splice(0, retired.length);
    removeJournals(retired);
  };
  /** The timer's chaining: a busy store is retried later; the lines are durable meanwhile. */
  const chainBehind = (): void => {
    timer = undefined;
    try {
      chain();
    } catch {
      timer ??= setTimeout(chainBehind, JOURNAL_CHAIN_DELAY_MS).unref();
    }
  };
  if (onDisk) {
    try {
      removeJournals(chainForeign.immediate());
    } catch (e) {
      db.close();
      throw e;
    }
  }

  const take = db.transaction((id: string): Approval | undefined => {
    const row = q.getApproval.get(id);
    q.deleteApproval.run(id);
    return row === undefined ? undefined : approvalOf(row);
  });

  return {
    loadSession: load,
    saveSession: (state) => save.immediate(state),
    appendAudit: (input) => {
      chain();
      return append.immediate(input);
    },
    logAudit: (input) => {
      if (closed) throw new Error('the store is closed');
      if (journal?.write(input) === true) {
        timer ??= setTimeout(chainBehind, JOURNAL_CHAIN_DELAY_MS).unref();
        return;
      }
      // No journal to write (in memory, or it could not be created): straight into the chain.
      chain();
      append.immediate(input);
    },
    audit: (opts = {}) => {
      chain();
      return q.audit
        .all(opts.after ?? 0, opts.limit === undefined ? -1 : Math.max(0, opts.limit))
        .map(fromRow);
    },
    verifyAudit: (): AuditVerdict => {
      chain();
      return verifyChain(mapIter(q.allAudit.iterate(), fromRow));
    },
    putApproval: (a: Approval) => void q.putApproval.run(a.id, JSON.stringify(a)),
    takeApproval: (id) => take.immediate(id),
    listApprovals: () => q.listApprovals.all().map(approvalOf),
    getPin: (server, tool) => {
      const row = q.getPin.get(server, tool);
      return row === undefined ? undefined : pinOf(server, tool, row.body);
    },
    putPin: (p: Pin) => void q.putPin.run(p.server, p.tool, JSON.stringify(p)),
    close: () => {
      if (closed) return db.close();
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      try {
        if (journal !== undefined) {
          journal.leave();
          chain();
        }
      } finally {
        db.close();
      }
    },
  };
}

/** A row that no longer parses still comes back (with `data: null`), so it can be seen and removed; it never reads as approved. */
function approvalOf(row: { id: string; body: string }): Approval {
  try {
    return JSON.parse(row.body) as Approval;
  } catch {
    return { id: row.id, session: '', at: '', data: null };
  }
}

/** A pin that no longer parses matches no definition: the tool is quarantined until re-approved. */
function pinOf(server: string, tool: string, body: string): Pin {
  try {
    return JSON.parse(body) as Pin;
  } catch {
    return { server, tool, digest: '', at: '' };
  }
}

function unreadable(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EACCES' || code === 'EPERM';
}

function* mapIter<A, B>(items: Iterable<A>, f: (a: A) => B): Generator<B> {
  for (const a of items) yield f(a);
}
