import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Finding, Scan } from '@mcp-trust/detectors';
import { scanText, scanTool } from '@mcp-trust/detectors';
import type { Command } from 'commander';
import type { Io } from '../io.js';

export interface ScanOptions {
  json?: boolean;
  jsonl?: string;
  tools?: boolean;
}

/** Exit codes: 0 nothing found, 1 something malicious or a secret found, 2 bad input. */
const FOUND = 1;
const BAD_INPUT = 2;
const PROGRESS_EVERY = 1000;

/**
 * `mcp-trust scan [FILE|-]`: runs the detectors over a text (or, with `--tools`, over a tools/list
 * JSON document) and prints what they found with its place; `--jsonl FILE` scans one
 * `{"id","text"}` object per line and prints one result line per input line.
 */
export async function runScan(file: string | undefined, opts: ScanOptions, io: Io): Promise<number> {
  if (opts.jsonl !== undefined) {
    if (file !== undefined) {
      io.stderr('mcp-trust scan: give either FILE or --jsonl FILE, not both');
      return BAD_INPUT;
    }
    return scanJsonl(opts.jsonl, io);
  }
  const name = file ?? '-';
  let text: string;
  try {
    text = readFileSync(name === '-' ? 0 : name, 'utf8');
  } catch (err) {
    io.stderr(`mcp-trust scan: cannot read ${name === '-' ? 'stdin' : name}: ${errorCode(err)}`);
    return BAD_INPUT;
  }
  return opts.tools === true ? scanToolsDocument(name, text, opts, io) : scanOne(name, text, opts, io);
}

function scanOne(name: string, text: string, opts: ScanOptions, io: Io): number {
  const scan = scanText(text);
  const lines = lineStarts(text);
  if (opts.json === true) {
    io.stdout(
      JSON.stringify({
        file: name,
        ...verdictOf(scan),
        findings: scan.findings.map((f) => ({ ...placeOf(lines, f.start), ...findingJson(f) })),
      }),
    );
  } else {
    io.stdout(`${name}: ${headline(scan)}`);
    for (const f of scan.findings) {
      const { line, col } = placeOf(lines, f.start);
      io.stdout(`${name}:${line}:${col} ${f.rule} (${f.score.toFixed(2)}) ${f.message}`);
    }
  }
  return flagged(scan) ? FOUND : 0;
}

function scanToolsDocument(name: string, text: string, opts: ScanOptions, io: Io): number {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    io.stderr(`${name}: not JSON: ${err instanceof Error ? err.message : String(err)}`);
    return BAD_INPUT;
  }
  const tools = Array.isArray(doc) ? doc : isObject(doc) && Array.isArray(doc.tools) ? doc.tools : undefined;
  if (tools === undefined) {
    io.stderr(`${name}: expected a tools/list result ({"tools": [...]}) or an array of tools`);
    return BAD_INPUT;
  }
  let code = 0;
  tools.forEach((tool: unknown, i: number) => {
    if (!isObject(tool) || typeof tool.name !== 'string') {
      io.stderr(`${name}: $.tools[${i}]: not a tool (no name)`);
      code = BAD_INPUT;
      return;
    }
    const scan = scanTool(tool as { name: string });
    if (scan.malicious && code === 0) code = FOUND;
    if (opts.json === true) {
      io.stdout(
        JSON.stringify({ tool: tool.name, ...verdictOf(scan), findings: scan.findings.map(findingJson) }),
      );
      return;
    }
    io.stdout(
      `${name}: tool ${tool.name}: ${scan.malicious ? `poisoned (score ${scan.score.toFixed(2)})` : 'clean'}`,
    );
    for (const f of scan.findings) io.stdout(`  ${f.rule} (${f.score.toFixed(2)}) ${f.message}`);
  });
  return code;
}

async function scanJsonl(path: string, io: Io): Promise<number> {
  let code = 0;
  let n = 0;
  const input = path === '-' ? process.stdin : createReadStream(path, { encoding: 'utf8' });
  const failed = new Promise<never>((_, reject) => input.once('error', reject));
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    const reading = (async () => {
      for await (const raw of lines) {
        n++;
        if (raw.trim() === '') continue;
        const row = parseRow(raw);
        if (typeof row === 'string') {
          // The output keeps one line per input line: a bad line is answered with its error.
          io.stderr(`${path}:${n}: ${row}`);
          io.stdout(JSON.stringify({ id: null, line: n, error: row }));
          code = BAD_INPUT;
          continue;
        }
        const scan = scanText(row.text);
        if (code === 0 && flagged(scan)) code = FOUND;
        io.stdout(
          JSON.stringify({
            id: row.id,
            malicious: scan.malicious,
            sensitivity: scan.dataClasses,
            findings: scan.findings.map(findingJson),
          }),
        );
        if (n % PROGRESS_EVERY === 0) io.progress(`mcp-trust scan: ${n} lines`);
      }
    })();
    await Promise.race([reading, failed]);
  } catch (err) {
    io.stderr(`mcp-trust scan: cannot read ${path === '-' ? 'stdin' : path}: ${errorCode(err)}`);
    return BAD_INPUT;
  } finally {
    lines.close();
  }
  if (n >= PROGRESS_EVERY) io.progress('');
  return code;
}

/** A JSONL row, or what is wrong with it. */
function parseRow(raw: string): { id: unknown; text: string } | string {
  let row: unknown;
  try {
    row = JSON.parse(raw);
  } catch (err) {
    return `not JSON: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (!isObject(row)) return 'expected an object {"id": …, "text": "…"}';
  if (typeof row.text !== 'string') return '$.text: expected a string';
  return { id: row.id ?? null, text: row.text };
}

function verdictOf(scan: Scan) {
  return { malicious: scan.malicious, score: round(scan.score), sensitivity: scan.dataClasses };
}

function findingJson(f: Finding) {
  return {
    rule: f.rule,
    kind: f.kind,
    start: f.start,
    end: f.end,
    score: round(f.score),
    ...(f.dataClass === undefined ? {} : { dataClass: f.dataClass }),
    message: f.message,
  };
}

function headline(scan: Scan): string {
  const parts = [scan.malicious ? `malicious (score ${scan.score.toFixed(2)})` : 'not malicious'];
  if (scan.dataClasses.length > 0) parts.push(`carries ${scan.dataClasses.join(', ')}`);
  parts.push(`${scan.findings.length} ${scan.findings.length === 1 ? 'finding' : 'findings'}`);
  return parts.join('; ');
}

/** Worth a non-zero exit: an injection verdict or a secret. */
function flagged(scan: Scan): boolean {
  return scan.malicious || scan.findings.some((f) => f.kind === 'secret');
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line and column of an offset. */
function placeOf(starts: readonly number[], offset: number): { line: number; col: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, col: offset - starts[lo]! + 1 };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const errorCode = (err: unknown): string =>
  (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));

export function registerScan(program: Command, io: Io): void {
  program
    .command('scan')
    .description(
      'run the detectors (secrets, PII, prompt injection; tool poisoning with --tools) over a file or stdin',
    )
    .argument('[file]', 'the file to scan; - or nothing for stdin')
    .option('--json', 'print one JSON object instead of lines')
    .option('--jsonl <file>', 'scan one {"id","text"} object per line; print one result line per input line')
    .option('--tools', 'the input is a tools/list result (or an array of tools): scan each for poisoning')
    .action(async (file: string | undefined, o: ScanOptions) => {
      process.exitCode = await runScan(file, o, io);
    });
}
