// Run by sigkill.test.ts in a child process: appends audit records and saves a tainted session
// forever, printing "ack <what>" only after each write returned, until the parent kills it.
// `log` as the second argument logs the records through the journal (`logAudit`) instead.
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
if (process.argv[3] === 'log') {
  for (let n = 1; ; n++) {
    store.logAudit({ session: 'victim', kind: 'call', data: { n } });
    process.stdout.write(`ack ${n}\n`);
    // A moment between records now and then, so the journal is chained while the child runs too.
    if (n % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 30));
  }
}
for (;;) {
  const r = store.appendAudit({ session: 'victim', kind: 'call', data: { n: Date.now() } });
  process.stdout.write(`ack ${r.seq}\n`);
}
