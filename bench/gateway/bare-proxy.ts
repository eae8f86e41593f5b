/**
 * The baseline of `bench/gateway`: the least a proxy on the same SDK does, with none of the
 * gateway's work (no policy, no labels, no store, no audit).
 *
 *   node --import tsx bench/gateway/bare-proxy.ts [--http HOST:PORT] [--name echo] -- COMMAND ARGS…
 *
 * Starts COMMAND as a stdio upstream with an SDK `Client` configured as the gateway configures its
 * upstreams, and serves a low-level `Server` that forwards `tools/list` and `tools/call` to it,
 * tools named `NAME__tool` as the gateway names them. Downstream is stdio (both protocol eras, via
 * `serveStdio`, as the gateway) or, with `--http`, 2025-era Streamable HTTP with one SDK transport
 * per MCP session (as the gateway serves 2025-era HTTP clients); it then prints
 * `bare-proxy: listening on URL` to stderr. Port 0 picks a free port.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const USAGE = 'usage: bare-proxy.ts [--http HOST:PORT] [--name NAME] -- COMMAND [ARGS…]';
const { values, positionals } = parseArgs({
  options: { http: { type: 'string' }, name: { type: 'string', default: 'echo' } },
  allowPositionals: true,
});
const [command, ...args] = positionals;
if (command === undefined) {
  console.error(USAGE);
  process.exit(2);
}
const prefix = `${values.name}__`;
const TIMEOUT_MS = 60_000;
const loose = z.looseObject({});
const looseTools = z.looseObject({ tools: z.array(z.looseObject({ name: z.string() })) });

// The upstream: the same client options as the gateway's `Upstream`.
const upstream = new Client(
  { name: 'bench-bare-proxy', version: '0.0.0' },
  {
    capabilities: { elicitation: { form: {} }, sampling: {} },
    versionNegotiation: { mode: 'auto', probe: { timeoutMs: 10_000 } },
  },
);
await upstream.connect(
  new StdioClientTransport({ command, args, env: getDefaultEnvironment(), stderr: 'inherit' }),
  { timeout: TIMEOUT_MS },
);

function createProxyServer(): Server {
  const server = new Server(
    { name: 'bench-bare-proxy', version: '0.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler('tools/list', async () => {
    const res = await upstream.request({ method: 'tools/list', params: {} }, looseTools, {
      timeout: TIMEOUT_MS,
    });
    return { tools: res.tools.map((t) => ({ ...t, name: `${prefix}${t.name}` })) as never };
  });
  server.setRequestHandler('tools/call', async (req, ctx) => {
    const { name } = req.params;
    if (!name.startsWith(prefix))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown tool ${JSON.stringify(name)}`);
    const params = { ...req.params, name: name.slice(prefix.length) };
    return (await upstream.request({ method: 'tools/call', params }, loose, {
      timeout: TIMEOUT_MS,
      signal: ctx.mcpReq.signal,
    })) as never;
  });
  server.onerror = (err) => console.error(`bare-proxy: ${err.message}`);
  return server;
}

if (values.http === undefined) {
  serveStdio(createProxyServer, { onerror: (err) => console.error(`bare-proxy: ${err.message}`) });
  process.stdin.once('end', () => void upstream.close().finally(() => process.exit(0)));
} else {
  const m = /^(?:(.+):)?(\d{1,5})$/.exec(values.http);
  if (m === null) {
    console.error(USAGE);
    process.exit(2);
  }
  const host = m[1] ?? '127.0.0.1';
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    const request = toRequest(req, body);
    const id = request.headers.get('mcp-session-id');
    let transport = id === null ? undefined : sessions.get(id);
    if (transport === undefined) {
      if (id !== null) return writeResponse(res, new Response('unknown session', { status: 404 }));
      const fresh: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void sessions.set(sid, fresh),
        onsessionclosed: (sid) => void sessions.delete(sid),
      });
      await createProxyServer().connect(fresh);
      transport = fresh;
    }
    await writeResponse(res, await transport.handleRequest(request));
  };
  const http = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error(`bare-proxy: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(Number(m[2]), host, resolve));
  const { port } = http.address() as AddressInfo;
  console.error(`bare-proxy: listening on http://${host}:${port}/mcp`);
  const stop = (): void => {
    http.closeAllConnections();
    http.close();
    void upstream.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function toRequest(req: IncomingMessage, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const value of Array.isArray(v) ? v : [v]) headers.append(k, value);
  }
  return new Request(new URL(req.url ?? '/', 'http://bare-proxy'), {
    method: req.method ?? 'GET',
    headers,
    ...(body === undefined ? {} : { body: new Uint8Array(body) }),
  });
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  if (response.body === null) {
    res.end();
    return;
  }
  const stream = Readable.fromWeb(response.body as never);
  res.once('close', () => stream.destroy());
  for await (const chunk of stream) res.write(chunk);
  res.end();
}
