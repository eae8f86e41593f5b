import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { ResultAnnotations, TrustToolAnnotations } from './annotations.js';
import { AREAS, areaOf, fileAnnotations, systemAnnotations } from './classify.js';
import { FileStore, normalizePath } from './file-store.js';
import { readRequestTrust } from './request-annotations.js';

/**
 * The file server of SEP-1913's reference scenario: a shared drive holding an HR salary
 * spreadsheet. It classifies files by directory, labels every result with SEP-1913 result
 * annotations, declares its tools' possible sets (`inputMetadata`/`returnMetadata`) in
 * `tools/list`, and refuses to publish data that the call's request annotations say is
 * open-world, sensitive or flagged malicious.
 */

export const FILE_SERVER_NAME = 'example-file-server';
export const DEFAULT_ORIGIN = 'mcp://file-server.example.com';
/** The bundled data (`examples/file-server/data`), from `src/` and `dist/` alike. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));

export interface FileServerOptions {
  /** The files to serve. Servers made from one store share it (writes are seen by all). */
  store?: FileStore;
  /** Where to load the files from when no `store` is given (default: the bundled data). */
  root?: string;
  /** Also write `write_file` calls to `root` (default: writes stay in memory). */
  persist?: boolean;
  /** The attribution URI prefix (default `mcp://file-server.example.com`). */
  origin?: string;
}

/** Options from the environment: FILE_SERVER_ROOT, FILE_SERVER_PERSIST=1, FILE_SERVER_ORIGIN. */
export function fileServerOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): FileServerOptions {
  const opts: FileServerOptions = {};
  if (env.FILE_SERVER_ROOT) opts.root = env.FILE_SERVER_ROOT;
  if (env.FILE_SERVER_PERSIST === '1' || env.FILE_SERVER_PERSIST === 'true') opts.persist = true;
  if (env.FILE_SERVER_ORIGIN) opts.origin = env.FILE_SERVER_ORIGIN.replace(/\/+$/, '');
  return opts;
}

const areaList = AREAS.map((a) => `${a.name}/ (${a.description})`).join(', ');

/** `tools/list` annotations: possible sets over every file the tool may touch. */
export const FILE_TOOL_ANNOTATIONS = {
  list_files: {
    title: 'List files',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
    inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
    returnMetadata: { source: 'internal', sensitivity: 'none' },
  },
  read_file: {
    title: 'Read a file',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
    inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
    returnMetadata: { source: ['internal', 'trustedPublic'], sensitivity: ['none', 'financial', 'pii'] },
  },
  write_file: {
    title: 'Write a file',
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
    inputMetadata: {
      destination: ['internal', 'public'],
      sensitivity: ['none', 'financial', 'pii'],
      outcomes: ['consequential', 'irreversible'],
    },
    returnMetadata: { source: 'system', sensitivity: 'none' },
  },
} satisfies Record<string, TrustToolAnnotations>;

function result(text: string, annotations: ResultAnnotations, isError = false): CallToolResult {
  return { content: [{ type: 'text', text }], _meta: { annotations }, isError };
}

