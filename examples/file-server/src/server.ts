import { fileURLToPath } from 'node:url';
import type { CallGuard, HandlerContext, Policy } from '@mcp-trust/server';
import {
  createCallGuard,
  declareTools,
  loadServerPolicy,
  mcpUri,
  registerToolResolution,
  textResult,
} from '@mcp-trust/server';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { AREAS, areaOf, fileAnnotations, resolveFileTool, systemAnnotations } from './classify.js';
import { FileStore, normalizePath } from './file-store.js';

/**
 * The file server of SEP-1913's reference scenario: a shared drive holding an HR salary
 * spreadsheet. It declares its tools' possible sets in `tools/list`, narrows them per path in
 * `tools/resolve`, labels every result by directory, and refuses — by its own policy over each
 * call's request annotations — to publish open-world, sensitive or malicious data. All of it
 * through `@mcp-trust/server`.
 */

export const FILE_SERVER_NAME = 'example-file-server';
export const DEFAULT_ORIGIN = 'mcp://file-server.example.com';
/** The bundled data (`examples/file-server/data`), from `src/` and `dist/` alike. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));
/** The server's own policy (`examples/file-server/policy.yaml`). */
export const DEFAULT_POLICY_FILE = new URL('../policy.yaml', import.meta.url);

export interface FileServerOptions {
  /** The files to serve. Servers made from one store share it (writes are seen by all). */
  store?: FileStore;
  /** Where to load the files from when no `store` is given (default: the bundled data). */
  root?: string;
  /** Also write `write_file` calls to `root` (default: writes stay in memory). */
  persist?: boolean;
  /** The attribution URI prefix (default `mcp://file-server.example.com`). */
  origin?: string;
  /** The policy each call is checked against (default: `policy.yaml`); `false` checks nothing. */
  policy?: Policy | false;
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
const READS = { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' } as const;

/** `tools/list` declarations: possible sets over every file a tool may touch. */
export const FILE_TOOLS = declareTools({
  list_files: {
    title: 'List files',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
    inputMetadata: READS,
    returnMetadata: { source: 'internal', sensitivity: 'none' },
  },
  read_file: {
    title: 'Read a file',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
    inputMetadata: READS,
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
});

let defaultPolicy: Policy | undefined;

/** `policy.yaml`, compiled once per process. */
function bundledPolicy(): Policy {
  defaultPolicy ??= loadServerPolicy({ files: [DEFAULT_POLICY_FILE] });
  return defaultPolicy;
}

export function createFileServer(options: FileServerOptions = {}): McpServer {
  const store =
    options.store ?? new FileStore(options.root ?? DEFAULT_DATA_DIR, { persist: options.persist ?? false });
  const origin = options.origin?.replace(/\/+$/, '');
  const uriOf = (path: string, dir = false) => {
    const rel = `${path}${dir && path !== '' ? '/' : ''}`;
    return origin === undefined ? mcpUri('file-server.example.com', rel) : `${origin}/${rel}`;
  };
  const resolve = (tool: string, args: Readonly<Record<string, unknown>>) =>
    resolveFileTool(tool, args, uriOf);
  const policy = options.policy ?? bundledPolicy();
  const guard: CallGuard | undefined =
    policy === false
      ? undefined
      : createCallGuard({ policy, server: FILE_SERVER_NAME, tools: FILE_TOOLS, resolve });
  const fail = (text: string, attribution?: string[]) =>
    textResult(text, systemAnnotations(attribution), { isError: true });

  const server = new McpServer(
    { name: FILE_SERVER_NAME, version: '0.1.0' },
    {
      capabilities: { tools: {} },
      instructions: `A shared drive with ${areaList}. Results carry SEP-1913 annotations in _meta.annotations.`,
    },
  );
  registerToolResolution(server, { tools: FILE_TOOLS, resolve });
  const check = (tool: string, args: Record<string, unknown>, ctx: HandlerContext) =>
    guard?.enforce({ server, ctx, tool, args });

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
      annotations: FILE_TOOLS.list_files.annotations,
    },
    async (args, ctx) => {
      const refused = await check('list_files', args, ctx);
      if (refused !== undefined) return refused;
      const path = normalizePath(args.dir ?? '');
      if (path === undefined)
        return fail(`Invalid directory ${JSON.stringify(args.dir)}: it leaves the drive.`);
      if (!store.isDirectory(path)) return fail(`No such directory: ${path || '/'}`);
      const lines = store
        .list(path)
        .map((e) => (e.size === undefined ? e.name : `${e.name}\t${e.size} bytes`));
      return textResult(
        `${path || '/'}:\n${lines.join('\n')}`,
        {
          openWorldHint: false,
          attribution: [uriOf(path, true)],
          returnMetadata: { source: 'internal', sensitivity: 'none' },
        },
        { tool: FILE_TOOLS.list_files },
      );
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
      annotations: FILE_TOOLS.read_file.annotations,
    },
    async (args, ctx) => {
      const refused = await check('read_file', args, ctx);
      if (refused !== undefined) return refused;
      const path = normalizePath(args.path);
      if (path === undefined) return fail(`Invalid path ${JSON.stringify(args.path)}: it leaves the drive.`);
      const content = store.read(path);
      const area = areaOf(path);
      if (content === undefined || area === undefined) {
        const hint = store.isDirectory(path) ? ' (it is a directory: use list_files)' : '';
        return fail(`No such file: ${path || '/'}${hint}`);
      }
      return textResult(content, fileAnnotations(area, uriOf(path)), { tool: FILE_TOOLS.read_file });
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
      annotations: FILE_TOOLS.write_file.annotations,
    },
    async (args, ctx) => {
      const path = normalizePath(args.path);
      if (path === undefined || path === '')
        return fail(`Invalid path ${JSON.stringify(args.path)}: name a file inside the drive.`);
      const area = areaOf(path);
      if (area === undefined || !path.includes('/'))
        return fail(`Cannot write ${path}: files live under ${AREAS.map((a) => `${a.name}/`).join(', ')}.`);
      if (store.isDirectory(path)) return fail(`Cannot write ${path}: it is a directory.`);
      const refused = await check('write_file', args, ctx);
      if (refused !== undefined) return refused;
      store.write(path, args.content);
      return textResult(
        `Wrote ${Buffer.byteLength(args.content)} bytes to ${path}.`,
        systemAnnotations([uriOf(path)]),
        {
          tool: FILE_TOOLS.write_file,
        },
      );
    },
  );

  return server;
}
