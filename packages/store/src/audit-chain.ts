import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import type { AuditInput, AuditRecord, AuditVerdict, JsonValue } from './types.js';

/** `prev` of the first record. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * SHA-256 over the canonical JSON of the record without `hash`. Hashing is computation, not
 * I/O, so it lives here with `node:crypto` rather than in each backend: every backend then
 * seals and verifies identically, and the conformance suite checks one algorithm.
 */
export function hashRecord(record: Omit<AuditRecord, 'hash'>): string {
  const { seq, at, session, kind, data, prev } = record;
  return createHash('sha256').update(canonicalJson({ seq, at, session, kind, data, prev })).digest('hex');
}

/**
 * The next record after `last` (undefined for an empty log), frozen and hashed. Only `seq` and
 * `hash` of `last` are read. The data is canonicalised once: the hashed text is assembled from
 * it in canonical key order, the same text `hashRecord` produces when it verifies the record.
 */
export function sealRecord(
  last: Pick<AuditRecord, 'seq' | 'hash'> | undefined,
  input: AuditInput,
): AuditRecord {
  const dataText = canonicalJson(input.data) ?? 'null';
  const body = {
    seq: (last?.seq ?? 0) + 1,
    at: input.at ?? new Date().toISOString(),
    session: input.session,
    kind: input.kind,
    data: JSON.parse(dataText) as JsonValue,
    prev: last?.hash ?? GENESIS_HASH,
  };
  const text = `{"at":${JSON.stringify(body.at)},"data":${dataText},"kind":${JSON.stringify(body.kind)},"prev":${JSON.stringify(body.prev)},"seq":${body.seq},"session":${JSON.stringify(body.session)}}`;
  return deepFreeze({ ...body, hash: createHash('sha256').update(text).digest('hex') });
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
