import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import {
  INVALID_PARAMS,
  INVALID_REQUEST,
  PARSE_ERROR,
  parseJSONRPCMessage,
} from '@modelcontextprotocol/server';
import { issuesText, paramsOnly } from './schema-issues.js';
import { errorText, isObject } from './wire.js';

/** What a message from the host reads as: a message, an error to answer with, or a note to log. */
export type HostMessage =
  | { message: JSONRPCMessage }
  /** Not a message the host can be answered about by id (`id: null` when it has none to read). */
  | { id: string | number | null; code: number; error: string; value: unknown }
  /** A notification or response that can't be read (said as `an invalid …`): there is no one to answer. */
  | { ignored: string };

/**
 * Reads one JSON-RPC message the host sent, as the SDK reads it (`parseJSONRPCMessage`), saying
 * what is wrong where the SDK would drop it or answer with a bare "Invalid JSON-RPC message":
 * text that is not JSON is a parse error at its position; a request the protocol's schema
 * rejects is answered by its id, with the JSON path of each problem (`params._meta: expected
 * object, received boolean`) — an invalid-params error when every problem is inside `params`.
 */
export function readHostMessage(text: string): HostMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { id: null, code: PARSE_ERROR, error: `not JSON: ${errorText(err)}`, value: undefined };
  }
  return checkHostMessage(value);
}

/** `readHostMessage` for a value already parsed. */
export function checkHostMessage(value: unknown): HostMessage {
  try {
    return { message: parseJSONRPCMessage(value) };
  } catch (err) {
    return invalid(value, err);
  }
}

function invalid(value: unknown, err: unknown): HostMessage {
  const problems = issuesText(err);
  const msg = isObject(value) ? value : {};
  const id = msg.id;
  const usableId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  if (typeof msg.method === 'string' && usableId)
    return {
      id,
      code: paramsOnly(err) ? INVALID_PARAMS : INVALID_REQUEST,
      error: `invalid ${msg.method} request: ${problems}`,
      value,
    };
  if ('id' in msg && msg.id !== undefined && !usableId)
    return {
      id: null,
      code: INVALID_REQUEST,
      error: `invalid request: its id must be a string or a number, not ${JSON.stringify(id).slice(0, 80)}`,
      value,
    };
  if (typeof msg.method === 'string')
    return { ignored: `an invalid ${msg.method} notification: ${problems}` };
  if (usableId && ('result' in msg || 'error' in msg))
    return { ignored: `an invalid response to request ${JSON.stringify(id)}: ${problems}` };
  return { id: null, code: INVALID_REQUEST, error: `not a JSON-RPC message: ${problems}`, value };
}
