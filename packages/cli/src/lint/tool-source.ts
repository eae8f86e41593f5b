import { readFileSync } from 'node:fs';
import { offersToolResolution } from '@mcp-trust/core';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { z } from 'zod';
import { isObject } from './check-tool.js';
import type { PathSegment } from './json-places.js';
import { JsonPlaces } from './json-places.js';

/** Where the linted tools came from, and how to point into it. */
export interface ToolSource {
  /** Shown in reports: the file, the command or the URL. */
  label: string;
  /** The file, when the tools were read from one (SARIF's artifact, `file:line:col` places). */
  file?: string;
  places?: JsonPlaces;
  /** JSON path of the tools array in the source (`["tools"]`, `["result", "tools"]`, or `[]`). */
  base: PathSegment[];
  tools: unknown[];
  /** What the server said about itself (only for live servers). */
  server?: { name?: string; version?: string; resolves: boolean };
}

/** Reading or connecting failed: the message says what and where. */
export class SourceError extends Error {}

const MAX_PAGES = 64;
const looseList = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/** A saved `tools/list` result: `{tools: […]}`, a JSON-RPC response around it, or a bare array. */
export function toolsFromFile(file: string): ToolSource {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (err) {
    throw new SourceError(
      `cannot read ${file === '-' ? 'stdin' : file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new SourceError(`${file}: not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const places = new JsonPlaces(text);
  const label = file === '-' ? 'stdin' : file;
  if (Array.isArray(doc)) return { label, file: label, places, base: [], tools: doc };
  const obj = isObject(doc) ? doc : {};
  if (Array.isArray(obj.tools)) return { label, file: label, places, base: ['tools'], tools: obj.tools };
  if (isObject(obj.result) && Array.isArray(obj.result.tools))
    return { label, file: label, places, base: ['result', 'tools'], tools: obj.result.tools };
  throw new SourceError(
    `${file}: expected a tools/list result ({"tools": [...]}), a JSON-RPC response holding one, or an array of tools`,
  );
}

export interface LiveOptions {
  timeoutMs: number;
  headers?: Record<string, string>;
  /** Where the server's own stderr goes (the CLI's stderr, prefixed). */
  onStderr?: (line: string) => void;
}

/** Starts `command` as a stdio server and reads its `tools/list` (every page). */
export async function toolsFromCommand(commandLine: string, opts: LiveOptions): Promise<ToolSource> {
  const [command, ...args] = splitCommand(commandLine);
  if (command === undefined) throw new SourceError('--command is empty');
  const transport = new StdioClientTransport({ command, args, env: getDefaultEnvironment(), stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') opts.onStderr?.(line);
  });
  return { ...(await listLive(transport, commandLine, opts)), label: commandLine };
}

/** Connects to a Streamable HTTP server and reads its `tools/list` (every page). */
export async function toolsFromUrl(url: string, opts: LiveOptions): Promise<ToolSource> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SourceError(`--url ${JSON.stringify(url)} is not a URL`);
  }
  const transport = new StreamableHTTPClientTransport(parsed, {
    requestInit: { headers: opts.headers ?? {} },
  });
  return { ...(await listLive(transport, url, opts)), label: url };
}

async function listLive(
  transport: StdioClientTransport | StreamableHTTPClientTransport,
  label: string,
  opts: LiveOptions,
): Promise<ToolSource> {
  const client = new Client({ name: 'mcp-trust-lint', version: '0.1.0' }, { capabilities: {} });
  try {
    await client.connect(transport, { timeout: opts.timeoutMs });
  } catch (err) {
    await client.close().catch(() => {});
    throw new SourceError(`cannot connect to ${label}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    const tools: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      // Loosely: the SDK's listTools() drops annotation keys it does not know.
      const res = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        looseList,
        { timeout: opts.timeoutMs },
      );
      tools.push(...res.tools);
      cursor = res.nextCursor;
      if (cursor === undefined) break;
    }
    const info = client.getServerVersion();
    return {
      label,
      base: ['tools'],
      tools,
      server: {
        ...(info?.name === undefined ? {} : { name: info.name }),
        ...(info?.version === undefined ? {} : { version: info.version }),
        resolves: offersToolResolution(client.getServerCapabilities()),
      },
    };
  } catch (err) {
    throw new SourceError(`${label}: tools/list failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await client.close().catch(() => {});
  }
}

/** Splits `CMD ARGS` the way a shell would for plain words, '…' and "…" (no expansions). */
export function splitCommand(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
      else if (ch === '\\' && quote === '"' && i + 1 < line.length) cur += line[++i];
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      has = true;
    } else if (ch === '\\' && i + 1 < line.length) {
      cur += line[++i];
      has = true;
    } else if (/\s/.test(ch)) {
      if (has) out.push(cur);
      cur = '';
      has = false;
    } else {
      cur += ch;
      has = true;
    }
  }
  if (quote !== undefined) throw new SourceError(`--command has an unclosed ${quote}`);
  if (has) out.push(cur);
  return out;
}
