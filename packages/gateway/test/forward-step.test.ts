import { BOTTOM } from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';
import type { GatewayCore } from '../src/gateway-core.js';
import type { CallContext } from '../src/pipeline/call-context.js';
import { forwardStep } from '../src/pipeline/forward-step.js';
import { recordStep } from '../src/pipeline/record-step.js';

/** A call context over a fake core: the upstream answers at once; `audit` records or throws. */
function context(opts: { auditFails?: boolean; answer?: Record<string, unknown> } = {}) {
  const events: string[] = [];
  const upstream = {
    request: async (_method: string, params: Record<string, unknown>) => {
      events.push('sent');
      await Promise.resolve();
      return (
        opts.answer ?? {
          content: [{ type: 'text', text: String((params.arguments as { text: string }).text) }],
        }
      );
    },
  };
  const core = {
    upstream: () => upstream,
    serverSettings: () => ({ trust: 'trusted', share: 'none' }),
    inFlight: (_s: string, _h: unknown, fn: () => Promise<unknown>) => fn(),
    audit: (_session: string, kind: string, data: { message?: string }) => {
      if (opts.auditFails === true) throw new Error('disk full');
      events.push(`audit ${kind}${kind === 'error' ? `: ${data.message}` : ''}`);
    },
    saveSession: () => undefined,
  } as unknown as GatewayCore;
  const ctx = {
    core,
    sessionId: 's',
    exposed: { server: 'echo', tool: 'echo', name: 'echo__echo' },
    args: { text: 'hi' },
    hostMeta: {},
    host: {
      canElicit: false,
      inputResponses: undefined,
      requestState: undefined,
      signal: new AbortController().signal,
    },
    callId: 's#1',
    hash: 'h',
    notices: [],
    session: { label: BOTTOM },
    stagedAudit: { call: 's#1', decision: 'allow' },
  } as unknown as CallContext;
  return { ctx, events };
}

describe('forward step and the staged decision record', () => {
  it('sends the call first, then writes the decision record while the upstream works', async () => {
    const { ctx, events } = context();
    await forwardStep.run(ctx);
    expect(events).toEqual(['sent', 'audit decision']);
    expect(ctx.stagedAudit).toBeUndefined();
    expect(ctx.result).toEqual({ content: [{ type: 'text', text: 'hi' }] });
  });

  it('withholds the result when the record cannot be written (the call was made)', async () => {
    const { ctx, events } = context({ auditFails: true });
    await forwardStep.run(ctx);
    expect(events).toEqual(['sent']);
    expect(ctx.result?.isError).toBe(true);
    expect(JSON.stringify(ctx.result)).toContain('could not record the call (disk full)');
    expect(JSON.stringify(ctx.result)).not.toContain('"hi"');
  });

  it('the record step writes a staged record the forward step never reached', async () => {
    const { ctx, events } = context();
    await recordStep.run(ctx);
    expect(events).toEqual(['audit decision']);
    expect(ctx.stagedAudit).toBeUndefined();
  });

  it('withholds an answer that is not a tool result, and records what is wrong with it', async () => {
    const { ctx, events } = context({ answer: { content: [], isError: 'yes' } });
    await forwardStep.run(ctx);
    expect(events).toEqual([
      'sent',
      'audit decision',
      'audit error: isError: Invalid input: expected boolean, received string',
    ]);
    expect(ctx.result).toEqual({
      content: [
        {
          type: 'text',
          text: 'echo__echo answered with something that is not a tool result (isError: Invalid input: expected boolean, received string); mcp-trust withheld it.',
        },
      ],
      isError: true,
      _meta: {},
    });
  });
});
