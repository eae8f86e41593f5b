import type { BookApproval } from '@mcp-trust/gateway';
import { listPending, readApproval } from '@mcp-trust/gateway';
import type { Command } from 'commander';
import type { Io } from '../io.js';
import type { StoreOptions } from './store-options.js';
import { addStoreOptions, openExistingStore } from './store-options.js';

export interface PendingOptions extends StoreOptions {
  json?: boolean;
}

/** `mcp-trust pending`: what waits for a person, oldest first, with why it was stopped. */
export function runPending(opts: PendingOptions, io: Io, now = new Date()): number {
  const store = openExistingStore(opts, io);
  if (store === undefined) return 1;
  try {
    const pending = listPending(store);
    const unreadable = store.listApprovals().filter((a) => readApproval(a) === undefined).length;
    if (unreadable > 0)
      io.stderr(
        `${unreadable} stored approval(s) could not be read and are not shown (they count as denied)`,
      );
    if (opts.json === true) {
      for (const a of pending) io.stdout(JSON.stringify(a));
      return 0;
    }
    if (pending.length === 0) {
      io.stdout('no pending approvals');
      return 0;
    }
    const idWidth = Math.max(10, ...pending.map((a) => a.id.length));
    io.stdout(
      `${'ID'.padEnd(idWidth)}  ${'AGE'.padEnd(5)}  ${'SESSION'.padEnd(12)}  KIND  ${'TOOL'.padEnd(28)}  WHY`,
    );
    for (const a of pending) for (const line of pendingRow(a, idWidth, now)) io.stdout(line);
    io.stdout('');
    io.stdout(
      `${pending.length} pending: \`mcp-trust approve ID\` allows one, \`mcp-trust approve ID --deny\` refuses it`,
    );
    return 0;
  } finally {
    store.close();
  }
}

/** The row, then what the person needs to decide on indented lines (the reasons, the arguments). */
function pendingRow(a: BookApproval, idWidth: number, now: Date): string[] {
  const d = a.data;
  const why = d.kind === 'call' ? d.rules.join(', ') : 'tool definition changed';
  const cells = [a.id.padEnd(idWidth), fit(age(a.at, now), 5), fit(a.session, 12), d.kind.padEnd(4)];
  const row = `${cells.join('  ')}  ${fit(`${d.server}__${d.tool}`, 28)}  ${why}`.trimEnd();
  if (d.kind === 'pin') return [row, `    digest ${short(d.previousDigest)} → ${short(d.digest)}`];
  const lines = [row];
  if (d.reasons.length > 0) lines.push(`    ${d.reasons.join('; ').replace(/\s+/g, ' ')}`);
  lines.push(`    arguments: ${cut(JSON.stringify(d.arguments), 200)}`);
  return lines;
}

/** `42s`, `5m`, `3h`, `2d`: how long the approval has been waiting. */
export function age(at: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / 1000));
  if (Number.isNaN(seconds)) return '?';
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 48 * 3600) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86400)}d`;
}

const short = (digest: string): string => cut(digest, 13);
const cut = (text: string, width: number): string =>
  text.length <= width ? text : `${text.slice(0, width - 1)}…`;
const fit = (text: string, width: number): string => cut(text.replace(/\s+/g, ' '), width).padEnd(width);

export function registerPending(program: Command, io: Io): void {
  addStoreOptions(
    program
      .command('pending')
      .description('list the calls and tool changes waiting for a person to approve or deny them'),
  )
    .option('--json', 'one JSON line per pending approval instead of a table')
    .action((o: PendingOptions) => {
      process.exitCode = runPending(o, io);
    });
}
