#!/usr/bin/env node
import { processIo } from './io.js';
import { buildProgram } from './program.js';

// `mcp-trust demo | head` closes stdout early; that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

buildProgram(processIo())
  .parseAsync(process.argv)
  .catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`mcp-trust: ${message}\n`);
    process.exitCode = 1;
  });
