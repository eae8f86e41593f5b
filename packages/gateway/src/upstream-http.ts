import type { FetchLike } from '@modelcontextprotocol/client';
import { idAtEdges, responseAtEdges } from './line-reader.js';
import { errorAnswerFor, UPSTREAM_MAX_MESSAGE_BYTES, unreadable } from './upstream-lines.js';

/**
 * A Streamable HTTP server's answers, read so that none is lost on the way: the HTTP twin of
 * `upstream-lines.ts`. The SDK's HTTP client drops an event of a response's SSE stream that its
 * schema rejects — a response whose `result` is not an object, say — and the call it answered
 * waits for the timeout; and it reads an event or a JSON body of any size. The fetch made here
 * hands the SDK a body in which such a response is an error response to the same id, so its
 * call fails at once with what was wrong; an SSE event over `maxBytes` likewise (or, when it is
 * not a response, is dropped and reported through `onDropped`); a JSON body over `maxBytes`
 * fails the request. Everything else reaches the SDK as the server sent it (SSE line ends as
 * `\n`). Only successful responses are read; anything else goes to the SDK untouched.
 */
export function answeringFetch(
  onDropped: (message: string) => void = () => {},
  maxBytes = UPSTREAM_MAX_MESSAGE_BYTES,
  base: FetchLike = fetch,
): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.ok || response.body === null) return response;
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type === 'text/event-stream') {
      const events = new SseAnswers(maxBytes, onDropped);
      return rebuilt(response, response.body.pipeThrough(events.stream()));
    }
    if (type === 'application/json') return rebuilt(response, await jsonAnswers(response, maxBytes));
    return response;
  };
}

/** `response` with another body (and no length or encoding of the old one). */
function rebuilt(response: Response, body: ReadableStream<Uint8Array> | string): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** A JSON body with every unreadable response in it (one, or a batch) made an error answer. */
async function jsonAnswers(response: Response, maxBytes: number): Promise<string> {
  const text = await bodyText(response, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text; // the SDK fails the request with its parse error
  }
  if (!Array.isArray(value)) {
    const answer = errorAnswerFor(value);
    return answer === undefined ? text : JSON.stringify(answer);
  }
  let changed = false;
  const batch = value.map((v) => {
    const answer = errorAnswerFor(v);
    if (answer === undefined) return v;
    changed = true;
    return answer;
  });
  return changed ? JSON.stringify(batch) : text;
}

