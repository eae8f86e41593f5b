import { createHash } from 'node:crypto';
import type { Approval, JsonValue, Store } from '@mcp-trust/store';
import { canonicalJson } from '@mcp-trust/store';

/**
 * The approval book the gateway and `mcp-trust approve` share, kept in the store's approvals.
 * Two kinds: a call the policy escalated (bound to a hash of the exact call) and a tool whose
 * definition changed since it was pinned (quarantined until a person accepts the new one).
 * Stored data that does not read as one of these is skipped, and never counts as approved.
 */

export type ApprovalStatus = 'pending' | 'approved' | 'denied';

export interface CallApprovalData {
  kind: 'call';
  status: ApprovalStatus;
  server: string;
  tool: string;
  arguments: { [key: string]: JsonValue };
  /** `callHash(session, server, tool, arguments)`; checked on every read. */
  callHash: string;
  rules: string[];
  reasons: string[];
  decidedAt?: string;
}

export interface PinApprovalData {
  kind: 'pin';
  status: ApprovalStatus;
  server: string;
  tool: string;
  /** Digest of the new definition, the one waiting to be accepted. */
  digest: string;
  /** Digest of the pinned definition it differs from. */
  previousDigest: string;
  definition: { [key: string]: JsonValue };
  decidedAt?: string;
}

/** A stored `Approval` whose data reads as a call approval. */
export interface CallApproval extends Omit<Approval, 'data'> {
  data: CallApprovalData;
}
/** A stored `Approval` whose data reads as a pin approval. */
export interface PinApproval extends Omit<Approval, 'data'> {
  data: PinApprovalData;
}
/** An approval the book understands. */
export type BookApproval = CallApproval | PinApproval;

export interface CallApprovalRequest {
  session: string;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  rules: readonly string[];
  reasons: readonly string[];
}

export interface PinApprovalRequest {
  server: string;
  tool: string;
  digest: string;
  previousDigest: string;
  definition: Record<string, unknown>;
}

export type ApprovalDecision = { ok: true; approval: BookApproval } | { ok: false; error: string };

/** Pin approvals belong to no agent session. */
export const PIN_SESSION = '*';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const json = <T>(value: T): T => JSON.parse(canonicalJson(value)) as T;

/** SHA-256 (hex) of the canonical JSON of the exact call: what an approval is bound to. */
export function callHash(
  session: string,
  server: string,
  tool: string,
  args: Record<string, unknown>,
): string {
  return sha256(canonicalJson({ session, server, tool, arguments: args }));
}

/**
 * The pending approval for this call, created (and audited) unless the same call already has
 * one, so a model retrying does not pile up duplicates. An existing entry is returned whatever
 * its status: check `consumeCallApproval` first.
 */
export function requestCallApproval(store: Store, req: CallApprovalRequest, now = new Date()): CallApproval {
  const hash = callHash(req.session, req.server, req.tool, req.arguments);
  const book = readBook(store);
  const existing = book.filter(isCall).find((a) => a.session === req.session && a.data.callHash === hash);
  if (existing !== undefined) return existing;
  const data: CallApprovalData = {
    kind: 'call',
    status: 'pending',
    server: req.server,
    tool: req.tool,
    arguments: json(req.arguments) as CallApprovalData['arguments'],
    callHash: hash,
    rules: [...req.rules],
    reasons: [...req.reasons],
  };
  const approval: CallApproval = create(store, `${req.session}\n${hash}`, req.session, data, now);
  const { server, tool, rules, reasons } = data;
  audit(store, approval, now, { event: 'requested', server, tool, callHash: hash, rules, reasons });
  return approval;
}

/**
 * Takes the decided approval for exactly this call, once: status `approved` means go ahead,
 * `denied` means the person refused it. A pending (or unreadable) approval is left alone and
 * `undefined` comes back, which is also the answer when there is none.
 */
export function consumeCallApproval(
  store: Store,
  session: string,
  hash: string,
  now = new Date(),
): CallApproval | undefined {
  const found = readBook(store)
    .filter(isCall)
    .find((a) => a.session === session && a.data.callHash === hash);
  if (found === undefined || found.data.status === 'pending') return undefined;
  const taken = store.takeApproval(found.id);
  if (taken === undefined) return undefined; // another gateway process used it first
  const read = readApproval(taken);
  if (
    read === undefined ||
    !isCall(read) ||
    read.session !== session ||
    read.data.callHash !== hash ||
    read.data.status !== found.data.status
  ) {
    store.putApproval(taken); // changed between the list and the take: put it back, allow nothing
    return undefined;
  }
  audit(store, read, now, { event: 'used', status: read.data.status });
  return read;
}

