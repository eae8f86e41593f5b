/**
 * The public surface of @mcp-trust/store: the store interface, the in-memory backend, and the
 * audit-chain helpers every backend seals and verifies with. Does no I/O.
 */
export type { SealedAudit } from './audit-chain.js';
export { GENESIS_HASH, hashRecord, recordOf, sealAudit, sealRecord, verifyChain } from './audit-chain.js';
export { canonicalJson } from './canonical-json.js';
export type { MemoryStoreData } from './memory-store.js';
export { createMemoryStore, emptyMemoryStoreData } from './memory-store.js';
export { mergeForSave, readStoredSession, sessionWriter } from './merge-session.js';
export type {
  Approval,
  AuditInput,
  AuditKind,
  AuditReceipt,
  AuditRecord,
  AuditVerdict,
  JsonValue,
  Pin,
  Store,
} from './types.js';
