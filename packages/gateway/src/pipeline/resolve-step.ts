import { errorText } from '../wire.js';
import type { Step } from './call-context.js';

/**
 * `tools/resolve` upstream when the server offers it, cached per session and arguments. A failed
 * resolve is not fatal: the contract stays as wide as the static declaration, which is the
 * conservative answer.
 */
export const resolveStep: Step = {
  name: 'resolve',
  async run(ctx) {
    const upstream = ctx.core.upstream(ctx.exposed.server);
    if (upstream === undefined || upstream.state !== 'up' || !upstream.offersResolve) return;
    try {
      ctx.resolved = await ctx.core.resolveCache.get(
        ctx.sessionId,
        ctx.exposed.server,
        ctx.exposed.tool,
        ctx.args,
        () =>
          upstream.request(
            'tools/resolve',
            { name: ctx.exposed.tool, arguments: ctx.args },
            { signal: ctx.host.signal },
          ),
      );
    } catch (err) {
      ctx.core.log(
        `tools/resolve on ${ctx.exposed.server} failed for ${ctx.exposed.tool}: ${errorText(err)}`,
      );
    }
  },
};
