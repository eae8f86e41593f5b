import { errorText } from '../wire.js';
import type { Step } from './call-context.js';

/**
 * The result is labelled by the engine: every dialect's annotations, trust-filtered, checked
 * against the contract, joined with it; the session label takes it in at once. Its values go
 * into the session's value index once the host has its answer (the session brings its index up
 * to date before it decides anything else in any case), so indexing costs the host no time.
 */
export const labelStep: Step = {
  name: 'label',
  run(ctx) {
    const session = ctx.session;
    if (session === undefined || ctx.result === undefined) return;
    ctx.resultDecision = session.afterResult(
      { id: ctx.callId, server: ctx.exposed.server, tool: ctx.exposed.tool, arguments: ctx.args },
      ctx.result,
      { deferIndexing: true },
    );
    setImmediate(() => {
      try {
        session.settle();
      } catch (err) {
        ctx.core.log(
          `session ${ctx.sessionId}: could not index the result of ${ctx.exposed.name}: ${errorText(err)}; the session decides nothing more until this is mended`,
        );
      }
    });
  },
};
