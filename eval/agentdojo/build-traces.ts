/**
 * `npx tsx eval/agentdojo/build-traces.ts [--out DIR]`: writes the sessions as replay traces
 * (`DIR/SUITE-benign.jsonl`, `DIR/SUITE-attacked.jsonl`) and a `DIR/config.yaml` binding each
 * suite to its overlay, so `mcp-trust replay DIR/banking-attacked.jsonl --config DIR/config.yaml`
 * replays them. Default DIR: a fresh temporary directory (the files are large; do not commit them).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildAllSessions } from './build-sessions.js';
import { SUITES } from './data.js';
import { replayConfig, traceLines } from './trace.js';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = values.out === undefined ? mkdtempSync(join(tmpdir(), 'agentdojo-traces-')) : resolve(values.out);
mkdirSync(out, { recursive: true });

const all = buildAllSessions();
for (const { suite, benign, attacked } of all.suites) {
  const tools = all.data.suites[suite].tools;
  writeFileSync(join(out, `${suite}-benign.jsonl`), traceLines(suite, tools, benign));
  writeFileSync(join(out, `${suite}-attacked.jsonl`), traceLines(suite, tools, attacked));
  console.error(`${suite}: ${benign.length} benign, ${attacked.length} attacked sessions`);
}
writeFileSync(join(out, 'config.yaml'), replayConfig(SUITES, ['default']));
console.log(out);
