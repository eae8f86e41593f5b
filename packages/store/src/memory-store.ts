import type { SessionState } from '@mcp-trust/engine';
import type { SealedAudit } from './audit-chain.js';
import { recordOf, sealAudit, verifyChain } from './audit-chain.js';
import { toJson } from './canonical-json.js';
import { readStoredSession, sessionWriter } from './merge-session.js';
import type { Approval, AuditInput, AuditReceipt, AuditRecord, AuditVerdict, Pin, Store } from './types.js';

/**
 * What a memory store holds. Passing the same object to a second `createMemoryStore` is a
 * "restart" (tests use it to run the persistence cases against memory too); tests may also
 * tamper with `audit` directly to check that `verifyAudit` notices.
 */
export interface MemoryStoreData {
  sessions: Map<string, string>;
  /** Sealed records, data kept as the hashed text. */
  audit: SealedAudit[];
  approvals: Map<string, string>;
  pins: Map<string, string>;
}

export function emptyMemoryStoreData(): MemoryStoreData {
  return { sessions: new Map(), audit: [], approvals: new Map(), pins: new Map() };
}

/**
 * The in-memory store, for tests and `store: memory`. Everything is kept as JSON text, like a
 * database would, so callers can't mutate stored state through a reference they hold.
 */
export function createMemoryStore(data: MemoryStoreData = emptyMemoryStoreData()): Store {
  let closed = false;
  const open = () => {
    if (closed) throw new Error('the store is closed');
    return data;
  };
  const pinKey = (server: string, tool: string) => JSON.stringify([server, tool]);
  // A plain function rather than a method, so destructured store methods still work.
  const load = (id: string): SessionState | undefined => {
    const raw = open().sessions.get(id);
    return raw === undefined ? undefined : readStoredSession(JSON.parse(raw));
  };
  const write = sessionWriter();
  const append = (input: AuditInput): AuditReceipt => {
    const log = open().audit;
    const sealed = sealAudit(log.at(-1), input);
    log.push(sealed);
    const { dataText: _, ...receipt } = sealed;
    return receipt;
  };
  return {
    loadSession: load,
    saveSession(state: SessionState): void {
      const { sessions } = open();
      sessions.set(state.id, write(sessions.get(state.id), state));
    },
    appendAudit: append,
    logAudit(input: AuditInput): void {
      append(input);
    },
    audit(opts: { after?: number; limit?: number } = {}): AuditRecord[] {
      const after = opts.after ?? 0;
      const out = open().audit.filter((r) => r.seq > after);
      return (opts.limit === undefined ? out : out.slice(0, Math.max(0, opts.limit))).map(recordOf);
    },
    verifyAudit(): AuditVerdict {
      return verifyChain(open().audit.map(recordOf));
    },
    putApproval(approval: Approval): void {
      open().approvals.set(approval.id, JSON.stringify(toJson(approval)));
    },
    takeApproval(id: string): Approval | undefined {
      const { approvals } = open();
      const raw = approvals.get(id);
      approvals.delete(id);
      return raw === undefined ? undefined : (JSON.parse(raw) as Approval);
    },
    listApprovals(): Approval[] {
      return [...open().approvals.values()].map((raw) => JSON.parse(raw) as Approval);
    },
    getPin(server: string, tool: string): Pin | undefined {
      const raw = open().pins.get(pinKey(server, tool));
      return raw === undefined ? undefined : (JSON.parse(raw) as Pin);
    },
    putPin(pin: Pin): void {
      open().pins.set(pinKey(pin.server, pin.tool), JSON.stringify(toJson(pin)));
    },
    close(): void {
      closed = true;
    },
  };
}
