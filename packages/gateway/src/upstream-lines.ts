import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { INTERNAL_ERROR, parseJSONRPCMessage } from '@modelcontextprotocol/client';
import type { Line } from './line-reader.js';
import { idAtEdges, LineReader, responseAtEdges } from './line-reader.js';
import { issuesText } from './schema-issues.js';
import { isObject } from './wire.js';

/** The most a stdio server's message may hold, as the SDK's stdio client reads (10 MiB). */
export const UPSTREAM_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** `error.data.mcpTrust` of the answer the gateway makes up for a response it could not read. */
export const UNREADABLE_ANSWER = 'unreadable-answer';

/** What the SDK's stdio client asks of its read buffer. */
interface ReadBufferLike {
  append(chunk: Buffer): void;
  readMessage(): JSONRPCMessage | null;
  clear(): void;
}

/**
 * A stdio server's stdout, read so that no answer is lost on the way. The SDK's stdio client
 * drops a message its schema rejects — a response whose `result` is not an object, say — and the
 * call it answered waits for the timeout; and it closes the connection when a message outgrows
 * its buffer. Here a response that can't be read, or that is too large, becomes an error
 * response to the same id, so its call fails at once with what was wrong, and the connection
 * carries on; a request or notification that can't be read (no call waits for it) is reported
 * through the transport's `onerror`, and so is a line that is not JSON. Everything that reads
 * fine is exactly what the SDK's own buffer returns.
 */
export class UpstreamReadBuffer implements ReadBufferLike {
  private readonly lines: LineReader;
  private readonly queue: Line[] = [];

  constructor(private readonly maxBytes = UPSTREAM_MAX_MESSAGE_BYTES) {
    this.lines = new LineReader(maxBytes);
  }

  append(chunk: Buffer): void {
    this.lines.push(chunk, (line) => {
      this.queue.push(line);
      return true;
    });
  }

  /** The next message, or null when no whole line is waiting; throws what can't be answered. */
  readMessage(): JSONRPCMessage | null {
    const line = this.queue.shift();
    if (line === undefined) return null;
    if ('oversize' in line) return this.oversize(line.oversize);
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch {
      throw new Error(`skipped a line on stdout that is not JSON-RPC: ${clip(line.text)}`);
    }
    try {
      return parseJSONRPCMessage(value);
    } catch (err) {
      const answer = errorAnswerFor(value, err);
      if (answer === undefined)
        throw new Error(`dropped a message the protocol's schema rejects: ${issuesText(err)}`);
      return answer;
    }
  }

  clear(): void {
    this.lines.clear();
    this.queue.length = 0;
  }

  private oversize({ bytes, head, tail }: { bytes: number; head: string; tail: string }): JSONRPCMessage {
    const id = responseAtEdges(head) ? idAtEdges(head, tail) : null;
    const text = `the server sent a message of ${bytes} bytes, over the ${this.maxBytes} the gateway reads from a server (gateway.maxUpstreamMessageBytes)`;
    if (id === null) throw new Error(`skipped a message that is not an answer: ${text}`);
    return unreadable(id, text);
  }
}

/**
 * Gives a stdio transport of the SDK an `UpstreamReadBuffer`. The transport stays the SDK's own
 * class (its protocol negotiation runs on a throwaway sibling process only for that exact class,
 * which servers that exit on an unexpected first request depend on); only the buffer it reads
 * stdout through, an instance field, is swapped. Returns whether it was: a transport without
 * that field (another SDK version) keeps its own buffer and the SDK's behaviour.
 */
export function readUpstreamLines(transport: Transport, maxBytes?: number): boolean {
  const fields = transport as unknown as { _readBuffer?: unknown };
  const current = fields._readBuffer;
  if (!isReadBuffer(current)) return false;
  fields._readBuffer = new UpstreamReadBuffer(maxBytes);
  return true;
}

function isReadBuffer(value: unknown): value is ReadBufferLike {
  if (typeof value !== 'object' || value === null) return false;
  const b = value as Record<string, unknown>;
  return (
    typeof b.append === 'function' && typeof b.readMessage === 'function' && typeof b.clear === 'function'
  );
}

/** The id of a message that is a response (a result or an error, no method), if it is one. */
function responseId(value: unknown): string | number | undefined {
  if (!isObject(value) || 'method' in value || !('result' in value || 'error' in value)) return undefined;
  const id = value.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}

/**
 * For a response (a result or an error with an id) that the protocol's schema rejects, an error
 * answer to its id saying what was wrong; undefined for anything else. `rejection` is the
 * schema's error when the caller has it already.
 */
export function errorAnswerFor(value: unknown, rejection?: unknown): JSONRPCMessage | undefined {
  const id = responseId(value);
  if (id === undefined) return undefined;
  let err = rejection;
  if (err === undefined) {
    try {
      parseJSONRPCMessage(value);
      return undefined;
    } catch (e) {
      err = e;
    }
  }
  return unreadable(id, `the server's answer is not a valid JSON-RPC response (${issuesText(err)})`);
}

/** An error answer to `id`: what the gateway makes of a response it could not read. */
export function unreadable(id: string | number, message: string): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: INTERNAL_ERROR,
      message: `${message}; mcp-trust dropped it`,
      data: { mcpTrust: UNREADABLE_ANSWER },
    },
  };
}

function clip(text: string): string {
  const t = text.trim();
  return JSON.stringify(t.length <= 80 ? t : `${t.slice(0, 80)}…`);
}