/** The body as text, refused past `maxBytes`. */
async function bodyText(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new Error(
        `the server sent a body of more than ${maxBytes} bytes, the most the gateway reads from a server (gateway.maxUpstreamMessageBytes)`,
      );
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** How much of an oversize event's data is kept at each end to find its `id`. */
const EDGE = 256;

/**
 * Reads a server-sent event stream event by event (the WHATWG framing: lines end in CR, LF or
 * CRLF; a blank line ends an event) and writes it on, each event as it completes, with a
 * response the SDK would drop replaced by an error answer to its id.
 */
export class SseAnswers {
  /** The complete lines of the event being read. */
  private lines: string[] = [];
  /** The line being read, in pieces. */
  private partial: string[] = [];
  /** The event's size so far, bytes. */
  private size = 0;
  /** The event outgrew the limit: the start and the end so far of its data, and its other fields. */
  private over: { head: string; tail: string; fields: string[] } | undefined;
  /** The last chunk ended in CR: an LF starting the next one belongs to it. */
  private afterCr = false;
  /** Over the limit, where lines are not kept: the current line has begun. */
  private inLine = false;
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly maxBytes: number,
    private readonly onDropped: (message: string) => void,
  ) {}

  /** A transform of the stream's bytes. */
  stream(): TransformStream<Uint8Array, Uint8Array> {
    const encoder = new TextEncoder();
    return new TransformStream({
      transform: (chunk, controller) => {
        const out = this.push(this.decoder.decode(chunk, { stream: true }));
        if (out !== '') controller.enqueue(encoder.encode(out));
      },
      flush: (controller) => {
        const out = this.push(this.decoder.decode()) + this.end();
        if (out !== '') controller.enqueue(encoder.encode(out));
      },
    });
  }

  /** Reads text; returns what is ready to pass on (whole events). */
  push(text: string): string {
    if (text === '') return '';
    let out = '';
    let from = 0;
    if (this.afterCr && text.charCodeAt(0) === 0x0a) from = 1;
    this.afterCr = false;
    for (let end = lineEnd(text, from); end !== -1; end = lineEnd(text, from)) {
      const line = this.take(text.slice(from, end), true);
      from = end + 1;
      if (text.charCodeAt(end) === 0x0d) {
        if (from === text.length) this.afterCr = true;
        else if (text.charCodeAt(from) === 0x0a) from++;
      }
      if (line === '') out += this.dispatch();
      else if (line !== undefined) this.lines.push(line);
    }
    if (from < text.length) this.take(text.slice(from), false);
    return out;
  }

  /** What is left at the stream's end: an event without its blank line, passed on as it came. */
  end(): string {
    const rest =
      this.over === undefined ? [...this.lines, this.partial.join('')].filter((l) => l !== '') : [];
    this.reset();
    return rest.join('\n');
  }

  /**
   * Adds a piece of the current line; when `complete`, returns the line: '' for a blank one (the
   * event's end), undefined for one not kept (the event is over the limit).
   */
  private take(piece: string, complete: boolean): string | undefined {
    if (complete && piece === '' && this.partial.length === 0 && !this.inLine) return '';
    this.size += Buffer.byteLength(piece) + (complete ? 1 : 0);
    if (this.over === undefined && this.size > this.maxBytes) this.overflow(piece);
    else if (this.over !== undefined) {
      if (piece !== '') this.over.tail = lastChars(this.over.tail + piece);
    } else if (!complete) {
      this.partial.push(piece);
      return undefined;
    } else {
      const line = this.partial.length === 0 ? piece : this.partial.join('') + piece;
      this.partial = [];
      return line;
    }
    this.inLine = !complete;
    return undefined;
  }

  /** The event just outgrew the limit: keep its other fields and its data's edges, drop the rest. */
  private overflow(piece: string): void {
    const current = this.partial.join('') + piece;
    const fields = this.lines.filter((l) => !isData(l) && !l.startsWith(':'));
    const first = [...this.lines, current].find(isData) ?? '';
    const from = first.startsWith('data: ') ? 6 : 5;
    this.over = { head: first.slice(from, from + EDGE), tail: lastChars(current), fields };
    this.lines = [];
    this.partial = [];
  }

  /** The event just ended (a blank line): what to pass on for it. */
  private dispatch(): string {
    const { lines, over, size } = this;
    this.reset();
    if (over !== undefined) {
      const text = `the server sent a message of ${size} bytes, over the ${this.maxBytes} the gateway reads from a server (gateway.maxUpstreamMessageBytes)`;
      const id = responseAtEdges(over.head) ? idAtEdges(over.head, over.tail) : null;
      if (id === null) {
        this.onDropped(`skipped a message that is not an answer: ${text}`);
        return '';
      }
      return `${[...over.fields, `data: ${JSON.stringify(unreadable(id, text))}`].join('\n')}\n\n`;
    }
    if (lines.length === 0) return '';
    const fixed = replacement(lines);
    return `${(fixed ?? lines).join('\n')}\n\n`;
  }

  private reset(): void {
    this.lines = [];
    this.partial = [];
    this.size = 0;
    this.over = undefined;
    this.inLine = false;
  }
}

/** The next CR or LF in `text` from `from`, or -1. */
function lineEnd(text: string, from: number): number {
  const lf = text.indexOf('\n', from);
  const cr = text.indexOf('\r', from);
  return cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
}

const isData = (line: string): boolean => line.startsWith('data:') || line === 'data';

function lastChars(s: string): string {
  return s.length <= EDGE ? s : s.slice(s.length - EDGE);
}

/**
 * An event's lines with its data replaced by an error answer, when it is a message event whose
 * data is a response the protocol's schema rejects; undefined otherwise.
 */
function replacement(lines: string[]): string[] | undefined {
  let type = '';
  const data: string[] = [];
  for (const line of lines) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(line.charCodeAt(colon + 1) === 0x20 ? colon + 2 : colon + 1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
  }
  if ((type !== '' && type !== 'message') || data.length === 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(data.join('\n'));
  } catch {
    return undefined; // not JSON: the SDK reports it, and there is no id to answer
  }
  const answer = errorAnswerFor(value);
  if (answer === undefined) return undefined;
  return [...lines.filter((l) => !isData(l)), `data: ${JSON.stringify(answer)}`];
}
