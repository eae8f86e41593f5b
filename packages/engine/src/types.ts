import type { DataLabel, Problem, ToolContract, Trust } from '@mcp-trust/core';
import type { Finding } from '@mcp-trust/detectors';
import type { Facts, Verdict } from '@mcp-trust/policy';

/** A tool call as the engine sees it. */
export interface ToolCall {
  /** Unique within the session (a JSON-RPC id, a trace id). */
  id: string;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/** A tool result as it came back (a `CallToolResult`, or anything: it is read defensively). */
export type ToolResult = unknown;

export interface CallDecision {
  verdict: Verdict;
  contract: ToolContract;
  /** Each argument's label (join of the indexed values found in it). */
  argLabels: Record<string, DataLabel>;
  facts: Facts;
  /** Where an overlay resolver or the server's `tools/resolve` answer was wider than the contract. */
  violations: string[];
  /** What was wrong with the call or the resolve answer (handled conservatively, never thrown). */
  problems: Problem[];
}

export interface ResultDecision {
  verdict: Verdict;
  /** The result's label (trust-filtered annotations ⊕ contract), already joined into the session. */
  label: DataLabel;
  /** Where the result's claims fell outside the tool's contract. */
  violations: string[];
  facts: Facts;
  /** What was wrong with the result or the call (an unknown call id, unreadable annotations). */
  problems: Problem[];
  /** What the detectors found in the result (already in `label`); empty when they are off. */
  findings: readonly Finding[];
}

export interface ServerSettings {
  trust: Trust;
  share: 'none' | 'minimal' | 'full';
}
