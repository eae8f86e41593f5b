import { Command } from 'commander';
import { registerApprove } from './commands/approve.js';
import { registerAudit } from './commands/audit.js';
import { registerDemo } from './commands/demo.js';
import { registerGateway } from './commands/gateway.js';
import { registerLint } from './commands/lint.js';
import { registerPending } from './commands/pending.js';
import { registerPolicy } from './commands/policy.js';
import { registerReplay } from './commands/replay.js';
import { registerScan } from './commands/scan.js';
import type { Io } from './io.js';

/** The `mcp-trust` command tree; `bin.ts` runs it against the real process. */
export function buildProgram(io: Io): Command {
  const program = new Command('mcp-trust')
    .description('Trust and security metadata for MCP: labels, contracts, policies.')
    .showHelpAfterError();
  registerDemo(program);
  registerGateway(program, io);
  registerReplay(program, io);
  registerPolicy(program, io);
  registerScan(program, io);
  registerLint(program, io);
  registerPending(program, io);
  registerApprove(program, io);
  registerAudit(program, io);
  return program;
}
