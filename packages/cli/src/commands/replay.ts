import { accessSync, constants } from 'node:fs';
import type { Mode } from '@mcp-trust/policy';
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { loadSetup, makeEngine } from '../replay/build-engine.js';
import { readLines } from '../replay/read-lines.js';
import type { ReplayRow } from '../replay/replay-row.js';
import { ReplayRunner } from '../replay/replay-runner.js';
import { ReplaySummary } from '../replay/replay-summary.js';
import { tableHeader, tableRow } from '../replay/replay-table.js';
import { parseTraceLine } from '../replay/trace-event.js';
import { parseMode } from './options.js';

export interface ReplayOptions {
  trace: string;
  config?: string;
  json?: boolean;
  mode?: Mode;
}

export interface ReplayOutcome {
  exitCode: number;
  summary: ReplaySummary;
}

const PROGRESS_EVERY = 5000;

/** `mcp-trust replay`: every call in a trace decided offline by the same engine the gateway runs. */
export async function runReplay(opts: ReplayOptions, io: Io): Promise<ReplayOutcome> {
  const summary = new ReplaySummary();
  if (!readable(opts.trace, io)) return { exitCode: 1, summary };
  const setup = loadSetup({ config: opts.config, mode: opts.mode });
  for (const p of setup.problems) io.stderr(p);
  if (setup.ready === undefined) {
    io.stderr(
      `mcp-trust replay: ${setup.errors} ${setup.errors === 1 ? 'error' : 'errors'}; nothing replayed`,
    );
    return { exitCode: 1, summary };
  }

  const { engine, problems } = makeEngine(setup.ready);
  for (const p of problems) io.stderr(p);
  const runner = new ReplayRunner(engine, setup.ready.configured);
  const emit = (row: ReplayRow): void => {
    summary.add(row);
    if (opts.json === true) io.stdout(JSON.stringify(row));
    else for (const line of tableRow(row)) io.stdout(line);
  };
  if (opts.json !== true) io.stdout(tableHeader());
  let lines = 0;
  for await (const { line, text } of readLines(opts.trace)) {
    lines = line;
    if (line % PROGRESS_EVERY === 0) io.progress(`${opts.trace}: ${line} lines, ${summary.calls} calls`);
    const parsed = parseTraceLine(text);
    if (parsed === undefined) continue;
    const applied =
      'error' in parsed ? { rows: [], warnings: [], error: parsed.error } : runner.apply(parsed.event);
    for (const w of applied.warnings) io.stderr(`${opts.trace}:${line}: ${w}`);
    if (applied.error !== undefined) {
      summary.badLines++;
      io.stderr(`${opts.trace}:${line}: ${applied.error}; line skipped`);
    }
    applied.rows.forEach(emit);
  }
  runner.finish().forEach(emit);
  if (lines >= PROGRESS_EVERY) io.progress('');

  // With --json, stdout holds only rows (for jq and friends); the summary goes to stderr.
  const write = opts.json === true ? io.stderr : io.stdout;
  if (opts.json !== true) io.stdout('');
  for (const l of summary.lines()) write(l);
  return { exitCode: summary.badLines > 0 ? 1 : 0, summary };
}

function readable(file: string, io: Io): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch (err) {
    io.stderr(`${file}: cannot read the trace: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    return false;
  }
}

export function registerReplay(program: Command, io: Io): void {
  program
    .command('replay')
    .description('run a recorded trace (JSON Lines) through the engine offline and show each decision')
    .argument('<trace>', 'the trace file (.jsonl)')
    .option('-c, --config <file>', 'configuration file (servers, overlays, policy)')
    .option('--json', 'one JSON line per call instead of a table')
    .option('--mode <mode>', 'audit | warn | enforce (overrides the config)', parseMode)
    .action(async (trace: string, o: { config?: string; json?: boolean; mode?: Mode }) => {
      const { exitCode } = await runReplay({ trace, ...o }, io);
      process.exitCode = exitCode;
    });
}
