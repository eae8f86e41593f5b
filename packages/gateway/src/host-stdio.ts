import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { INVALID_REQUEST } from '@modelcontextprotocol/server';
import { readHostMessage } from './host-message.js';
import type { Line } from './line-reader.js';
import { idAtEdges, LineReader } from './line-reader.js';

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
  /** Sees each message before `onmessage`, and keeps it from there by returning true (`answerCallsDirectly`). */
  intercept?: (message: JSONRPCMessage) => boolean;

  private readonly lines: LineReader;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly maxMessageBytes: number,
    private readonly log: (message: string) => void,
  ) {
    this.lines = new LineReader(maxMessageBytes);
  }

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
    this.lines.clear();
    this.onclose?.();
  }

  private readonly ondata = (chunk: Buffer | string): void => {
    this.lines.push(chunk, (line) => {
      this.read(line);
      return !this.closed;
    });
  };

  private read(line: Line): void {
    if ('oversize' in line) {
      const { bytes, head, tail } = line.oversize;
      this.reject(
        idAtEdges(head, tail),
        INVALID_REQUEST,
        `message too large: ${bytes} bytes, over the limit of ${this.maxMessageBytes} (gateway.maxMessageBytes, --max-message-bytes)`,
      );
      return;
    }
    const read = readHostMessage(line.text);
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
      if (this.intercept?.(message) === true) return;
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
