import type { InputRequiredResult } from '@modelcontextprotocol/server';
import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { callHash, signState, verifyState } from './request-state.js';
import type { AnyServer, HandlerContext } from './sdk-server.js';
import { canElicitForm } from './sdk-server.js';

/** The key of the server's question in a multi-round-trip request (not the gateway's own). */
const CONFIRM_KEY = 'mcp-trust/server-confirm';

/** Where a question to the person stands. */
export type Confirmation =
  /** The person said yes, to this question for this exact call. */
  | { status: 'confirmed' }
  /** The person said no (or the answer did not come back). */
  | { status: 'declined'; message: string }
  /** The client cannot ask anyone: it does not support form elicitation. */
  | { status: 'unavailable'; message: string }
  /** Return `result` from the tool handler: the SDK asks, and calls the handler again with the answer. */
  | { status: 'asking'; result: InputRequiredResult };

export interface ConfirmRequest {
  server: AnyServer;
  ctx: HandlerContext;
  /** The call the answer belongs to: other arguments mean a new question. */
  tool: string;
  args: Readonly<Record<string, unknown>>;
  /** Names the question within the call (`policy`, `injected-body`, …). */
  question: string;
  /** What the person reads: what is about to happen, and why it needs them. */
  message: string;
  /** Signing key for the question's state, when several processes serve one client. */
  secret?: Uint8Array;
}

/**
 * Asks the person to approve something before the server does it (SEP-1913: servers SHOULD
 * return early or invoke elicitation when they detect malicious activity mid-task). Uses the
 * SDK's multi-round-trip results, so one handler serves both protocol eras: on 2025 connections
 * the SDK sends `elicitation/create` and calls the handler again; on 2026-07-28 the client does.
 * Call it again on every round (it is stateless): the answer travels in a signed request state
 * bound to this tool and these arguments, and several questions in one call are asked in turn.
 */
export function confirmWithUser(req: ConfirmRequest): Confirmation {
  const call = callHash(req.tool, req.args);
  const state = verifyState(req.ctx.mcpReq.requestState(), call, req.secret) ?? { call, approved: [], at: 0 };
  const accepted = state.pending !== undefined && approvedNow(req.ctx.mcpReq.inputResponses);
  const approved =
    accepted && state.pending !== undefined ? [...state.approved, state.pending] : state.approved;
  if (approved.includes(req.question)) return { status: 'confirmed' };
  if (state.pending === req.question) {
    return {
      status: 'declined',
      message: `${req.tool}: the person did not approve it, so nothing was done.`,
    };
  }
  if (!canElicitForm(req.server, req.ctx)) {
    return {
      status: 'unavailable',
      message: `${req.tool} needs the person's approval, but this client cannot ask (it does not support form elicitation), so nothing was done.`,
    };
  }
  const result = inputRequired({
    inputRequests: {
      [CONFIRM_KEY]: inputRequired.elicit({
        message: req.message,
        requestedSchema: {
          type: 'object',
          properties: { approve: { type: 'boolean', title: 'Approve', default: false } },
          required: ['approve'],
        },
      }),
    },
    requestState: signState({ call, approved, pending: req.question, at: Date.now() }, req.secret),
  });
  return { status: 'asking', result };
}

function approvedNow(responses: Record<string, unknown> | undefined): boolean {
  const view = inputResponse(responses, CONFIRM_KEY);
  return view.kind === 'elicit' && view.action === 'accept' && view.content?.approve === true;
}
