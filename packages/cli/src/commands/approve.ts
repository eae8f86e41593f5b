import type { BookApproval } from '@mcp-trust/gateway';
import { decideApproval } from '@mcp-trust/gateway';
import type { Command } from 'commander';
import type { Io } from '../io.js';
import type { StoreOptions } from './store-options.js';
import { addStoreOptions, openExistingStore } from './store-options.js';

export interface ApproveOptions extends StoreOptions {
  deny?: boolean;
}

/** `mcp-trust approve ID [--deny]`: one person's decision on one pending approval. */
export function runApprove(id: string, opts: ApproveOptions, io: Io): number {
  const store = openExistingStore(opts, io);
  if (store === undefined) return 1;
  try {
    const decided = decideApproval(store, id, opts.deny === true ? 'deny' : 'approve');
    if (!decided.ok) {
      io.stderr(decided.error);
      return 1;
    }
    for (const line of describeDecision(decided.approval)) io.stdout(line);
    return 0;
  } finally {
    store.close();
  }
}

function describeDecision(a: BookApproval): string[] {
  const d = a.data;
  const name = `${d.server}__${d.tool}`;
  if (d.kind === 'pin') {
    const what = `the new definition of ${name} (digest ${d.digest.slice(0, 12)}…, was ${d.previousDigest.slice(0, 12)}…)`;
    return d.status === 'approved'
      ? [`approved ${what}`, 'it is pinned now; the gateway offers the tool again']
      : [`denied ${what}`, 'the tool stays quarantined'];
  }
  const what = `call ${a.id} in session ${a.session}: ${name} ${JSON.stringify(d.arguments)}`;
  return d.status === 'approved'
    ? [`approved ${what}`, 'ask the assistant to retry the call (this exact call, once)']
    : [`denied ${what}`, "the assistant's retry will be refused"];
}

export function registerApprove(program: Command, io: Io): void {
  addStoreOptions(
    program
      .command('approve')
      .description('approve (or, with --deny, refuse) a pending call or tool change; see `mcp-trust pending`')
      .argument('<id>', 'the approval id, as `mcp-trust pending` shows it'),
  )
    .option('--deny', 'refuse instead of approving')
    .action((id: string, o: ApproveOptions) => {
      process.exitCode = runApprove(id, o, io);
    });
}
