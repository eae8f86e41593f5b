import type { DataLabel } from '@mcp-trust/core';
import type { Verdict } from '@mcp-trust/policy';
import type { CallToolResult } from '@modelcontextprotocol/client';

/** What went wrong, as a code a host can switch on. */
export type TrustErrorCode =
  | 'invalid-options'
  | 'invalid-config'
  | 'unknown-server'
  | 'unknown-tool'
  | 'invalid-arguments'
  | 'invalid-result'
  | 'tools-list-failed';

/** One thing wrong with an input, at a JSON path (`$.servers.files.trust`), like zod's issues. */
export interface TrustIssue {
  path: string;
  message: string;
  /** `file:line:col` when the problem is in a configuration, overlay or policy file. */
  place?: string;
}

/**
 * A usage or configuration error: bad options, an unreadable config, a tool nobody listed, a
 * server that could not list its tools. Nothing was called.
 */
export class TrustError extends Error {
  override readonly name: string = 'TrustError';

  constructor(
    readonly code: TrustErrorCode,
    message: string,
    readonly details: { server?: string; tool?: string; issues?: readonly TrustIssue[] } = {},
  ) {
    super(message);
  }
}

/** Why a call came to nothing: refused before it ran, refused by the person, or its result kept back. */
export type RefusalCode = 'blocked' | 'denied' | 'withheld';

export interface RefusalInit {
  code: RefusalCode;
  phase: 'call' | 'result';
  server: string;
  tool: string;
  /** Text for the model and the person: what was refused and why. */
  text: string;
  /** The decision of the phase that refused. */
  verdict: Verdict;
  reasons: readonly string[];
  /** The withheld result's label (result phase). */
  label?: DataLabel;
  /** `_meta` of the tool error: the label's annotations and the verdicts. */
  meta: Record<string, unknown>;
}

/**
 * The policy stopped a call (`blocked`), the person said no (`denied`; also when there was no one
 * to ask), or the result was kept from the model (`withheld`). `toolResult` is the same refusal as
 * a tool error (`isError: true`), worded as the gateway words it, for a host to hand the model so
 * it learns what happened and does not retry unchanged.
 */
export class TrustRefusal extends Error {
  override readonly name: string = 'TrustRefusal';
  readonly code: RefusalCode;
  readonly phase: 'call' | 'result';
  readonly server: string;
  readonly tool: string;
  readonly verdict: Verdict;
  /** Every matched rule as `rule: message`, strongest first (and, for a result, what the detectors found). */
  readonly reasons: readonly string[];
  readonly label: DataLabel | undefined;
  readonly toolResult: CallToolResult;

  constructor(init: RefusalInit) {
    super(init.text);
    this.code = init.code;
    this.phase = init.phase;
    this.server = init.server;
    this.tool = init.tool;
    this.verdict = init.verdict;
    this.reasons = init.reasons;
    this.label = init.label;
    this.toolResult = { content: [{ type: 'text', text: init.text }], isError: true, _meta: init.meta };
  }

  /** The names of the rules that matched. */
  get rules(): string[] {
    return this.verdict.matched.map((m) => m.rule);
  }
}
