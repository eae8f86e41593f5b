#!/usr/bin/env node
import { Command } from 'commander';
import { ANSI, PLAIN, wantsColour } from './demo/colour.js';
import { runLabelDemo } from './demo/label-demo.js';

// `mcp-trust demo | head` closes stdout early; that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const program = new Command('mcp-trust')
  .description('Trust and security metadata for MCP: labels, contracts, policies.')
  .showHelpAfterError();

program
  .command('demo')
  .description("walk the label model through SEP-1913's e-mail and salary-spreadsheet examples")
  .action(() => {
    const style = wantsColour(process.stdout, process.env) ? ANSI : PLAIN;
    runLabelDemo((line) => process.stdout.write(`${line}\n`), style);
  });

program.parseAsync(process.argv).catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`mcp-trust: ${message}\n`);
  process.exitCode = 1;
});
