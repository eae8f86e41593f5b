import type { Command } from 'commander';
import type { Io } from '../io.js';
import { lintTools } from '../lint/lint.js';
import { jsonReport, tableReport } from '../lint/report.js';
import { sarifReport } from '../lint/sarif.js';
import type { ToolSource } from '../lint/tool-source.js';
import { SourceError, toolsFromCommand, toolsFromFile, toolsFromUrl } from '../lint/tool-source.js';

export interface LintOptions {
  command?: string;
  url?: string;
  tools?: string;
  format?: string;
  header?: string[];
  timeout?: string;
}

/** Exit codes: 0 no errors (warnings and notes allowed), 1 errors found, 2 bad input or no server. */
const HAS_ERRORS = 1;
const BAD_INPUT = 2;
const FORMATS = ['table', 'json', 'sarif'] as const;
const VERSION = '0.1.0';

/**
 * `mcp-trust lint`: checks a server's tool definitions — annotations against the JSON Schema,
 * the readers' and consistency checks' problems, the tool-poisoning detector, and metadata worth
 * adding — from a running server (`--command`, `--url`) or a saved `tools/list` (`--tools FILE`).
 */
export async function runLint(o: LintOptions, io: Io): Promise<number> {
  const given = [o.command, o.url, o.tools].filter((x) => x !== undefined).length;
  if (given !== 1) {
    io.stderr('mcp-trust lint: give exactly one of --command "CMD ARGS", --url URL or --tools FILE');
    return BAD_INPUT;
  }
  const format = o.format ?? 'table';
  if (!(FORMATS as readonly string[]).includes(format)) {
    io.stderr(`mcp-trust lint: --format must be one of ${FORMATS.join(', ')}, not ${JSON.stringify(format)}`);
    return BAD_INPUT;
  }
  const timeoutMs = o.timeout === undefined ? 30_000 : Number(o.timeout);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    io.stderr(
      `mcp-trust lint: --timeout must be a positive number of milliseconds, not ${JSON.stringify(o.timeout)}`,
    );
    return BAD_INPUT;
  }
  const headers: Record<string, string> = {};
  for (const h of o.header ?? []) {
    const colon = h.indexOf(':');
    if (colon <= 0) {
      io.stderr(`mcp-trust lint: --header ${JSON.stringify(h)} is not "Name: value"`);
      return BAD_INPUT;
    }
    headers[h.slice(0, colon).trim()] = h.slice(colon + 1).trim();
  }
  let source: ToolSource;
  try {
    const live = { timeoutMs, headers, onStderr: (line: string) => io.stderr(`server: ${line}`) };
    if (o.tools !== undefined) source = toolsFromFile(o.tools);
    else if (o.command !== undefined) {
      io.progress(`mcp-trust lint: starting ${o.command}`);
      source = await toolsFromCommand(o.command, live);
    } else {
      io.progress(`mcp-trust lint: connecting to ${o.url}`);
      source = await toolsFromUrl(o.url as string, live);
    }
  } catch (err) {
    io.progress('');
    io.stderr(`mcp-trust lint: ${err instanceof SourceError ? err.message : String(err)}`);
    return BAD_INPUT;
  }
  io.progress('');
  const report = lintTools(source);
  if (format === 'json') io.stdout(jsonReport(report));
  else if (format === 'sarif') io.stdout(sarifReport(report, VERSION));
  else for (const line of tableReport(report)) io.stdout(line);
  return report.findings.some((f) => f.level === 'error') ? HAS_ERRORS : 0;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function registerLint(program: Command, io: Io): void {
  program
    .command('lint')
    .description(
      "check a server's tool definitions: annotations against the SEP-1913 schema, consistency, tool poisoning, missing metadata",
    )
    .option('--command <cmd>', 'start the server over stdio: "CMD ARGS" (quotes group words)')
    .option('--url <url>', 'connect to a Streamable HTTP server')
    .option('--tools <file>', 'a saved tools/list result (JSON; - for stdin)')
    .option('--format <format>', 'table, json or sarif (SARIF 2.1.0)', 'table')
    .option('--header <header>', 'an HTTP header for --url, "Name: value" (repeatable)', collect)
    .option('--timeout <ms>', 'how long to wait for the server (default 30000)')
    .action(async (o: LintOptions) => {
      process.exitCode = await runLint(o, io);
    });
}
