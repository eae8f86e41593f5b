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
import { readStoredSession, sealAudit, sessionWriter, verifyChain } from '@mcp-trust/store';
import Database from 'better-sqlite3';
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
 * interleave a read-merge-write or fork the audit chain.
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
    lastAudit: db.prepare<[], { seq: number; hash: string }>(
      'SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1',
    ),
    insertAudit: db.prepare<[AuditRow]>(
      'INSERT INTO audit (seq, at, session, kind, data, prev, hash) VALUES (@seq, @at, @session, @kind, @data, @prev, @hash)',
    ),
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
  const append = db.transaction((input: AuditInput): AuditReceipt => {
    const last = q.lastAudit.get();
    const { dataText, ...receipt } = sealAudit(last, input);
    q.insertAudit.run({ ...receipt, data: dataText });
    return receipt;
  });
  const take = db.transaction((id: string): Approval | undefined => {
    const row = q.getApproval.get(id);
    q.deleteApproval.run(id);
    return row === undefined ? undefined : approvalOf(row);
  });

  return {
    loadSession: load,
    saveSession: (state) => save.immediate(state),
    appendAudit: (input) => append.immediate(input),
    audit: (opts = {}) =>
      q.audit.all(opts.after ?? 0, opts.limit === undefined ? -1 : Math.max(0, opts.limit)).map(fromRow),
    verifyAudit: (): AuditVerdict => verifyChain(mapIter(q.allAudit.iterate(), fromRow)),
    putApproval: (a: Approval) => void q.putApproval.run(a.id, JSON.stringify(a)),
    takeApproval: (id) => take.immediate(id),
    listApprovals: () => q.listApprovals.all().map(approvalOf),
    getPin: (server, tool) => {
      const row = q.getPin.get(server, tool);
      return row === undefined ? undefined : pinOf(server, tool, row.body);
    },
    putPin: (p: Pin) => void q.putPin.run(p.server, p.tool, JSON.stringify(p)),
    close: () => db.close(),
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

function* mapIter<A, B>(items: Iterable<A>, f: (a: A) => B): Generator<B> {
  for (const a of items) yield f(a);
}
