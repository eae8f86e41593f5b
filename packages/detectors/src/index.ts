/**
 * `@mcp-trust/detectors`: what a result or a tool definition carries that its server did not
 * declare — secrets, PII, prompt injection, tool poisoning. Pure functions over strings; no I/O.
 */
export { detectInjection } from './injection.js';
export { detectPii } from './pii.js';
export type { ToolDefinitionText } from './poisoning.js';
export { detectPoisoning } from './poisoning.js';
export type { Scan, ScanOptions } from './scan.js';
export { collect, MALICIOUS_THRESHOLD, scanText, scanTool, summarise } from './scan.js';
export { detectSecrets } from './secrets.js';
export type { DetectedClass, DetectorKind, Finding, TextDetector } from './types.js';
