/**
 * The documents `bench:detectors` scans, cut into documents of 2–16 KiB the way tools return them;
 * deterministic for a given checkout and lockfile.
 *
 * `thirdParty`, the corpus the speed target is judged on: typical tool output that nobody here
 * wrote — AgentDojo's recorded results (e-mails, calendars, files, web pages, Slack, bank
 * statements), the READMEs and manifests of the installed npm packages, TypeScript's `lib`
 * declarations and the MCP SDK's compiled JavaScript, in equal shares.
 *
 * `corpus`, this repository's own: AgentDojo's results, its docs (Markdown), its sources
 * (TypeScript) and JSON. It was the judged corpus until 2026-11-29; its sources are four fifths of
 * it, and the detector package's own — lists of trigger words and attack phrases — a third of
 * those, so it moves with this repository's commits and reads as no tool's output does.
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

/** AgentDojo's recorded tool results, with each injection vector's default (clean) text. */
function agentDojoResults(): string[] {
  const out: string[] = [];
  const data = loadAgentDojo();
  for (const suite of SUITES) {
    const s = data.suites[suite];
    for (const task of Object.values(s.user_tasks))
      for (const call of task.calls) if (call.result) out.push(fillVectors(call.result, s.injection_vectors));
  }
  return out;
}

/** The files under `dir` (recursively, sorted) whose names end with one of `ext`. */
function files(dir: string, ext: readonly string[], skip: (path: string) => boolean = () => false): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.some((e) => f.endsWith(e)) && !skip(f))
    .sort()
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

function sources(): string[] {
  const out = agentDojoResults();
  const ours = (f: string) => f.includes('node_modules') || f.includes('dist');
  for (const f of [
    ...files(join(ROOT, 'docs'), ['.md'], ours),
    ...files(join(ROOT, 'packages'), ['.ts'], ours),
  ])
    out.push(readFileSync(f, 'utf8'));
  out.push(JSON.stringify(loadAgentDojo().suites.workspace.tools, null, 2));
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

/** Every text cut into 2–16 KiB documents, and the generator that cut them. */
function cut(texts: readonly string[] = sources()): { docs: string[]; next: () => number } {
  const docs: string[] = [];
  const next = seeded(7);
  for (const text of texts) {
    for (let i = 0; i < text.length; ) {
      const size = 2048 + (next() % 14336);
      docs.push(flat(text.slice(i, i + size)));
      i += size;
    }
  }
  return { docs, next };
}

/** Up to `mb` megabytes of `docs`, drawn with `next` (see `corpus`). */
function draw(docs: readonly string[], next: () => number, mb: number): string[] {
  const out: string[] = [];
  let bytes = 0;
  while (bytes < mb * 1e6) {
    const d = docs[Math.floor((next() / 0x80000000) * docs.length)]!;
    out.push(d);
    bytes += Buffer.byteLength(d);
  }
  return out;
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
  return draw(docs, next, mb);
}

const NODE_MODULES = join(ROOT, 'node_modules');

/** The top-level packages installed in `node_modules` (scoped ones included), sorted; ours left out. */
function packages(): string[] {
  const out: string[] = [];
  for (const name of readdirSync(NODE_MODULES).sort()) {
    if (name.startsWith('.') || name === '@mcp-trust') continue;
    if (name.startsWith('@'))
      for (const sub of readdirSync(join(NODE_MODULES, name)).sort()) out.push(join(NODE_MODULES, name, sub));
    else out.push(join(NODE_MODULES, name));
  }
  return out;
}

/** The first file of `names` that `dir` holds, read; or nothing. */
function readFirst(dir: string, names: readonly string[]): string[] {
  for (const n of names) {
    try {
      return [readFileSync(join(dir, n), 'utf8')];
    } catch {}
  }
  return [];
}

/**
 * Text nobody here wrote, by kind: AgentDojo's recorded results; the READMEs and `package.json`
 * manifests of the installed npm packages; TypeScript's `lib` declarations; the compiled
 * JavaScript of the MCP SDK and the reference servers. The packages' versions are the lockfile's,
 * so the text changes only when a dependency does.
 */
function thirdPartySources(): Record<string, string[]> {
  const mcp = join(NODE_MODULES, '@modelcontextprotocol');
  const js = ['client', 'core', 'server', 'server-everything', 'server-filesystem', 'server-memory'].flatMap(
    (p) => files(join(mcp, p, 'dist'), ['.js', '.mjs']).map((f) => readFileSync(f, 'utf8')),
  );
  return {
    agentdojo: agentDojoResults(),
    readmes: packages().flatMap((p) => readFirst(p, ['README.md', 'readme.md', 'Readme.md'])),
    manifests: packages().flatMap((p) => readFirst(p, ['package.json'])),
    declarations: files(join(NODE_MODULES, 'typescript', 'lib'), ['.d.ts']).map((f) =>
      readFileSync(f, 'utf8'),
    ),
    javascript: js,
  };
}

/**
 * The third-party corpus: `mb` megabytes, an equal share from each kind of `thirdPartySources`,
 * cut and drawn as `corpus` is.
 */
export function thirdParty(mb: number): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const kinds = Object.entries(thirdPartySources());
  for (const [kind, texts] of kinds) {
    const { docs, next } = cut(texts);
    out[kind] = draw(docs, next, mb / kinds.length);
  }
  return out;
}
