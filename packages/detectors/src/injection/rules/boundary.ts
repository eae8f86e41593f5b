/**
 * Forged boundaries of the data: "END OF USER DATA", "</document>", "BEGIN SYSTEM PROMPT", "the
 * conversation so far was a test", "stop what you are doing". They try to close the data the
 * model was reading and open a new context in which the rest reads as instructions.
 */
import { before, excerpt, matchAt, type Rule, sticky } from '../rule.js';

// Not "file" or "text": "\\ No newline at end of file" is in every diff.
const CONTAINER = String.raw`(?:data|document|documents|input|context|e-?mail|message|conversation|output|results?|content|transcript|tool\s+(?:output|result|response)|user\s+(?:data|input|content))`;
const END_OF = sticky(
  String.raw`end\s+of\s+(?:the\s+)?(?:user\s+|tool\s+|untrusted\s+|external\s+)?${CONTAINER}\b`,
);
const BEGIN = sticky(
  String.raw`(?:begin(?:ning)?|start)(?:\s+of)?\s+(?:the\s+)?(?:system|new|real|actual|admin(?:istrator)?|developer|hidden|secret|true)\s+(?:prompt|instructions?|message|task|section|mode|orders?)\b`,
);
const CLOSING = sticky(
  String.raw`<\/(?:data|document|context|input|tool_output|tool_result|result|content|email|text|user_input|untrusted)>`,
);
const STOP = sticky(
  String.raw`stop\s+(?:what\s+you(?:['’]re|\s+are)\s+doing|(?:the|your)\s+current\s+task|processing\s+(?:this|the)\s+\w+|everything|all\s+(?:other\s+)?tasks|summari[sz]ing|translating|answering|responding|replying|working\s+on\s+(?:the|your|this))\b`,
);
const DISMISSED =
  /\b(?:the|this|that)\s+(?:conversation|chat|text|content|above|previous\s+\w+|everything\s+above)\s+(?:so\s+far\s+|above\s+)?(?:was|were|is)\s+(?:just\s+|only\s+|all\s+|merely\s+)?(?:an?\s+)?$/i;

export const boundary: Rule = {
  words: ['begin', 'stop$'],
  nearWords: ['end$', 'start$', 'test$', 'drill', 'simulation', 'fake', 'joke', 'distraction', 'decoy'],
  symbols: [
    '</data',
    '</document',
    '</context',
    '</input',
    '</tool_',
    '</result',
    '</content',
    '</email',
    '</text',
    '</user_input',
    '</untrusted',
  ],
  check(ctx, at, _end, key) {
    const { text } = ctx;
    let start = at;
    let m: RegExpExecArray | null = null;
    if (key.startsWith('</')) m = matchAt(CLOSING, text, at);
    else if (key === 'end') m = matchAt(END_OF, text, at);
    else if (key === 'begin' || key === 'start') m = matchAt(BEGIN, text, at);
    else if (key === 'stop') m = matchAt(STOP, text, at);
    else {
      const left = before(text, at, 64);
      const d = DISMISSED.exec(left);
      if (d === null) return undefined;
      start = at - (left.length - d.index);
      m = /^\w+/.exec(text.slice(at, at + 16));
      if (m === null) return undefined;
      const end = at + m[0].length;
      ctx.add(
        'context-boundary',
        start,
        end,
        0.4,
        `dismisses the text before it: ${excerpt(text, start, end)}`,
      );
      return undefined;
    }
    if (m === null) return undefined;
    const end = at + m[0].length;
    const score = key === 'stop' ? 0.3 : 0.35;
    ctx.add(
      'context-boundary',
      start,
      end,
      score,
      `forges a boundary of the data: ${excerpt(text, start, end)}`,
    );
    return undefined;
  },
};
