import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { INVALID_REQUEST } from '@modelcontextprotocol/server';
import { readHostMessage } from './host-message.js';

/** How much of an oversize line's start and end is kept to find its `id`. */
const EDGE_BYTES = 256;
const NEWLINE = 0x0a;

/**
 * The host's end of stdio: newline-delimited JSON-RPC, as the SDK's `StdioServerTransport` reads
 * it, except that nothing the host sends is dropped unanswered. The SDK's transport skips a line
 * that is not JSON, drops a message its schema rejects (the host waits for an answer that never
 * comes), and closes the connection for good when a message outgrows its buffer. Here a line that
 * is not JSON is answered with a parse error, a request the schema rejects with an error naming
 * the JSON path at fault and carrying its id, and a line over `maxMessageBytes` is skipped to its
 * end and answered with an error carrying its id when the line's first or last bytes show it; the
 * connection carries on. A notification or response that can't be read has no one to answer:
 * it is logged.
 */
export class HostStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** The current line's parts, while it is within the limit. */
  private parts: Buffer[] = [];
  /** The current line's length so far, bytes. */
  private length = 0;
  /** The current line outgrew the limit: its start, and its last bytes so far. */
  private oversize: { head: Buffer; tail: Buffer } | undefined;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly maxMessageBytes: number,
    private readonly log: (message: string) => void,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.ondata);
    this.input.on('error', this.onInputError);
    this.input.on('end', this.onEnd);
    this.input.on('close', this.onEnd);
    this.output.on('error', this.onOutputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the host connection is closed'));
    return this.write(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.ondata);
    this.input.off('error', this.onInputError);
    this.input.off('end', this.onEnd);
    this.input.off('close', this.onEnd);
    this.input.pause();
    this.parts = [];
    this.oversize = undefined;
    this.onclose?.();
  }

  private readonly ondata = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let from = 0;
    for (let nl = bytes.indexOf(NEWLINE, from); nl !== -1; nl = bytes.indexOf(NEWLINE, from)) {
      this.take(bytes.subarray(from, nl));
      from = nl + 1;
      this.endLine();
      if (this.closed) return;
    }
    this.take(bytes.subarray(from));
  };

  private take(part: Buffer): void {
    if (part.length === 0) return;
    this.length += part.length;
    const over = this.oversize;
    if (over !== undefined) {
      over.tail = lastBytes(over.tail, part);
      return;
    }
    if (this.length <= this.maxMessageBytes) {
      this.parts.push(part);
      return;
    }
    const all = Buffer.concat([...this.parts, part]);
    // Copies, so the line's megabytes are not held until its end.
    this.oversize = { head: Buffer.from(all.subarray(0, EDGE_BYTES)), tail: lastBytes(Buffer.alloc(0), all) };
    this.parts = [];
  }

  private endLine(): void {
    const { parts, length, oversize } = this;
    this.parts = [];
    this.length = 0;
    this.oversize = undefined;
    if (oversize !== undefined) {
      const id = idAtEdges(oversize.head.toString('utf8'), oversize.tail.toString('utf8'));
      this.reject(
        id,
        INVALID_REQUEST,
        `message too large: ${length} bytes, over the limit of ${this.maxMessageBytes} (gateway.maxMessageBytes, --max-message-bytes)`,
      );
      return;
    }
    if (length === 0) return;
    const text = (parts.length === 1 ? parts[0]! : Buffer.concat(parts)).toString('utf8');
    if (text.trim() === '') return;
    const read = readHostMessage(text);
    if ('message' in read) this.deliver(read.message);
    else if ('ignored' in read) this.log(`host: ignored ${read.ignored}`);
    else if (Array.isArray(read.value))
      this.reject(
        null,
        INVALID_REQUEST,
        'JSON-RPC batches are not part of MCP over stdio: send one message a line',
      );
    else this.reject(read.id, read.code, read.error);
  }

  /** Hands a message on; whatever its handler throws is reported, and the next line is read. */
  private deliver(message: JSONRPCMessage): void {
    try {
      this.onmessage?.(message);
    } catch (err) {
      this.fail(err);
    }
  }

  private reject(id: string | number | null, code: number, message: string): void {
    this.log(`host: ${message}${id === null ? '' : ` (request ${JSON.stringify(id)})`}`);
    // `id: null` is JSON-RPC's answer to a message whose id can't be read; the SDK's type for a
    // message has no room for it, so the line is written as it is.
    this.write({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage).catch(
      (e: unknown) => this.fail(e),
    );
  }

  private fail(err: unknown): void {
    this.onerror?.(err instanceof Error ? err : new Error(String(err)));
  }

  private write(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) return resolve();
      const onDrain = (): void => {
        this.output.off('error', onError);
        resolve();
      };
      const onError = (err: Error): void => {
        this.output.off('drain', onDrain);
        reject(err);
      };
      this.output.once('drain', onDrain);
      this.output.once('error', onError);
    });
  }

  private readonly onInputError = (err: Error): void => {
    this.onerror?.(err);
  };

  private readonly onOutputError = (err: Error): void => {
    if (this.closed) return;
    this.onerror?.(err);
    void this.close();
  };

  private readonly onEnd = (): void => {
    void this.close();
  };
}

/** `tail` followed by `part`, cut to its last `EDGE_BYTES`. */
function lastBytes(tail: Buffer, part: Buffer): Buffer {
  if (part.length >= EDGE_BYTES) return Buffer.from(part.subarray(part.length - EDGE_BYTES));
  const both = Buffer.concat([tail, part]);
  return both.length <= EDGE_BYTES ? both : both.subarray(both.length - EDGE_BYTES);
}

const ID = String.raw`"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*")`;
/** `{"id": …` or `{"jsonrpc": "2.0", "id": …` at the start of a message. */
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?${ID}\s*,`);
/** `…, "id": …}` at the end, where the SDK's clients put it. */
const ID_LAST = new RegExp(String.raw`,\s*${ID}\s*\}\s*$`);

/**
 * The id of a message too large to read, from where a request's top-level `id` can be told from
 * one inside its params: right after the opening brace, or right before the closing one.
 */
export function idAtEdges(head: string, tail: string): string | number | null {
  const m = ID_FIRST.exec(head) ?? ID_LAST.exec(tail.replace(/\r$/, ''));
  if (m === null) return null;
  try {
    const id: unknown = JSON.parse(m[1]!);
    return typeof id === 'string' || typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
