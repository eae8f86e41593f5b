import type { DataLabel } from '@mcp-trust/core';
import type { CallDecision, ResultDecision, Session } from '@mcp-trust/engine';
import type { GatewayCore } from '../gateway-core.js';
import type { ExposedTool } from '../tool-catalog.js';
import type { Json } from '../wire.js';

/** What the gateway can do with the host on this request. */
export interface HostChannel {
  /** The host declared form elicitation for this request (per connection, or per 2026 request). */
  canElicit: boolean;
  /** A 2025-era host: it reads results by the 2025 schemas (`structuredContent` an object). */
  legacy: boolean;
  /** Input responses a retried request carries (the SDK's multi-round-trip flow). */
  inputResponses: Record<string, unknown> | undefined;
  /** The raw `requestState` echoed by the host; attacker-controlled until verified. */
  requestState: string | undefined;
  signal: AbortSignal;
  /** Forwards upstream progress to the host, when the host asked for progress. */
  progress?: (p: { progress: number; total?: number; message?: string }) => void;
  /** Settles once every progress notification passed on so far has been sent (so none trails the answer). */
  progressSent?: () => Promise<void>;
  /** A request to the host tied to this call (2025-era connections only), for upstream elicitation/sampling. */
  push?: (method: string, params: Json) => Promise<Json>;
}

/** One `tools/call` as it moves through the pipeline; each step reads and adds to it. */
export interface CallContext {
  readonly core: GatewayCore;
  readonly sessionId: string;
  readonly exposed: ExposedTool;
  readonly args: Record<string, unknown>;
  /** The host's `_meta` minus keys the gateway consumes. */
  readonly hostMeta: Json;
  readonly host: HostChannel;
  /** Unique within the process: the engine's call id. */
  readonly callId: string;
  /** Binds approvals to the exact call in this session (computed on first use: most calls never need it). */
  readonly hash: string;
  session?: Session;
  /** The session's label when the call came in, to tell whether the result changed it. */
  labelBefore?: DataLabel;
  resolved?: unknown;
  decision?: CallDecision;
  result?: Json;
  resultDecision?: ResultDecision;
  /** The label of a withheld result the person released (its decision was made on an earlier round). */
  releasedLabel?: DataLabel;
  /** How the call was let through an escalation (`elicitation`, `approval ID`), for the record. */
  approvedBy?: string;
  /**
   * The decision record of a call that goes ahead without a question: written while the upstream
   * works on the call (see `forwardStep`), and by `recordStep` at the latest.
   */
  stagedAudit?: Json;
  /** Set by a step to answer now: later steps run only if they are marked `always`. */
  response?: Json;
  /** Notes for the host, shown as a leading text block (a warning the policy asked for). */
  notices: string[];
}

export interface Step {
  name: string;
  /** Runs even after an earlier step answered (recording and responding). */
  always?: boolean;
  run(ctx: CallContext): void | Promise<void>;
}
