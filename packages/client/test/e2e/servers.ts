/**
 * Real servers over real stdio for the end-to-end tests: the example servers (run from source
 * with tsx) and the reference servers from node_modules, each behind an SDK `Client` that the test
 * owns — the way a host owns its clients.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { binOf } from '../../../../examples/test-support/bin-of.js';

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

export interface Connected {
  client: Client;
  stderr(): string;
  close(): Promise<void>;
}

export interface SpawnOptions {
  env?: Record<string, string>;
  /** `auto` negotiates 2026-07-28 where the server offers it; default: the 2025 handshake. */
  negotiation?: 'legacy' | 'auto';
}

/** Starts `node ARGS…` over stdio and connects an SDK client to it. */
export async function spawnClient(args: string[], opts: SpawnOptions = {}): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', ...opts.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client(
    { name: 'trust-session-e2e', version: '0.0.0' },
    { versionNegotiation: { mode: opts.negotiation ?? 'legacy' } },
  );
  try {
    await client.connect(transport);
  } catch (err) {
    throw new Error(`could not start ${args.join(' ')}: ${String(err)}\n${stderr}`);
  }
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** An example server (`file-server`, `mail-server`, `web-server`), from source. */
export function example(name: string, opts: SpawnOptions = {}): Promise<Connected> {
  return spawnClient(['--import', 'tsx', join(REPO, 'examples', name, 'src', 'main.ts')], opts);
}

export { binOf };

const dirs: string[] = [];

export function tmpDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mcp-trust-client-${prefix}-`));
  dirs.push(dir);
  return dir;
}

export function removeTmpDirs(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Every message the mail server sent, as it wrote them to `MAIL_OUTBOX_FILE`. */
export interface SentMail {
  id: string;
  to: string;
  subject: string;
  body: string;
  destination: string;
  requestMeta?: { annotations?: Record<string, unknown>; [key: string]: unknown };
}

export function readOutbox(file: string): SentMail[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as SentMail);
}

/** The text of a result's content blocks, joined. */
export function textOf(result: { content: unknown[] }): string {
  return result.content.map((c) => (c as { text?: string }).text ?? '').join('');
}
