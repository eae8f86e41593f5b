/** The public surface of @mcp-trust/cli: each command as a function that takes its options and an `Io`. */

export { runLint } from './commands/lint.js';
export { runPolicyCheck } from './commands/policy-check.js';
export type { PolicyTestOutcome } from './commands/policy-test.js';
export { runPolicyTest } from './commands/policy-test.js';
export type { ReplayOptions, ReplayOutcome } from './commands/replay.js';
export { runReplay } from './commands/replay.js';
export type { ScanOptions } from './commands/scan.js';
export { runScan } from './commands/scan.js';
export type { Io } from './io.js';
export { memoryIo, processIo } from './io.js';
export { buildProgram } from './program.js';
export type { ReplayRow } from './replay/replay-row.js';
export type { TraceEvent } from './replay/trace-event.js';
export { parseTraceLine, readTraceEvent } from './replay/trace-event.js';
