/**
 * Urgent framing: "This is an important message from me, Emma, to you, GPT-4", "IMPORTANT!!!".
 * An important notice is everyday mail; it counts when it comes from the model's principal and
 * goes to the model.
 */
import { MODEL_AI } from '../lexicon.js';
import { before, excerpt, matchAt, type Rule, sticky } from '../rule.js';

const FRAMING = sticky(
  String.raw`(important|urgent|critical|crucial|vital|high[-\s]priority|priority|mandatory|emergency)(?:[\s,&]{1,4}(?:and\s+)?(?:important|urgent|critical|confidential|official|personal|private|new|security|system|admin|policy|service|account))?[\s*_~:,-]{1,8}(messages?|notices?|instructions?|updates?|requests?|notes?|information|announcements?|directives?|reminders?|memos?|alerts?|orders?|tasks?|actions?|steps?|notifications?|communications?)\b`,
);
const FROM_PRINCIPAL =
  /\bfrom\s+(?:me|the\s+user|your\s+(?:user|owner|admin\w*|developer|creator|operator|principal|master|boss|employer|human)|the\s+(?:admin\w*|developer|owner|operator|system|security\s+team|it\s+(?:team|department)))\b/i;
const FROM_NAME = /\bfrom\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\b/;
const TO_YOU = /\b(?:to|for)\s+you\b/i;
const MODEL_NAMED = new RegExp(String.raw`\b${MODEL_AI}\b`, 'i');
const SHOUT = sticky(String.raw`(?:IMPORTANT|URGENT|ATTENTION|CRITICAL|WARNING)\s*(?:!{2,}|:)`, true);

export const urgentFraming: Rule = {
  words: [
    'important',
    'urgent',
    'critical',
    'crucial',
    'vital',
    'priority',
    'mandatory',
    'emergency',
    'attention',
  ],
  check(ctx, at) {
    const { text } = ctx;
    const m = matchAt(FRAMING, text, at);
    if (m === null) {
      const s = matchAt(SHOUT, text, at);
      if (s !== null)
        ctx.add(
          'urgent-framing',
          at,
          at + s[0].length,
          0.15,
          `shouted framing ${excerpt(text, at, at + s[0].length)}`,
        );
      return undefined;
    }
    const end = at + m[0].length;
    const rest = text.slice(end, end + 160);
    let score = 0.12;
    if (FROM_PRINCIPAL.test(rest)) score += 0.25;
    else if (FROM_NAME.test(rest)) score += 0.12;
    if (TO_YOU.test(rest)) score += 0.2;
    if (MODEL_NAMED.test(rest)) score += 0.25;
    if (/\bthis\s+is\s+(?:an?\s+)?(?:very\s+)?$/i.test(before(text, at, 24))) score += 0.05;
    ctx.add(
      'urgent-framing',
      at,
      end,
      Math.min(0.75, score),
      `urgent framing ${excerpt(text, at, end + 40)}`,
    );
    return undefined;
  },
};
