import type { Step } from './call-context.js';

/** The agent session: restored from the store the first time this process sees it. */
export const sessionStep: Step = {
  name: 'session',
  run(ctx) {
    ctx.session = ctx.core.session(ctx.sessionId);
    ctx.labelBefore = ctx.session.label;
  },
};
