/**
 * The documents `bench:detectors` scans: typical tool output. AgentDojo's recorded results
 * (e-mails, calendars, files, web pages, Slack, bank statements), this repository's docs
 * (Markdown) and sources (TypeScript), and JSON, cut into documents of 2–16 KiB the way tools
 * return them. Deterministic for a given checkout.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillVectors } from '../../eval/agentdojo/attack-text.js';
import { loadAgentDojo, SUITES } from '../../eval/agentdojo/data.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** A seeded linear congruential generator: the same cuts and order on every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s;
  };
}

function sources(): string[] {
  const out: string[] = [];
  const data = loadAgentDojo();
  for (const suite of SUITES) {
    const s = data.suites[suite];
    for (const task of Object.values(s.user_tasks))
      for (const call of task.calls) if (call.result) out.push(fillVectors(call.result, s.injection_vectors));
  }
  const files = (dir: string, ext: string): string[] =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith(ext) && !f.includes('node_modules') && !f.includes('dist'))
      .map((f) => join(dir, f))
      .filter((f) => statSync(f).isFile());
  for (const f of [...files(join(ROOT, 'docs'), '.md'), ...files(join(ROOT, 'packages'), '.ts')])
    out.push(readFileSync(f, 'utf8'));
  out.push(JSON.stringify(data.suites.workspace.tools, null, 2));
  return out;
}

/**
 * A string of its own, as tool output arrives (decoded from a JSON-RPC message), not a view into
 * the source it was cut from: V8 reads a slice through an indirection, and the classifier's
 * tokeniser reads slices at about half the speed of the flat strings a gateway scans.
 */
function flat(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/** Every source cut into 2–16 KiB documents, and the generator that cut them. */
function cut(): { docs: string[]; next: () => number } {
  const docs: string[] = [];
  const next = seeded(7);
  for (const text of sources()) {
    for (let i = 0; i < text.length; ) {
      const size = 2048 + (next() % 14336);
      docs.push(flat(text.slice(i, i + size)));
      i += size;
    }
  }
  return { docs, next };
}

/** The distinct documents, once each. */
export function documents(): string[] {
  return cut().docs;
}

/**
 * Documents drawn (in a shuffled order, with repeats) up to `mb` megabytes. The draw scales the
 * generator's high bits: its low bits repeat with short periods, and `next() % n` drew only a
 * hundred or so distinct documents out of hundreds.
 */
export function corpus(mb: number): string[] {
  const { docs, next } = cut();
  const out: string[] = [];
  let bytes = 0;
  while (bytes < mb * 1e6) {
    const d = docs[Math.floor((next() / 0x80000000) * docs.length)]!;
    out.push(d);
    bytes += Buffer.byteLength(d);
  }
  return out;
}
