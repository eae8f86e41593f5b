import { labelEquals } from '@mcp-trust/core';
import { labelSummary } from '../label-summary.js';
import type { Step } from './call-context.js';
import { writeStagedAudit } from './staged-audit.js';

/** The session state is saved (merged, never lowered) and the result's label goes on the record. */
export const recordStep: Step = {
  name: 'record',
  always: true,
  run(ctx) {
    writeStagedAudit(ctx);
    const session = ctx.session;
    if (session === undefined) return;
    ctx.core.saveSession(session);
    const rd = ctx.resultDecision;
    if (rd === undefined) return;
    // The call and its decision are on the record already; the result adds a record when it
    // changed the session's label, drew a decision other than allow, broke the contract, or was let
    // through by a person.
    const quiet =
      rd.verdict.decision === 'allow' &&
      rd.violations.length === 0 &&
      ctx.approvedBy === undefined &&
      labelEquals(ctx.labelBefore ?? session.label, session.label);
    if (quiet) return;
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
