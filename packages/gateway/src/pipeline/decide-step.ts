import type { Json } from '../wire.js';
import type { Step } from './call-context.js';
import { reasons, toolError, verdictMeta } from './tool-error.js';

/** The engine decides the call: contract, argument labels, policy. The gateway only acts on it. */
export const decideStep: Step = {
  name: 'decide',
  run(ctx) {
    const session = ctx.session;
    if (session === undefined) throw new Error('no session');
    const decision = session.beforeCall(
      { id: ctx.callId, server: ctx.exposed.server, tool: ctx.exposed.tool, arguments: ctx.args },
      ctx.resolved === undefined ? {} : { resolved: ctx.resolved },
    );
    ctx.decision = decision;
    const { verdict } = decision;
    const record: Json = {
      call: ctx.callId,
      server: ctx.exposed.server,
      tool: ctx.exposed.tool,
      arguments: ctx.core.auditArguments(ctx.args),
      phase: 'call',
      decision: verdict.decision,
      action: verdict.action,
      rules: verdict.matched.map((m) => m.rule),
      violations: decision.violations,
    };
    // A call that goes ahead unasked is recorded while the upstream works on it (it is on the
    // record before its result reaches the host); any other is recorded now.
    if (verdict.action === 'allow' || verdict.action === 'warn') ctx.stagedAudit = record;
    else ctx.core.audit(ctx.sessionId, 'decision', record);
    if (verdict.action === 'block') {
      ctx.response = toolError(
        `mcp-trust blocked ${ctx.exposed.name}. Why:\n- ${reasons(verdict).join('\n- ')}\nThis call will not be made; do not retry it unchanged.`,
        { 'mcp-trust/verdict': verdictMeta(verdict) },
      );
    } else if (verdict.action === 'warn' || verdict.decision !== verdict.action) {
      const why = reasons(verdict);
      if (why.length > 0) ctx.notices.push(`mcp-trust warning on ${ctx.exposed.name}: ${why.join('; ')}`);
    }
  },
};
