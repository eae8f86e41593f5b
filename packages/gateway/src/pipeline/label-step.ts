import type { Step } from './call-context.js';

/**
 * The result is labelled by the engine: every dialect's annotations, trust-filtered, checked
 * against the contract, joined with it; the session label and value index take it in.
 */
export const labelStep: Step = {
  name: 'label',
  run(ctx) {
    const session = ctx.session;
    if (session === undefined || ctx.result === undefined) return;
    ctx.resultDecision = session.afterResult(
      { id: ctx.callId, server: ctx.exposed.server, tool: ctx.exposed.tool, arguments: ctx.args },
      ctx.result,
    );
  },
};
