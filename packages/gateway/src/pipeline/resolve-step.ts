import type { Step } from './call-context.js';

/** `tools/resolve` upstream when the server offers it (see `GatewayCore.resolveUpstream`). */
export const resolveStep: Step = {
  name: 'resolve',
  async run(ctx) {
    const resolved = await ctx.core.resolveUpstream(ctx.sessionId, ctx.exposed, ctx.args, ctx.host.signal);
    if (resolved !== undefined) ctx.resolved = resolved;
  },
};
