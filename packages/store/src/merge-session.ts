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

/** Sessions whose last written state a store keeps in memory (the most recently saved). */
const REMEMBERED = 256;

/**
 * `saveSession` for one store: the text to write for `incoming`, given the text stored now.
 * Merging means reading the stored state back, and for a long session (a full 64 KiB value
 * index) parsing and re-reading it cost more than the merge itself. So the writer remembers the
 * state it last wrote per session and skips the parse when the stored text is still exactly that
 * text; anything else stored there (another process wrote, or a session this process never
 * wrote) is parsed and read defensively as before. The merge itself always happens.
 */
export function sessionWriter(): (storedText: string | undefined, incoming: SessionState) => string {
  const written = new Map<string, { text: string; state: SessionState }>();
  return (storedText, incoming) => {
    let stored: SessionState | undefined;
    if (storedText !== undefined) {
      const last = written.get(incoming.id);
      stored =
        last !== undefined && last.text === storedText
          ? last.state
          : readStoredSession(JSON.parse(storedText));
    }
    const state = mergeForSave(stored, incoming);
    const text = JSON.stringify(state);
    written.delete(incoming.id);
    written.set(incoming.id, { text, state });
    if (written.size > REMEMBERED) written.delete(written.keys().next().value!);
    return text;
  };
}