/** The approval for this new tool definition, created (and audited) unless one exists. */
export function requestPinApproval(store: Store, req: PinApprovalRequest, now = new Date()): PinApproval {
  const { server, tool, digest, previousDigest } = req;
  const existing = readBook(store).find(
    (a): a is PinApproval =>
      a.data.kind === 'pin' && a.data.server === server && a.data.tool === tool && a.data.digest === digest,
  );
  if (existing !== undefined) return existing;
  const data: PinApprovalData = {
    kind: 'pin',
    status: 'pending',
    server,
    tool,
    digest,
    previousDigest,
    definition: json(req.definition) as PinApprovalData['definition'],
  };
  const approval: PinApproval = create(
    store,
    canonicalJson(['pin', server, tool, digest]),
    PIN_SESSION,
    data,
    now,
  );
  audit(store, approval, now, { event: 'requested', server, tool, digest, previousDigest });
  return approval;
}

/**
 * A person's decision on a pending approval (`mcp-trust approve`). A call approval is kept with
 * its new status until the gateway consumes it; an approved pin becomes the tool's pin at once.
 */
export function decideApproval(
  store: Store,
  id: string,
  decision: 'approve' | 'deny',
  now = new Date(),
  by = 'cli',
): ApprovalDecision {
  const raw = store.listApprovals().find((a) => a?.id === id);
  if (raw === undefined)
    return { ok: false, error: `no approval with id ${id} (\`mcp-trust pending\` lists the pending ones)` };
  const event = decision === 'approve' ? 'approved' : 'denied';
  const found = readApproval(raw);
  if (found === undefined) {
    if (decision === 'approve')
      return { ok: false, error: `approval ${id} is unreadable; it can only be denied` };
    store.takeApproval(id); // denying an unreadable entry just clears it: nothing was allowed
    audit(store, { id, session: typeof raw.session === 'string' ? raw.session : PIN_SESSION }, now, {
      event,
      by,
      unreadable: true,
    });
    return { ok: false, error: `approval ${id} was unreadable; it has been removed` };
  }
  if (found.data.status !== 'pending')
    return {
      ok: false,
      error: `approval ${id} was already ${found.data.status}${found.data.decidedAt ? ` at ${found.data.decidedAt}` : ''}`,
    };
  const decided = {
    ...found,
    data: { ...found.data, status: event, decidedAt: now.toISOString() },
  } as BookApproval;
  const d = decided.data;
  if (d.kind === 'pin' && d.status === 'approved') {
    store.putPin({ server: d.server, tool: d.tool, digest: d.digest, at: now.toISOString() });
    store.takeApproval(id);
  } else {
    store.putApproval(stored(decided));
  }
  audit(store, decided, now, { event, by, kind: d.kind, server: d.server, tool: d.tool });
  return { ok: true, approval: decided };
}

/** Pending approvals of both kinds, oldest first; unreadable entries are left out. */
export function listPending(store: Store): BookApproval[] {
  return readBook(store)
    .filter((a) => a.data.status === 'pending')
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The approval as the book understands it, or `undefined` when it is not one (never throws). */
export function readApproval(raw: unknown): BookApproval | undefined {
  if (!isObject(raw) || !isString(raw.id) || !isString(raw.session) || !isString(raw.at)) return undefined;
  const d = raw.data;
  if (!isObject(d) || !isString(d.server) || !isString(d.tool) || !STATUSES.has(d.status as string))
    return undefined;
  if (d.decidedAt !== undefined && !isString(d.decidedAt)) return undefined;
  if (d.kind === 'call') {
    const ok =
      isObject(d.arguments) &&
      isStrings(d.rules) &&
      isStrings(d.reasons) &&
      d.callHash === callHash(raw.session, d.server, d.tool, d.arguments);
    return ok ? (raw as unknown as CallApproval) : undefined;
  }
  if (d.kind === 'pin') {
    const ok = isString(d.digest) && isString(d.previousDigest) && isObject(d.definition);
    return ok ? (raw as unknown as PinApproval) : undefined;
  }
  return undefined;
}

const STATUSES = new Set<string>(['pending', 'approved', 'denied']);
const isString = (v: unknown): v is string => typeof v === 'string';
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isCall = (a: BookApproval): a is CallApproval => a.data.kind === 'call';

function readBook(store: Store): BookApproval[] {
  return store.listApprovals().flatMap((a) => readApproval(a) ?? []);
}

/**
 * Stores a new approval under a short, typable id derived from `seed`: its first 10 hex chars,
 * longer only if another approval already holds that prefix.
 */
function create<D extends BookApproval['data']>(
  store: Store,
  seed: string,
  session: string,
  data: D,
  now: Date,
): { id: string; session: string; at: string; data: D } {
  const taken = new Set(store.listApprovals().map((a) => a?.id));
  const hex = sha256(seed);
  const id = [10, 16, 24, 64].map((n) => hex.slice(0, n)).find((c) => !taken.has(c)) ?? hex;
  const approval = { id, session, at: now.toISOString(), data };
  store.putApproval(stored(approval));
  return approval;
}

// The data types are interfaces for readable declarations; what they hold is plain JSON.
const stored = (a: Omit<Approval, 'data'> & { data: object }): Approval => a as Approval;

function audit(
  store: Store,
  a: Pick<Approval, 'id' | 'session'>,
  now: Date,
  data: Record<string, JsonValue>,
) {
  store.appendAudit({
    session: a.session,
    kind: 'approval',
    at: now.toISOString(),
    data: { ...data, id: a.id },
  });
}