export function createFileServer(options: FileServerOptions = {}): McpServer {
  const store =
    options.store ?? new FileStore(options.root ?? DEFAULT_DATA_DIR, { persist: options.persist ?? false });
  const origin = (options.origin ?? DEFAULT_ORIGIN).replace(/\/+$/, '');
  const uriOf = (path: string, dir = false) => `${origin}/${path}${dir && path !== '' ? '/' : ''}`;
  const fail = (text: string, attribution?: string[]) => result(text, systemAnnotations(attribution), true);

  const server = new McpServer(
    { name: FILE_SERVER_NAME, version: '0.1.0' },
    {
      capabilities: { tools: {} },
      instructions: `A shared drive with ${areaList}. Results carry SEP-1913 annotations in _meta.annotations.`,
    },
  );

  server.registerTool(
    'list_files',
    {
      description: `List the files and directories in a directory of the shared drive (default: the top level, which holds ${areaList}).`,
      inputSchema: z.object({
        dir: z
          .string()
          .optional()
          .describe('Directory to list, e.g. "hr" or "/notes". Default: the top level.'),
      }),
      annotations: FILE_TOOL_ANNOTATIONS.list_files,
    },
    async ({ dir }) => {
      const path = normalizePath(dir ?? '');
      if (path === undefined) return fail(`Invalid directory ${JSON.stringify(dir)}: it leaves the drive.`);
      if (!store.isDirectory(path)) return fail(`No such directory: ${path || '/'}`);
      const entries = store.list(path);
      const lines = entries.map((e) => (e.size === undefined ? e.name : `${e.name}\t${e.size} bytes`));
      return result(`${path || '/'}:\n${lines.join('\n')}`, {
        openWorldHint: false,
        attribution: [uriOf(path, true)],
        returnMetadata: { source: 'internal', sensitivity: 'none' },
      });
    },
  );

  server.registerTool(
    'read_file',
    {
      description:
        'Read a text file from the shared drive. Results are classified by directory in _meta.annotations.',
      inputSchema: z.object({
        path: z.string().describe('Path of the file, e.g. "notes/team-lunch.md".'),
      }),
      annotations: FILE_TOOL_ANNOTATIONS.read_file,
    },
    async ({ path: raw }) => {
      const path = normalizePath(raw);
      if (path === undefined) return fail(`Invalid path ${JSON.stringify(raw)}: it leaves the drive.`);
      const content = store.read(path);
      const area = areaOf(path);
      if (content === undefined || area === undefined) {
        const hint = store.isDirectory(path) ? ' (it is a directory: use list_files)' : '';
        return fail(`No such file: ${path || '/'}${hint}`);
      }
      return result(content, fileAnnotations(area, uriOf(path)));
    },
  );

  server.registerTool(
    'write_file',
    {
      description:
        `Create or overwrite a text file on the shared drive, under ${AREAS.map((a) => `${a.name}/`).join(', ')}. ` +
        'Files under public/ are published; the server refuses to publish data that the request annotations ' +
        '(params._meta.annotations) say is open-world, sensitive or flagged malicious.',
      inputSchema: z.object({
        path: z.string().describe('Path of the file, e.g. "notes/summary.md".'),
        content: z.string().describe('The whole new content of the file.'),
      }),
      annotations: FILE_TOOL_ANNOTATIONS.write_file,
    },
    async ({ path: raw, content }, ctx) => {
      const path = normalizePath(raw);
      if (path === undefined || path === '')
        return fail(`Invalid path ${JSON.stringify(raw)}: name a file inside the drive.`);
      const area = areaOf(path);
      if (area === undefined || !path.includes('/'))
        return fail(`Cannot write ${path}: files live under ${AREAS.map((a) => `${a.name}/`).join(', ')}.`);
      if (store.isDirectory(path)) return fail(`Cannot write ${path}: it is a directory.`);
      const uri = uriOf(path);
      if (area.published) {
        const trust = readRequestTrust(ctx.mcpReq._meta);
        const reasons = [
          trust.openWorld.length > 0 ? `open-world (${trust.openWorld.join('; ')})` : undefined,
          trust.sensitive.length > 0 ? `sensitive (${trust.sensitive.join('; ')})` : undefined,
          trust.malicious.length > 0 ? `flagged malicious (${trust.malicious.join('; ')})` : undefined,
        ].filter((r) => r !== undefined);
        if (reasons.length > 0) {
          return fail(
            `Refused to write ${path}: files under ${area.name}/ are published, and this call's request ` +
              `annotations say the data in this session is ${reasons.join(' and ')}. ` +
              'Nothing was written. Write it under notes/ instead, or publish from a session without that data.',
            [uri],
          );
        }
      }
      store.write(path, content);
      return result(`Wrote ${Buffer.byteLength(content)} bytes to ${path}.`, systemAnnotations([uri]));
    },
  );

  return server;
}
