import type { Step } from './call-context.js';

/** `tools/resolve` upstream when the server offers it (see `GatewayCore.resolveUpstream`). */
export const resolveStep: Step = {
  name: 'resolve',
  run(ctx) {
    // Synchronous when there is nothing to ask: most servers do not offer resolution.
    if (!ctx.core.resolvesUpstream(ctx.exposed.server)) return;
    return ctx.core
      .resolveUpstream(ctx.sessionId, ctx.exposed, ctx.args, ctx.host.signal)
      .then((resolved) => {
        if (resolved !== undefined) ctx.resolved = resolved;
      });
  },
};
