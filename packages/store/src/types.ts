import type { SessionState } from '@mcp-trust/engine';

/** Plain JSON, the only thing a store keeps besides session states. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** What an audit record is about. Open-ended so later pipeline steps can add kinds. */
export type AuditKind = 'call' | 'decision' | 'label' | 'approval' | 'pin' | 'session' | (string & {});

/** What a caller hands to `appendAudit`; the store assigns `seq`, `prev` and `hash`. */
export interface AuditInput {
  session: string;
  kind: AuditKind;
  data: JsonValue;
  /** ISO time; defaults to now. Tests pass it to make hashes reproducible. */
  at?: string;
}

/**
 * One entry of the append-only audit log. `hash` is SHA-256 (hex) over the canonical JSON of
 * every other field, `prev` is the previous record's hash (64 zeros for the first), so editing,
 * dropping or reordering any record breaks the chain at that record.
 */
export interface AuditRecord {
  readonly seq: number;
  readonly at: string;
  readonly session: string;
  readonly kind: AuditKind;
  readonly data: JsonValue;
  readonly prev: string;
  readonly hash: string;
}

/** What `appendAudit` hands back: the record's place in the chain (everything but its data). */
export type AuditReceipt = Omit<AuditRecord, 'data'>;

export type AuditVerdict = { ok: true; count: number } | { ok: false; at: number; reason: string };

/** A call waiting for a human; taken exactly once (approved, denied or expired). */
export interface Approval {
  id: string;
  session: string;
  /** ISO time the approval was requested. */
  at: string;
  /** Whatever the approver needs to see (tool, arguments, verdict); opaque to the store. */
  data: JsonValue;
}

/** A tool definition the operator accepted; a later, different definition is a rug pull. */
export interface Pin {
  server: string;
  tool: string;
  /** Digest of the accepted tool definition. */
  digest: string;
  /** ISO time it was pinned. */
  at: string;
}

/**
 * Where the gateway keeps what must outlive one request. Synchronous on purpose: the default
 * backend (better-sqlite3) is synchronous, and a sync API keeps "acknowledged" meaning "durable".
 * Modelled on OpenTelemetry's SpanExporter: a small interface, an in-memory implementation
 * beside it, and one conformance suite every backend runs.
 */
export interface Store {
  /** The stored state, read defensively (`readSessionState`): corruption fails closed. */
  loadSession(id: string): SessionState | undefined;
  /**
   * Merges `state` into what is stored (`mergeSessionStates`), never replacing it: a stale or
   * cleaner state can't lower the stored label, so a restart never launders taint.
   */
  saveSession(state: SessionState): void;
  /**
   * Appends one record to the hash chain; returns its place once it is durable. Records from
   * `logAudit` that came before it are chained first.
   */
  appendAudit(record: AuditInput): AuditReceipt;
  /**
   * Appends one record without waiting for its place in the chain: durable when this returns (a
   * killed process loses none of them), chained in the order they were logged before any read
   * of the log or `appendAudit` of this store, at `close`, and within moments otherwise. The
   * gateway's path: one file append per record instead of one transaction.
   */
  logAudit(record: AuditInput): void;
  /** Records with `seq > after` (default 0), oldest first, at most `limit`. */
  audit(opts?: { after?: number; limit?: number }): AuditRecord[];
  /** Re-walks the whole chain; reports the first record that does not verify. */
  verifyAudit(): AuditVerdict;
  /** Stores an approval, replacing one with the same id. */
  putApproval(approval: Approval): void;
  /** Removes and returns the approval: a second take gets `undefined`. */
  takeApproval(id: string): Approval | undefined;
  listApprovals(): Approval[];
  getPin(server: string, tool: string): Pin | undefined;
  /** Stores a pin, replacing the one for the same server and tool. */
  putPin(pin: Pin): void;
  close(): void;
}
