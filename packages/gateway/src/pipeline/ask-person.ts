import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
import type { Json } from '../wire.js';

/** The key of the gateway's question in a multi-round-trip request. */
export const APPROVE_KEY = 'mcp-trust/approve';

/**
 * A yes/no question to the person by form elicitation (the SDK's multi-round-trip result; its
 * shim turns it into `elicitation/create` on 2025 connections). `state` is the signed request
 * state the answer must come back with.
 */
export function askPerson(message: string, title: string, state: string): Json {
  return inputRequired({
    inputRequests: {
      [APPROVE_KEY]: inputRequired.elicit({
        message,
        requestedSchema: {
          type: 'object',
          properties: { approve: { type: 'boolean', title, default: false } },
          required: ['approve'],
        },
      }),
    },
    requestState: state,
  }) as unknown as Json;
}

/** The person's answer on a retried request: `accept` only with `approve: true`; `undefined` if none. */
export function personsAnswer(
  responses: Record<string, unknown> | undefined,
): 'accept' | 'decline' | undefined {
  const view = inputResponse(responses, APPROVE_KEY);
  if (view.kind !== 'elicit') return undefined;
  return view.action === 'accept' && view.content?.approve === true ? 'accept' : 'decline';
}
