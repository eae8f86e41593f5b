import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  createMcpHandler,
  INVALID_REQUEST,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { createDownstreamServer } from './downstream-server.js';
import type { GatewayCore } from './gateway-core.js';
import { checkHostMessage, readHostMessage } from './host-message.js';
import type { HttpGuardOptions } from './http-guard.js';
import { checkRequest, defaultAllowed, isLoopback } from './http-guard.js';
import { errorText } from './wire.js';

export interface HttpDownstreamOptions {
  host: string;
  port: number;
  /** URL path of the MCP endpoint. */
  path?: string;
  token?: string;
  allowedHosts?: string[];
  allowedOrigins?: string[];
  maxMessageBytes: number;
}

export interface HttpDownstream {
  url: string;
  close(): Promise<void>;
}

/** Session header a 2026-07-28 (sessionless) client may send to name its agent session. */
export const SESSION_HEADER = 'mcp-trust-session';

/** Why these listen options must not be served, or `undefined`; checked before anything starts. */
export function listenProblem(opts: { host: string; token?: string | undefined }): string | undefined {
  if (opts.token !== undefined && opts.token.length < 16) {
    return 'the bearer token is too short: use at least 16 characters (e.g. `openssl rand -hex 32`)';
  }
  if (!isLoopback(opts.host) && opts.token === undefined) {
    return `refusing to listen on ${opts.host} without a bearer token: pass --token or set MCP_TRUST_TOKEN (or bind 127.0.0.1)`;
  }
  return undefined;
}

/**
 * The gateway over Streamable HTTP. 2025-era clients get a sessionful transport per MCP session
 * (the agent session is that session); 2026-07-28 requests are served one by one, their agent
 * session named by `_meta["mcp-trust/session"]` or the `mcp-trust-session` header. Every request
 * passes the Host/Origin checks and, when a token is set, bearer authentication first.
 */
export async function serveGatewayHttp(
  core: GatewayCore,
  opts: HttpDownstreamOptions,
): Promise<HttpDownstream> {
  const problem = listenProblem(opts);
  if (problem !== undefined) throw new Error(problem);
  const path = opts.path ?? '/mcp';
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const modern = createMcpHandler(
    (ctx) => {
      const named = ctx.requestInfo?.headers.get(SESSION_HEADER);
      return createDownstreamServer(core, {
        session: named !== null && named !== undefined && named !== '' ? named : 'http',
      });
    },
    { legacy: 'reject' },
  );

  const legacy = async (request: Request): Promise<Response> => {
    // Requests in a known session were routed to it already; an id we do not know is stale.
    const id = request.headers.get('mcp-session-id');
    if (id !== null)
      return jsonError(
        404,
        -32001,
        `unknown MCP session ${id} (the gateway may have restarted): initialize again`,
      );
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: opts.maxMessageBytes,
      onsessioninitialized: (sid) => {
        sessions.set(sid, transport);
      },
      onsessionclosed: (sid) => {
        sessions.delete(sid);
      },
    });
    const server = createDownstreamServer(core, {
      session: () => `http:${transport.sessionId ?? 'unknown'}`,
    });
    server.oninitialized = () => {
      const remove = core.addPeer({ notify: (n) => void server.notification(n).catch(() => undefined) });
      server.onclose = () => {
        remove();
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
    };
    await server.connect(transport);
    return transport.handleRequest(request);
  };

  const allowed = defaultAllowed(opts.host, opts.port);
  const guard: HttpGuardOptions = {
    allowedHosts: (opts.allowedHosts ?? allowed.hosts).map((h) => h.toLowerCase()),
    allowedOrigins: (opts.allowedOrigins ?? allowed.origins).map((o) => o.toLowerCase()),
    ...(opts.token === undefined ? {} : { token: opts.token }),
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err) => {
      core.log(`http: ${errorText(err)}`);
      if (!res.headersSent)
        writeResponse(res, jsonError(500, -32603, 'internal error')).catch(() => undefined);
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://gateway');
    if (url.pathname !== path)
      return writeResponse(res, jsonError(404, -32600, `not found: the MCP endpoint is ${path}`));
    const refused = checkRequest(req, guard);
    if (refused !== undefined) return writeResponse(res, jsonError(refused.status, -32600, refused.message));
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > opts.maxMessageBytes) {
      res.once('finish', () => req.destroy());
      return writeResponse(
        res,
        jsonError(413, -32600, `message too large: ${declared} bytes (limit ${opts.maxMessageBytes})`),
        true,
      );
    }
    const body = req.method === 'POST' ? await readBody(req, opts.maxMessageBytes) : undefined;
    if (body === 'too-large') {
      res.once('finish', () => req.destroy());
      return writeResponse(
        res,
        jsonError(413, -32600, `message too large (limit ${opts.maxMessageBytes} bytes)`),
        true,
      );
    }
    const request = toRequest(req, res, url, body);
    // A request in a known MCP session needs no classifying (that would parse the body twice).
    const sid = req.headers['mcp-session-id'];
    const known = typeof sid === 'string' ? sessions.get(sid) : undefined;
    const response =
      known !== undefined
        ? await known.handleRequest(request)
        : (await isLegacyRequest(request.clone()))
          ? await legacy(request)
          : await modern.fetch(request);
    await writeResponse(
      res,
      response.status === 400 && body !== undefined ? explainRefusal(response, body) : response,
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const shown = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  if (opts.port === 0 && opts.allowedHosts === undefined) {
    const fixed = defaultAllowed(opts.host, port);
    guard.allowedHosts = fixed.hosts.map((h) => h.toLowerCase());
    if (opts.allowedOrigins === undefined) guard.allowedOrigins = fixed.origins.map((o) => o.toLowerCase());
  }
  return {
    url: `http://${shown}:${port}${path}`,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => undefined)));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function jsonError(
  status: number,
  code: number,
  message: string,
  id: string | number | null = null,
): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * The SDK refuses a body it can't read as JSON-RPC with a bare "Invalid JSON-RPC message" and
 * no id; this says what is wrong and where (`readHostMessage`), with the request's id when it has
 * one. A refusal for any other reason (a missing session header, say) stays as the SDK wrote it.
 */
function explainRefusal(response: Response, body: Buffer): Response {
  const read = readHostMessage(body.toString('utf8'));
  // A batch (2025-03-26 HTTP): the first of its messages that can't be read.
  const problem =
    'error' in read && Array.isArray(read.value)
      ? read.value.map(checkHostMessage).find((one) => !('message' in one))
      : read;
  if (problem === undefined || 'message' in problem) return response;
  if ('ignored' in problem) return jsonError(400, INVALID_REQUEST, problem.ignored);
  return jsonError(400, problem.code, problem.error, problem.id);
}

/** The body, or `too-large` as soon as it passes `max` (the rest is not read; the answer closes the connection). */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > max) {
        req.off('data', onData);
        req.pause();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function toRequest(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const value of Array.isArray(v) ? v : [v]) headers.append(k, value);
  }
  const controller = new AbortController();
  // The host went away before the answer was complete: cancel the work (per response, not per
  // socket — a kept-alive socket serves many requests).
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url, {
    method: req.method ?? 'GET',
    headers,
    signal: controller.signal,
    ...(body === undefined ? {} : { body: new Uint8Array(body) }),
  });
}

async function writeResponse(res: ServerResponse, response: Response, close = false): Promise<void> {
  const headers = Object.fromEntries(response.headers.entries());
  if (close) headers.connection = 'close';
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  const stream = Readable.fromWeb(response.body as never);
  res.once('close', () => stream.destroy());
  for await (const chunk of stream) res.write(chunk);
  res.end();
}
