import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The signed state a question travels with (multi-round-trip `requestState`). It comes back
 * through the client, so it is attacker-controlled: it is bound to one exact call and signed, and
 * state that fails either check, or is older than half an hour, is ignored (the person is asked
 * again). It carries the questions already approved for this call, because a retry only brings
 * the answer to the latest one.
 */

export interface QuestionState {
  /** Hash of the call the answers belong to. */
  call: string;
  /** Questions the person approved for this call. */
  approved: string[];
  /** The question asked last, whose answer the retry should carry. */
  pending?: string;
  /** When it was signed (ms since the epoch): an approval does not keep for ever. */
  at: number;
}

/** How long a question's state is good for: long enough for a person to answer. */
const MAX_AGE_MS = 30 * 60 * 1000;

/** One key per process unless the server gives its own (several processes serving one client). */
const PROCESS_KEY = randomBytes(32);

export function callHash(tool: string, args: unknown): string {
  return createHash('sha256').update(canonical({ tool, args })).digest('base64url');
}

export function signState(state: QuestionState, key: Uint8Array = PROCESS_KEY): string {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `mcp-trust.1.${body}.${mac(body, key)}`;
}

/** The state, if it is ours, untampered, and for this call; otherwise `undefined`. */
export function verifyState(
  raw: unknown,
  call: string,
  key: Uint8Array = PROCESS_KEY,
): QuestionState | undefined {
  if (typeof raw !== 'string' || raw.length > 8192) return undefined;
  const parts = raw.split('.');
  if (parts.length !== 4 || parts[0] !== 'mcp-trust' || parts[1] !== '1') return undefined;
  const [, , body, sig] = parts as [string, string, string, string];
  const expected = Buffer.from(mac(body, key));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as QuestionState;
    if (state.call !== call || !Array.isArray(state.approved)) return undefined;
    if (typeof state.at !== 'number' || !(Date.now() - state.at <= MAX_AGE_MS)) return undefined;
    return state;
  } catch {
    return undefined;
  }
}

function mac(body: string, key: Uint8Array): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

/** JSON with object keys sorted, so the same call hashes the same however its arguments were built. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
