/**
 * Telling the model to call a named tool: "call the send_money function", "use the tool
 * `send_email`", "invoke transfer_funds(amount=9500)". Tool descriptions name tools all the
 * time, so this rule reads tool output only.
 */
import { hasDestination } from '../destination.js';
import { isImperativeBefore } from '../imperative.js';
import { clause, excerpt, inForbiddenList, matchAt, type Rule, sticky } from '../rule.js';

const CALL = sticky(
  String.raw`(?:call|invoke|use|run|execute|trigger|employ|utili[sz]e)(?:\s+(?:the|a|this|that|your|following))?(?:\s+(?:tool|function|api|action|command|method|plugin|endpoint|skill)s?)?(?:\s+(?:named|called))?[\s*"'\`:]{1,4}([a-z][a-z0-9]*(?:[_-][a-z0-9]+)*)[\`'"]?(\()?`,
);
const ARGUMENTS = sticky(String.raw`following\s+(?:arguments|parameters|args|params|inputs|values)\b`);
const NOT_A_NAME = /^(?:the|a|an|this|that|your|following|tool|function|it|them)$/i;
const ARGS =
  /\b\w+\s*=\s*["'\w$]|\bwith\s+(?:the\s+)?(?:following\s+)?(?:arguments|parameters|args|params)\b|\(\s*["'{\w]/i;

export const toolCall: Rule = {
  nearWords: ['call', 'invoke', 'use', 'run', 'execute', 'trigger', 'employ', 'utili', 'following'],
  check(ctx, at, _end, key) {
    if (ctx.mode === 'tool') return undefined;
    const { text } = ctx;
    if (key === 'following') {
      const m = matchAt(ARGUMENTS, text, at);
      if (m !== null)
        ctx.add(
          'tool-call',
          at,
          at + m[0].length,
          0.2,
          `dictates tool arguments: ${excerpt(text, at, at + m[0].length)}`,
        );
      return undefined;
    }
    const m = matchAt(CALL, text, at);
    const name = m?.[1];
    if (m === null || name === undefined || NOT_A_NAME.test(name)) return undefined;
    const named = name.includes('_') || /[a-z][A-Z]/.test(name) || m[2] !== undefined;
    if (!named || !isImperativeBefore(text, at) || inForbiddenList(text, at)) return undefined;
    const end = at + m[0].length;
    // Arguments dictated along with the call, or a destination among them, make it an order.
    const c = clause(text, at, 300);
    const score = 0.35 + (ARGS.test(c) ? 0.1 : 0) + (hasDestination(c) ? 0.1 : 0);
    ctx.add('tool-call', at, end, score, `tells the model to call a tool: ${excerpt(text, at, end)}`);
    return undefined;
  },
};
