/** How much of an oversize line's start and end is kept to find its `id`. */
const EDGE_BYTES = 256;
const NEWLINE = 0x0a;

/** One line of newline-delimited JSON-RPC: its text, or, over the limit, its length and edges. */
export type Line = { text: string } | { oversize: { bytes: number; head: string; tail: string } };

/**
 * Cuts a byte stream into lines of at most `maxBytes`, as MCP's stdio transport frames messages.
 * A line over the limit is not kept: only its length and its first and last bytes, enough to
 * find the id of the message it held, so a peer that sends one costs no more memory than the
 * limit, and the connection can carry on after it. Parts are kept as they came and joined once,
 * so a long line costs one copy, not one per chunk.
 */
export class LineReader {
  /** The current line's parts, while it is within the limit. */
  private parts: Buffer[] = [];
  /** The current line's length so far, bytes. */
  private length = 0;
  /** The current line outgrew the limit: its start, and its last bytes so far. */
  private oversize: { head: Buffer; tail: Buffer } | undefined;

  constructor(private readonly maxBytes: number) {}

  /** Reads a chunk, handing each line it completes to `each`; stops early when that returns false. */
  push(chunk: Buffer | string, each: (line: Line) => boolean): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let from = 0;
    for (let nl = bytes.indexOf(NEWLINE, from); nl !== -1; nl = bytes.indexOf(NEWLINE, from)) {
      this.take(bytes.subarray(from, nl));
      from = nl + 1;
      const line = this.endLine();
      if (line !== undefined && !each(line)) {
        this.clear();
        return;
      }
    }
    this.take(bytes.subarray(from));
  }

  /** Forgets the line in progress. */
  clear(): void {
    this.parts = [];
    this.length = 0;
    this.oversize = undefined;
  }

  private take(part: Buffer): void {
    if (part.length === 0) return;
    this.length += part.length;
    const over = this.oversize;
    if (over !== undefined) {
      over.tail = lastBytes(over.tail, part);
      return;
    }
    if (this.length <= this.maxBytes) {
      this.parts.push(part);
      return;
    }
    const all = Buffer.concat([...this.parts, part]);
    // Copies, so the line's megabytes are not held until its end.
    this.oversize = { head: Buffer.from(all.subarray(0, EDGE_BYTES)), tail: lastBytes(Buffer.alloc(0), all) };
    this.parts = [];
  }

  /** The line just ended, unless it was blank. */
  private endLine(): Line | undefined {
    const { parts, length, oversize } = this;
    this.clear();
    if (oversize !== undefined)
      return {
        oversize: {
          bytes: length,
          head: oversize.head.toString('utf8'),
          tail: oversize.tail.toString('utf8'),
        },
      };
    if (length === 0) return undefined;
    const text = (parts.length === 1 ? parts[0]! : Buffer.concat(parts)).toString('utf8');
    return text.trim() === '' ? undefined : { text };
  }
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

/**
 * Whether a message too large to read is a response (its first top-level key after `jsonrpc`
 * and `id` is `result` or `error`), as opposed to a request or notification, whose `method`
 * comes first when an SDK writes it.
 */
export function responseAtEdges(head: string): boolean {
  return RESPONSE_HEAD.test(head);
}

const RESPONSE_HEAD = new RegExp(
  String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?(?:${ID}\s*,\s*)?(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"(?:result|error)"\s*:`,
);
