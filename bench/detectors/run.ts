/**
 * `npm run bench:detectors [-- --mb 8 --rounds 5 --secretlint-mb 1]`: throughput of the combined
 * scan (`scanText`: secrets, PII, prompt injection) over typical tool output, one core, beside
 * secretlint (12.0.0, recommended preset) on the same documents in the same run, and beside
 * a baseline that only reads every character (`String#indexOf` of a character that never occurs).
 * Prints one JSON object on stdout, progress on stderr.
 *
 * Typical tool output: AgentDojo's recorded results (e-mails, calendars, files, web pages,
 * Slack, bank statements), this repository's docs (Markdown) and sources (TypeScript), and
 * JSON, cut into documents of 2–16 KiB the way tools return them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { fillVectors } from '../../eval/agentdojo/attack-text.js';
import { loadAgentDojo, SUITES } from '../../eval/agentdojo/data.js';
import { scanText } from '../../packages/detectors/src/index.js';
import { countOptionsFromArgs } from '../core/options.js';

const options = countOptionsFromArgs('bench/detectors/run.ts', { mb: 8, rounds: 5, 'secretlint-mb': 1 });
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const TARGET_MB_S = 50;
const log = (line: string): void => void process.stderr.write(`bench:detectors: ${line}\n`);

/** Documents of typical tool output, repeated (in a shuffled order) up to `mb` megabytes. */
function corpus(mb: number): string[] {
  const sources: string[] = [];
  const data = loadAgentDojo();
  for (const suite of SUITES) {
    const s = data.suites[suite];
    for (const task of Object.values(s.user_tasks))
      for (const call of task.calls)
        if (call.result) sources.push(fillVectors(call.result, s.injection_vectors));
  }
  const files = (dir: string, ext: string): string[] =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith(ext) && !f.includes('node_modules') && !f.includes('dist'))
      .map((f) => join(dir, f))
      .filter((f) => statSync(f).isFile());
  for (const f of [...files(join(ROOT, 'docs'), '.md'), ...files(join(ROOT, 'packages'), '.ts')])
    sources.push(readFileSync(f, 'utf8'));
  sources.push(JSON.stringify(data.suites.workspace.tools, null, 2));
  // Cut into 2–16 KiB documents, deterministic.
  const docs: string[] = [];
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  for (const text of sources) {
    for (let i = 0; i < text.length; ) {
      const size = 2048 + (next() % 14336);
      docs.push(text.slice(i, i + size));
      i += size;
    }
  }
  const out: string[] = [];
  let bytes = 0;
  while (bytes < mb * 1e6) {
    const d = docs[next() % docs.length]!;
    out.push(d);
    bytes += Buffer.byteLength(d);
  }
  return out;
}

function mbPerSecond(docs: readonly string[], fn: (d: string) => unknown): number {
  const bytes = docs.reduce((n, d) => n + Buffer.byteLength(d), 0);
  const started = process.hrtime.bigint();
  for (const d of docs) fn(d);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return bytes / 1e6 / seconds;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const round = (x: number): number => Math.round(x * 10) / 10;

const docs = corpus(options.mb);
const totalMb = docs.reduce((n, d) => n + Buffer.byteLength(d), 0) / 1e6;
log(`${docs.length} documents, ${totalMb.toFixed(1)} MB; ${options.rounds} rounds`);

let sink = 0;
const scan = (d: string) => {
  sink += scanText(d).findings.length;
};
const baseline = (d: string) => {
  sink += d.indexOf('\u0000');
};
// Warm up both.
mbPerSecond(docs.slice(0, 200), scan);
mbPerSecond(docs.slice(0, 200), baseline);
const scanRates: number[] = [];
const baseRates: number[] = [];
for (let r = 0; r < options.rounds; r++) {
  scanRates.push(mbPerSecond(docs, scan));
  baseRates.push(mbPerSecond(docs, baseline));
  log(`round ${r + 1}/${options.rounds}: scanText ${scanRates.at(-1)!.toFixed(1)} MB/s`);
}

// secretlint is asynchronous and far slower: it gets a slice of the same documents.
const slDocs: string[] = [];
for (let n = 0, i = 0; n < options['secretlint-mb'] * 1e6 && i < docs.length; i++) {
  slDocs.push(docs[i]!);
  n += Buffer.byteLength(docs[i]!);
}
const slBytes = slDocs.reduce((n, d) => n + Buffer.byteLength(d), 0);
const config = {
  rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended as never }],
};
const lint = (d: string, i: number) =>
  lintSource({
    source: { filePath: `/bench/doc${i}.txt`, content: d, contentType: 'text', ext: '.txt' } as never,
    options: { config: config as never, maskSecrets: true },
  });
await lint(slDocs[0]!, 0);
const slStarted = process.hrtime.bigint();
for (let i = 0; i < slDocs.length; i++) sink += (await lint(slDocs[i]!, i)).messages.length;
const slRate = slBytes / 1e6 / (Number(process.hrtime.bigint() - slStarted) / 1e9);
// The same slice through scanText, so both rates come from the same documents.
const sameSlice = median(Array.from({ length: options.rounds }, () => mbPerSecond(slDocs, scan)));
log(
  `secretlint ${slRate.toFixed(2)} MB/s on ${(slBytes / 1e6).toFixed(1)} MB; scanText ${sameSlice.toFixed(1)} MB/s on it`,
);

const scanMbS = median(scanRates);
console.log(
  JSON.stringify(
    {
      suite: 'detectors',
      node: process.version,
      cpu: cpus()[0]?.model ?? 'unknown',
      options,
      documents: docs.length,
      corpusMb: round(totalMb),
      scanTextMbPerS: round(scanMbS),
      readOnlyBaselineMbPerS: round(median(baseRates)),
      secretlint: {
        mb: round(slBytes / 1e6),
        mbPerS: Math.round(slRate * 100) / 100,
        scanTextOnSameMbPerS: round(sameSlice),
      },
      scanTextOverSecretlint: round(sameSlice / slRate),
      targetMbPerS: TARGET_MB_S,
      pass: scanMbS >= TARGET_MB_S && sameSlice > slRate,
      sink: sink > -Infinity,
    },
    null,
    2,
  ),
);
