import { consumeCallApproval, requestCallApproval } from '../approvals.js';
import { askPerson, personsAnswer } from './ask-person.js';
import type { CallContext, Step } from './call-context.js';
import { reasons, toolError, verdictMeta } from './tool-error.js';

/**
 * Escalate means "ask the person". In order: an approval already given for this exact call
 * (`mcp-trust approve ID`, used once); the answer to our elicitation on a retried request, which
 * only counts when its signed request state names this session and call; otherwise ask — by
 * elicitation when the host can, else with a tool error that says how to approve.
 */
export const approveStep: Step = {
  name: 'approve',
  run(ctx) {
    const decision = ctx.decision;
    if (decision === undefined || decision.verdict.action !== 'escalate') return;
    const { verdict } = decision;
    const why = reasons(verdict);
    const meta = { 'mcp-trust/verdict': verdictMeta(verdict) };

    const given = consumeCallApproval(ctx.core.store, ctx.sessionId, ctx.hash);
    if (given !== undefined) {
      if (given.data.status === 'approved') {
        ctx.approvedBy = `approval ${given.id}`;
        return;
      }
      ctx.response = toolError(
        `The person denied this call to ${ctx.exposed.name} (approval ${given.id}).`,
        meta,
      );
      return;
    }

    if (ctx.host.canElicit) {
      const answer = elicited(ctx);
      if (answer === 'accept') {
        ctx.approvedBy = 'elicitation';
        ctx.core.audit(ctx.sessionId, 'approval', {
          event: 'elicited',
          call: ctx.callId,
          hash: ctx.hash,
          action: 'accept',
        });
        return;
      }
      if (answer === 'decline') {
        ctx.core.audit(ctx.sessionId, 'approval', {
          event: 'elicited',
          call: ctx.callId,
          hash: ctx.hash,
          action: 'decline',
        });
        ctx.response = toolError(
          `The person declined this call to ${ctx.exposed.name}. Why it was asked:\n- ${why.join('\n- ')}`,
          meta,
        );
        return;
      }
      ctx.response = askPerson(
        question(ctx, why),
        'Allow this call once',
        ctx.core.signState('call', ctx.sessionId, ctx.hash),
      );
      return;
    }

    const approval = requestCallApproval(ctx.core.store, {
      session: ctx.sessionId,
      server: ctx.exposed.server,
      tool: ctx.exposed.tool,
      arguments: ctx.args,
      rules: verdict.matched.map((m) => m.rule),
      reasons: why,
    });
    ctx.response = toolError(
      `mcp-trust needs a person to approve this call to ${ctx.exposed.name} before it runs. Why:\n- ${why.join('\n- ')}\nAsk the user to run \`mcp-trust approve ${approval.id}\` (or \`mcp-trust pending\` to review), then retry the same call with the same arguments.`,
      { ...meta, 'mcp-trust/approval': approval.id },
    );
  },
};

/** `accept` only when the host accepted with `approve: true` AND the signed state is ours. */
function elicited(ctx: CallContext): 'accept' | 'decline' | undefined {
  const answer = personsAnswer(ctx.host.inputResponses);
  if (answer === undefined) return undefined;
  return ctx.core.verifyState(ctx.host.requestState, 'call', ctx.sessionId, ctx.hash) ? answer : undefined;
}

function question(ctx: CallContext, why: string[]): string {
  const args = JSON.stringify(ctx.args);
  const shown = args.length > 400 ? `${args.slice(0, 400)}…` : args;
  const fromArgs = Object.entries(ctx.decision?.argLabels ?? {}).flatMap(([name, label]) =>
    label.attribution.map((uri) => `${name} ← ${uri}`),
  );
  const from = fromArgs.length > 0 ? fromArgs : (ctx.decision?.facts.session.label.attribution ?? []);
  const origin = from.length > 0 ? `\nWhere the data came from: ${from.slice(0, 6).join(', ')}` : '';
  return `The assistant wants to call ${ctx.exposed.name} with ${shown}.\nmcp-trust asks because:\n- ${why.join('\n- ')}${origin}\nAllow it once?`;
}
