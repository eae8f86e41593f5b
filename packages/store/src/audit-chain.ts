import { hash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import type { AuditInput, AuditReceipt, AuditRecord, AuditVerdict, JsonValue } from './types.js';

/** `prev` of the first record. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * SHA-256 over the canonical JSON of the record without `hash`. Hashing is computation, not
 * I/O, so it lives here with `node:crypto` rather than in each backend: every backend then
 * seals and verifies identically, and the conformance suite checks one algorithm.
 */
export function hashRecord(record: Omit<AuditRecord, 'hash'>): string {
  const { seq, at, session, kind, data, prev } = record;
  return hash('sha256', canonicalJson({ seq, at, session, kind, data, prev }), 'hex');
}

/** A sealed record with its data still as the canonical JSON text that was hashed. */
export interface SealedAudit extends AuditReceipt {
  readonly dataText: string;
}

/**
 * The next record after `last` (undefined for an empty log), hashed, with its data as canonical
 * JSON text: a backend stores that text as it is. Only `seq` and `hash` of `last` are read. The
 * hashed text is assembled in canonical key order from the data's canonical text, the same text
 * `hashRecord` produces when it verifies the record.
 */
export function sealAudit(
  last: Pick<AuditRecord, 'seq' | 'hash'> | undefined,
  input: AuditInput,
): SealedAudit {
  const dataText = canonicalJson(input.data) ?? 'null';
  const seq = (last?.seq ?? 0) + 1;
  const at = input.at ?? new Date().toISOString();
  const prev = last?.hash ?? GENESIS_HASH;
  const text = `{"at":${JSON.stringify(at)},"data":${dataText},"kind":${JSON.stringify(input.kind)},"prev":${JSON.stringify(prev)},"seq":${seq},"session":${JSON.stringify(input.session)}}`;
  return {
    seq,
    at,
    session: input.session,
    kind: input.kind,
    dataText,
    prev,
    hash: hash('sha256', text, 'hex'),
  };
}

/** A sealed entry read back as a record: its data parsed from the text that was hashed, frozen. */
export function recordOf(sealed: SealedAudit): AuditRecord {
  const { seq, at, session, kind, dataText, prev, hash } = sealed;
  return deepFreeze({ seq, at, session, kind, data: JSON.parse(dataText) as JsonValue, prev, hash });
}

/** The next record after `last`, sealed and read back (`sealAudit`, then `recordOf`). */
export function sealRecord(
  last: Pick<AuditRecord, 'seq' | 'hash'> | undefined,
  input: AuditInput,
): AuditRecord {
  return recordOf(sealAudit(last, input));
}

/** Walks records oldest first; stops at the first that breaks the chain. */
export function verifyChain(records: Iterable<AuditRecord>): AuditVerdict {
  let prev = GENESIS_HASH;
  let count = 0;
  for (const r of records) {
    const at = r.seq;
    if (r.seq !== count + 1) return { ok: false, at, reason: `expected seq ${count + 1}, found ${r.seq}` };
    if (r.prev !== prev) return { ok: false, at, reason: 'prev does not match the previous record' };
    if (hashRecord(r) !== r.hash) return { ok: false, at, reason: 'hash does not match the record' };
    prev = r.hash;
    count++;
  }
  return { ok: true, count };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
