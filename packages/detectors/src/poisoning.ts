import type { Finding } from './types.js';

/** What the poisoning detector reads of a tool definition. */
export interface ToolDefinitionText {
  name: string;
  description?: string | undefined;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}

/** Placeholder: being written. */
export function detectPoisoning(_tool: ToolDefinitionText, _out: Finding[]): void {}
