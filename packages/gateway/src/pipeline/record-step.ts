import { labelSummary } from '../label-summary.js';
import type { Step } from './call-context.js';

/** The session state is saved (merged, never lowered) and the result's label goes on the record. */
export const recordStep: Step = {
  name: 'record',
  always: true,
  run(ctx) {
    const session = ctx.session;
    if (session === undefined) return;
    ctx.core.saveSession(session);
    const rd = ctx.resultDecision;
    if (rd === undefined) return;
    ctx.core.audit(ctx.sessionId, 'label', {
      call: ctx.callId,
      server: ctx.exposed.server,
      tool: ctx.exposed.tool,
      phase: 'result',
      label: labelSummary(rd.label),
      session: labelSummary(session.label),
      decision: rd.verdict.decision,
      action: rd.verdict.action,
      rules: rd.verdict.matched.map((m) => m.rule),
      violations: rd.violations,
      ...(ctx.approvedBy === undefined ? {} : { approvedBy: ctx.approvedBy }),
    });
  },
};
