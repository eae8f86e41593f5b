/**
 * One line of a trace (DESIGN "Trace format"), checked. A line that is not one of these is
 * reported with its line number and skipped; nothing in a trace can crash a replay.
 */

export type TraceEvent =
  | { type: 'server'; server: string; tools: Record<string, unknown>[] }
  | { type: 'prompt'; session: string; text: string }
  | {
      type: 'call';
      session: string;
      id: string;
      server: string;
      tool: string;
      arguments: Record<string, unknown>;
    }
  | { type: 'result'; session: string; id: string; result: unknown };

export const DEFAULT_SESSION = 'default';
const TYPES = ['server', 'prompt', 'call', 'result'];

export type EventParse = { event: TraceEvent } | { error: string };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** A trace event from a parsed JSON value (a line, or an item of a policy test's `trace`). */
export function readTraceEvent(raw: unknown): EventParse {
  if (!isObject(raw)) return { error: 'an event must be a JSON object' };
  const { type } = raw;
  if (typeof type !== 'string' || !TYPES.includes(type)) {
    return { error: `"type" must be one of ${TYPES.join(', ')}, got ${JSON.stringify(type) ?? 'nothing'}` };
  }
  const session = raw.session ?? DEFAULT_SESSION;
  if (type !== 'server' && !nonEmpty(session)) return { error: '"session" must be a non-empty string' };
  const sid = session as string;
  // Ids may be recorded as JSON-RPC numbers; they name a call, so their text is what counts.
  const id = typeof raw.id === 'number' ? String(raw.id) : raw.id;
  switch (type) {
    case 'server': {
      if (!nonEmpty(raw.server)) return { error: 'a server event needs "server"' };
      const tools = raw.tools;
      if (!Array.isArray(tools) || !tools.every((t) => isObject(t) && nonEmpty(t.name))) {
        return { error: 'a server event needs "tools": a list of tool definitions, each with a "name"' };
      }
      return { event: { type, server: raw.server, tools: tools as Record<string, unknown>[] } };
    }
    case 'prompt':
      if (typeof raw.text !== 'string') return { error: 'a prompt event needs "text"' };
      return { event: { type, session: sid, text: raw.text } };
    case 'call': {
      if (!nonEmpty(id)) return { error: 'a call event needs "id"' };
      if (!nonEmpty(raw.server) || !nonEmpty(raw.tool))
        return { error: 'a call event needs "server" and "tool"' };
      const args = raw.arguments ?? {};
      if (!isObject(args)) return { error: '"arguments" must be an object' };
      return { event: { type, session: sid, id, server: raw.server, tool: raw.tool, arguments: args } };
    }
    default:
      if (!nonEmpty(id)) return { error: 'a result event needs "id"' };
      if (!('result' in raw)) return { error: 'a result event needs "result"' };
      return { event: { type: 'result', session: sid, id, result: raw.result } };
  }
}

/** A trace line: JSON first, then the event. Blank lines are not events (`undefined`). */
export function parseTraceLine(line: string): EventParse | undefined {
  if (line.trim() === '') return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (err) {
    return { error: `not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  return readTraceEvent(raw);
}
