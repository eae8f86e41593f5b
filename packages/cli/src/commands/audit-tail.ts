import { setTimeout as sleep } from 'node:timers/promises';
import type { AuditRecord, Store } from '@mcp-trust/store';
import type { Io } from '../io.js';
import { auditLine } from './audit-line.js';
import type { StoreOptions } from './store-options.js';
import { openExistingStore } from './store-options.js';

export interface AuditTailOptions extends StoreOptions {
  /** How many of the latest records to show first (default 20). */
  lines?: number;
  /** Keep polling for new records until `signal` aborts. */
  follow?: boolean;
  json?: boolean;
  /** Poll interval with `follow`, in ms (default 500). */
  pollMs?: number;
}

const PAGE = 1000;

/** `mcp-trust audit tail`: the last records, then (with `follow`) new ones as they are appended. */
export async function runAuditTail(opts: AuditTailOptions, io: Io, signal?: AbortSignal): Promise<number> {
  const store = openExistingStore(opts, io);
  if (store === undefined) return 1;
  const print = (r: AuditRecord): void => io.stdout(opts.json === true ? JSON.stringify(r) : auditLine(r));
  try {
    const last = lastSeq(store);
    const n = opts.lines ?? 20;
    if (n > 0) store.audit({ after: Math.max(0, last - n), limit: n }).forEach(print);
    let after = last;
    while (opts.follow === true && signal?.aborted !== true) {
      try {
        await sleep(opts.pollMs ?? 500, undefined, { signal });
      } catch {
        break; // aborted (SIGINT): a normal end of --follow
      }
      for (
        let page = store.audit({ after, limit: PAGE });
        page.length > 0;
        page = store.audit({ after, limit: PAGE })
      ) {
        page.forEach(print);
        after = page.at(-1)?.seq ?? after;
        if (page.length < PAGE) break;
      }
    }
    return 0;
  } finally {
    store.close();
  }
}

/**
 * The highest `seq`, found by probing `audit({after, limit: 1})` (doubling, then bisecting), so
 * the tail of a long log costs a few indexed reads instead of a walk through all of it.
 */
export function lastSeq(store: Store): number {
  const beyond = (seq: number): boolean => store.audit({ after: seq, limit: 1 }).length > 0;
  if (!beyond(0)) return 0;
  let lo = 0; // some record lies beyond lo …
  let hi = 1; // … and none beyond hi, once the doubling stops
  while (beyond(hi)) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (beyond(mid)) lo = mid;
    else hi = mid;
  }
  return hi;
}
