import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { Io } from '../io.js';
import type { AuditTailOptions } from './audit-tail.js';
import { runAuditTail } from './audit-tail.js';
import type { StoreOptions } from './store-options.js';
import { addStoreOptions, openExistingStore } from './store-options.js';

const PAGE = 1000;

/** `mcp-trust audit verify`: re-walks the hash chain and names the first record that breaks it. */
export function runAuditVerify(opts: StoreOptions, io: Io): number {
  const store = openExistingStore(opts, io);
  if (store === undefined) return 1;
  try {
    const v = store.verifyAudit();
    if (v.ok) {
      io.stdout(`audit log OK: ${v.count} ${v.count === 1 ? 'record' : 'records'}`);
      return 0;
    }
    io.stdout(`audit log BROKEN at record ${v.at}: ${v.reason}`);
    return 1;
  } finally {
    store.close();
  }
}

/** `mcp-trust audit export`: every record as JSON Lines, read a page at a time. */
export function runAuditExport(opts: StoreOptions, io: Io): number {
  const store = openExistingStore(opts, io);
  if (store === undefined) return 1;
  try {
    let after = 0;
    for (;;) {
      const page = store.audit({ after, limit: PAGE });
      for (const r of page) io.stdout(JSON.stringify(r));
      if (page.length < PAGE) return 0;
      after = page.at(-1)?.seq ?? after;
    }
  } finally {
    store.close();
  }
}

function parseCount(value: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  throw new InvalidArgumentError('must be a whole number');
}

export function registerAudit(program: Command, io: Io): void {
  const audit = program.command('audit').description("read and check the gateway's hash-chained audit log");
  addStoreOptions(
    audit.command('verify').description('check the hash chain; exit 1 at the first broken record'),
  ).action((o: StoreOptions) => {
    process.exitCode = runAuditVerify(o, io);
  });
  addStoreOptions(audit.command('tail').description('show the latest records, one line each'))
    .option('-n, --lines <n>', 'how many records (default 20)', parseCount)
    .option('-f, --follow', 'keep showing new records until Ctrl-C')
    .option('--json', 'whole records as JSON lines')
    .action(async (o: AuditTailOptions) => {
      const stop = new AbortController();
      const onSigint = () => stop.abort();
      process.once('SIGINT', onSigint);
      try {
        process.exitCode = await runAuditTail(o, io, stop.signal);
      } finally {
        process.off('SIGINT', onSigint);
      }
    });
  addStoreOptions(audit.command('export').description('every record as JSON Lines on stdout'))
    .option('--json', 'JSON Lines (the only format, and the default)')
    .action((o: StoreOptions) => {
      process.exitCode = runAuditExport(o, io);
    });
}
