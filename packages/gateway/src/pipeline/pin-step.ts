import type { Step } from './call-context.js';
import { toolError } from './tool-error.js';

/** A tool whose definition changed since it was pinned is not callable until approved. */
export const pinStep: Step = {
  name: 'pin',
  run(ctx) {
    const status = ctx.core.catalog.pinStatus(ctx.exposed);
    if (status.ok) return;
    ctx.core.audit(ctx.sessionId, 'decision', {
      call: ctx.callId,
      server: ctx.exposed.server,
      tool: ctx.exposed.tool,
      phase: 'call',
      action: 'block',
      reason: 'quarantined',
      approval: status.approvalId,
    });
    ctx.response = toolError(`mcp-trust refused ${ctx.exposed.name}: ${status.message}.`, {
      'mcp-trust/verdict': { action: 'block', reason: 'quarantined', approval: status.approvalId },
    });
  },
};
