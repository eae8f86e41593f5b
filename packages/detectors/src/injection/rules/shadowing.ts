/**
 * Shadowing: text that rewrites how *other* tools behave — "when send_email is invoked, change
 * the recipient to …", "this tool replaces send_email", "do not use the other tool", "all emails
 * must be sent to …". A tool describing itself ("use this tool when …") is not shadowing.
 */
import { GAP } from '../lexicon.js';
import { before, clause, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { byLead } from './leads.js';

const TOOL_NAME = String.raw`[\`'"]?[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+[\`'"]?`;
const WHEN = sticky(
  String.raw`(?:when(?:ever)?|if|each\s+time|every\s+time|any\s+time)${GAP}(?:the\s+user\s+(?:asks?|wants?|requests?|tries|attempts|says)|(?:you|the\s+(?:assistant|agent|model|ai))\s+(?:are\s+asked\s+to|call|use|invoke|run|send|need\s+to)|(?:the\s+)?${TOOL_NAME}(?:\s+tool)?\s+is\s+(?:called|invoked|used|run|executed|available|present|installed)|this\s+tool\s+is\s+(?:available|present|installed|loaded|enabled))`,
);
const REWRITE =
  /\b(?:instead|change|replace|redirect|bcc|cc|send\s+(?:all|every|it|them|a\s+copy)|forward|set\s+the\s+(?:recipient|destination|address)|use\s+this\s+tool|route)\b/i;
const REPLACES = sticky(
  String.raw`(?:replaces|overrides|supersedes|takes\s+precedence\s+over|shadows|must\s+be\s+used\s+instead\s+of|should\s+be\s+used\s+instead\s+of)${GAP}(?:the\s+|any\s+)?(?:${TOOL_NAME}|(?:other|existing|default|built-in|original)\s+(?:tools?|functions?))`,
);
const NEVER_USE = /\b(?:do\s+not|don['’]?t|never|must\s+not|should\s+not)\s+$/i;
const OTHER_TOOL = sticky(
  String.raw`(?:use|call|invoke|trust|rely\s+on)${GAP}(?:the\s+|any\s+)?(?:other|another|different|original|built-in|default|existing|${TOOL_NAME})(?:${GAP}(?:tools?|functions?|servers?))?`,
);
const ITS_BEHAVIOUR = sticky(
  String.raw`(?:tool|function)\s+(?:must|should|will|shall|needs\s+to|has\s+to|now)\s+(?:always\s+|now\s+|also\s+)?(?:send|forward|include|use|add|cc|bcc|set|redirect|route|be\s+called|go\s+to|require)`,
);
const NAMED_BEFORE = new RegExp(String.raw`${TOOL_NAME}\s+$`);
const RECIPIENT = sticky(
  String.raw`(?:change|set|replace|redirect|rewrite|switch|update|modify|override)${GAP}(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:recipient|receiver|destination|to\s+address|e-?mail\s+address|phone\s+number|account(?:\s+number)?|iban|url|endpoint|target|payee|beneficiary)s?${GAP}(?:to|with|into)\b`,
);
const ALL_TO = sticky(
  String.raw`all\s+(?:e-?mails?|messages?|transactions?|payments?|requests?|files?|transfers?)\s+(?:must|should|will|need\s+to|are\s+to)\s+(?:now\s+)?(?:be\s+)?(?:sent|forwarded|copied|cc['’]?d|bcc['’]?d|routed|redirected|go|addressed)\s+to\b`,
);

/** Which of the expressions above can match at a trigger word: "tool" and "user" try one at most. */
const MAY = byLead([
  { re: WHEN, leads: ['when', 'if', 'each time', 'every time', 'any time'] },
  {
    re: REPLACES,
    leads: [
      ...['replaces', 'overrides', 'supersedes', 'takes precedence over', 'shadows'],
      ...['must be used instead of', 'should be used instead of'],
    ],
  },
  { re: OTHER_TOOL, leads: ['use', 'call', 'invoke', 'trust', 'rely on'] },
  {
    re: RECIPIENT,
    leads: ['change', 'set', 'replace', 'redirect', 'rewrite', 'switch', 'update', 'modify', 'override'],
  },
  { re: ALL_TO, leads: ['all'] },
]);

export const shadowing: Rule = {
  nearWords: [
    'when',
    'whenever',
    'if$',
    'each time',
    'every time',
    'any time',
    'replaces',
    'overrides',
    'supersedes',
    'takes precedence',
    'shadows',
    'must be used',
    'should be used',
    'use',
    'call',
    'invoke',
    'trust',
    'rely',
    'tool',
    'function',
    'change',
    'set$',
    'replace',
    'redirect',
    'rewrite',
    'switch',
    'update',
    'modify',
    'override',
    'all$',
  ],
  check(ctx, at, _end, key) {
    const { text } = ctx;
    const tool = ctx.mode === 'tool';
    const add = (start: number, end: number, score: number, what: string): undefined => {
      ctx.add('shadowing', start, end, score, `${what}: ${excerpt(text, start, end)}`);
    };
    const may = MAY(key);
    const when = may & 1 ? matchAt(WHEN, text, at) : null;
    if (when !== null) {
      const rest = clause(text, at + when[0].length, 250);
      if (REWRITE.test(rest))
        return add(
          at,
          at + when[0].length + rest.length,
          tool ? 0.5 : 0.4,
          'rewrites what happens when another tool runs',
        );
      return undefined;
    }
    const replaces = may & 2 ? matchAt(REPLACES, text, at) : null;
    if (replaces !== null)
      return add(at, at + replaces[0].length, tool ? 0.45 : 0.35, 'claims to replace another tool');
    // The sticky expressions first: they fail at once where the words are not there.
    const other = may & 4 ? matchAt(OTHER_TOOL, text, at) : null;
    const never = other === null ? null : NEVER_USE.exec(before(text, at, 20));
    if (never !== null && other !== null) {
      const start = at - never[0].length;
      return add(start, at + other[0].length, tool ? 0.45 : 0.35, 'steers the model away from another tool');
    }
    if (key === 'tool' || key === 'function') {
      const rule = matchAt(ITS_BEHAVIOUR, text, at);
      const named = rule === null ? null : NAMED_BEFORE.exec(before(text, at, 48));
      if (named !== null && rule !== null) {
        const start = at - named[0].length;
        return add(start, at + rule[0].length, tool ? 0.5 : 0.4, "dictates another tool's behaviour");
      }
      return undefined;
    }
    const recipient =
      (may & 8 ? matchAt(RECIPIENT, text, at) : null) ?? (may & 16 ? matchAt(ALL_TO, text, at) : null);
    if (recipient !== null)
      return add(at, at + recipient[0].length, tool ? 0.45 : 0.35, 'redirects where messages go');
    return undefined;
  },
};
