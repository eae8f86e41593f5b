/**
 * A tool call written into data: `send_email(to="…")`, `{"name": "share_file", "arguments": …}`,
 * `<invoke name="transfer_funds">`, `Action: update_password`, `[[call:refund_order(…)]]`. A
 * result that carries a call to a consequential tool with its recipient or value filled in wants
 * the agent to make that call (the tool-call rule reads calls asked for in words). Documentation
 * and source code show such calls too, in code samples: there they count for less.
 */
import { hasDestination } from '../destination.js';
import { before, type Ctx, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { endTest } from '../tail.js';
import { inCodeBlock, promptDocs, voice } from './context.js';

/** Verbs of tools whose calls act on the world: send, share, pay, delete, change, run, buy. */
const VERBS = [
  'send',
  'share',
  'forward',
  'transfer',
  'pay',
  'wire',
  'refund',
  'delete',
  'remove',
  'update',
  'change',
  'reset',
  'set',
  'invite',
  'add',
  'grant',
  'create',
  'purchase',
  'buy',
  'book',
  'run',
  'execute',
  'exec',
  'upload',
  'post',
  'export',
  'publish',
  'approve',
  'disable',
];

const NAME = sticky(String.raw`(?:${VERBS.join('|')})(?:_[a-z0-9]+)+\b`);
/**
 * Before the name: the syntax of a call (JSON, also escaped inside a JSON string, XML, ReAct, a
 * tool namespace, a call marker).
 */
const CALL_LEFT = endTest(
  /(?:\\?"(?:name|tool|tool_name|function|action)\\?"\s*:\s*\\?"|<(?:invoke|tool_use|tool_call|function_call)\s+name\s*=\s*["']|\b(?:action|tool|call|function)\s*:\s*|\b(?:functions|tools|tool|api)\.|\[\[\s*(?:call|tool)\s*:\s*|>>>\s*(?:[\w.]+\.)?)$/i,
);
/** A value an attacker fills in: a password, a token, a code, a role. */
const arg = (names: string) =>
  new RegExp(String.raw`["']?(?:${names})\\?["']?\s*[:=]\s*\\?["'][^"'\\\n]{3,}`, 'i');
/** Values that take over an account: a new password, a forwarding or recovery address. */
const TAKEOVER_ARG = arg('new_?password|password|forwarding_address|recovery_\\w+');
const SENSITIVE_ARG = arg('token|scope|role|permission|recipient|to|email|iban|account');
/**
 * Lines that make a text source code: a call in a function body is the program's own. Looked for
 * within `CODE_REACH` of the call, not in the whole text: a long text with many calls must not
 * cost a whole-text search per call.
 */
const CODE_REACH = 4000;
const SOURCE_CODE =
  /^\s*(?:def |class |import |from \S+ import|function |const |let |export |return |async )/m;

export const forgedCall: Rule = {
  words: VERBS.map((v) => `${v}_`),
  check(ctx, at) {
    if (ctx.mode === 'tool') return undefined;
    const { text } = ctx;
    const m = matchAt(NAME, text, at);
    if (m === null) return undefined;
    const end = at + m[0].length;
    const called = text.charCodeAt(end) === 40 /* ( */;
    if (!called && !CALL_LEFT(before(text, at, 48))) return undefined;
    return judgeCall(ctx, at, end, end) ? end : undefined;
  },
};

/**
 * Scores the call whose tool name is `[at, end)` by the arguments after `argsFrom`: a recipient
 * or destination, a takeover value, another sensitive value. Adds the finding; false if none.
 */
function judgeCall(ctx: Ctx, at: number, end: number, argsFrom: number): boolean {
  const { text } = ctx;
  const args = text.slice(argsFrom, argsFrom + 400);
  let score = hasDestination(args)
    ? 0.55
    : TAKEOVER_ARG.test(args)
      ? 0.5
      : SENSITIVE_ARG.test(args)
        ? 0.4
        : 0;
  if (score === 0) return false;
  // The code block first: it is read in a few lines, `promptDocs` searches 3000 characters.
  if (inCodeBlock(text, at) || promptDocs(text, at)) score *= 0.4;
  else if (
    /\n[ \t]+[^\n]*$/.test(before(text, at, 200)) &&
    SOURCE_CODE.test(text.slice(Math.max(0, at - CODE_REACH), at + CODE_REACH))
  )
    score *= 0.4;
  ctx.add(
    'forged-call',
    at,
    end,
    score * voice(text, at),
    // The tool's name only: its arguments may hold a password or an address.
    `a call to a consequential tool written into the data: ${excerpt(text, at, end)}`,
  );
  return true;
}

const VERB_SET = new Set(VERBS);
/** A tool name with a consequential verb as one of its parts: `gmail_send`, `drive.share`, `shell.exec`. */
function consequential(name: string): boolean {
  return name
    .toLowerCase()
    .split(/[._-]/)
    .some((part) => VERB_SET.has(part));
}
/** Names `forgedCall` reads already: the verb first (`send_email`). */
const VERB_FIRST = new RegExp(`^(?:${VERBS.join('|')})_`, 'i');

/** ReAct: `Action: drive.share` with `Action Input:` on the next line. */
const REACT = sticky(
  String.raw`action[ \t]*:[ \t]*([a-z][\w.-]{1,60})[ \t]*\r?\n[ \t]*action[ \t]+input[ \t]*:`,
);
/** A generic dispatcher: `call_tool("shell.exec", {…})`. */
const DISPATCH = sticky(String.raw`(?:call|use|invoke|run)_?tool[ \t]*\([ \t]*["']([a-z][\w.-]{1,60})["']`);
/** A JSON tool call: `"name": "gmail_send"` (also escaped inside a JSON string) beside its input. */
const NAMED = sticky(String.raw`\\?"name\\?"[ \t]*:[ \t]*\\?"([a-z][\w.-]{1,60})\\?"`);
const INPUT_KEY = /\\?"(?:input|arguments|args|parameters|params)\\?"[ \t]*:/i;

/**
 * Tool calls in the syntax of a call whose tool name does not start with its verb (`forgedCall`
 * reads those): ReAct's `Action:` / `Action Input:`, `call_tool("…")`, a JSON call with a name
 * and an input. A name with a consequential verb in it, with a destination or a sensitive value
 * in the arguments, is a forged call.
 */
export const forgedCallSyntax: Rule = {
  words: ['action', 'call_tool', 'calltool', 'use_tool', 'invoke_tool', 'run_tool'],
  symbols: ['"name"', '\\"name\\"'],
  check(ctx, at, _end, key) {
    if (ctx.mode === 'tool') return undefined;
    const { text } = ctx;
    const m =
      key === 'action'
        ? matchAt(REACT, text, at)
        : key.includes('name')
          ? matchAt(NAMED, text, at)
          : matchAt(DISPATCH, text, at);
    if (m === null) return undefined;
    const name = m[1] ?? '';
    if (!consequential(name) || VERB_FIRST.test(name)) return undefined;
    const nameAt = at + m[0].lastIndexOf(name);
    const nameEnd = nameAt + name.length;
    const matchEnd = at + m[0].length;
    if (key.includes('name')) {
      // A JSON object with a name is a call only beside its input (before or after the name).
      const around = text.slice(Math.max(0, at - 200), matchEnd + 300);
      if (!INPUT_KEY.test(around)) return undefined;
      return judgeCall(ctx, nameAt, nameEnd, Math.max(0, at - 200)) ? matchEnd : undefined;
    }
    return judgeCall(ctx, nameAt, nameEnd, matchEnd) ? matchEnd : undefined;
  },
};
