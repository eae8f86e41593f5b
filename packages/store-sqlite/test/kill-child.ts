// Run by sigkill.test.ts in a child process: appends audit records and saves a tainted session
// forever, printing "ack <what>" only after each write returned, until the parent kills it.
import { makeLabel } from '@mcp-trust/core';
import { openSqliteStore } from '@mcp-trust/store-sqlite';

const store = openSqliteStore(process.argv[2]!);
const label = makeLabel({ openWorld: true, malicious: true, sources: ['untrustedPublic'] });
store.saveSession({
  version: 1,
  id: 'victim',
  label,
  counters: {},
  clock: 0,
  labels: [],
  values: [],
  prompts: [],
});
process.stdout.write('ack session\n');
for (;;) {
  const r = store.appendAudit({ session: 'victim', kind: 'call', data: { n: Date.now() } });
  process.stdout.write(`ack ${r.seq}\n`);
}
