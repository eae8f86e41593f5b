import type { SessionState } from '@mcp-trust/engine';
import { mergeSessionStates, readSessionState } from '@mcp-trust/engine';

/**
 * What a store writes for `saveSession`: the incoming state joined with the stored one, so no
 * save (a stale replica, a restarted gateway with a fresh session) can lower the label.
 */
export function mergeForSave(stored: SessionState | undefined, incoming: SessionState): SessionState {
  return stored === undefined ? readSessionState(incoming).state : mergeSessionStates(stored, incoming);
}

/** Reads a stored state back, failing closed on anything unreadable. */
export function readStoredSession(raw: unknown): SessionState {
  return readSessionState(raw).state;
}
