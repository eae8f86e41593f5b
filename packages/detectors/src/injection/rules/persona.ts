/**
 * Replacing the model's identity or standing rules: "from now on you …", "you are now DAN / in
 * developer mode", "act as an unrestricted AI", "disable your safety filters".
 */
import { before, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { voice } from './context.js';

const FROM_NOW_ON = sticky(
  String.raw`(?:from\s+now\s+on|henceforth|going\s+forward|for\s+the\s+rest\s+of\s+(?:this|the)\s+(?:conversation|session|chat))\s*,?\s*(?:you|your|the\s+(?:assistant|ai|model|agent)|always|never|only|respond|reply|answer|act|behave|ignore|do\s+not|don['’]?t|forget|treat|consider|speak|write|use)\b`,
);
const PERSONA = [
  sticky(
    String.raw`you(?:\s+are|['’]re)\s+now\s+(?:(?:an?|the|in|my)\s+)?(?:(?:new|different|unrestricted|unfiltered|uncensored|jailbroken|evil|rogue|free|liberated|developer|admin|god|dan|debug|maintenance|sudo|root)\b|no\s+longer\b|operating\s+(?:in|as|under|without)|acting\s+as|going\s+to\s+(?:act|behave|respond|pretend|ignore))`,
  ),
  sticky(
    String.raw`you(?:\s+are|['’]re)\s+no\s+longer\s+(?:an?\s+)?(?:bound|restricted|limited|constrained|required|(?:ai|assistant|chatgpt|claude|gpt|language\s+model)\b)`,
  ),
  sticky(
    String.raw`(?:act|behave|respond|operate|role-?play|role\s+play)\s+as\s+(?:an?\s+|the\s+|my\s+)?(?:(?:unrestricted|unfiltered|uncensored|jailbroken|evil|rogue|dan|malicious)\b|(?:ai|assistant|model|chatbot)\s+(?:without|with\s+no|that\s+(?:ignores|has\s+no)))`,
  ),
  sticky(
    String.raw`pretend\s+(?:that\s+)?(?:you(?:\s+are|['’]re)|to\s+be)\s+(?:an?\s+|the\s+)?(?:\w+\s+)?(?:ai|assistant|model|chatbot|system|admin\w*|developer|root|dan|unrestricted|different|evil|hacker|jailbroken)\b`,
  ),
  sticky(String.raw`do\s+anything\s+now\b`),
  sticky(
    String.raw`(?:disable|deactivate|turn\s+off|switch\s+off|remove|lift|drop)\s+(?:all\s+|any\s+|your\s+|the\s+)*(?:safety|content|security|ethical|moderation|ethics)\s+(?:filters?|guardrails?|checks?|restrictions?|polic(?:y|ies)|settings|measures|protocols?|guidelines|rules|layers?)\b`,
  ),
  sticky(
    String.raw`(?:(?:enable|enter|activate|switch\s+to|turn\s+on)\s+(?:dan|god|jailbreak|unrestricted|sudo)\s+mode|(?:dan|god|jailbreak|unrestricted)\s+mode\s+(?:enabled|activated|on|engaged))\b`,
  ),
  sticky(
    String.raw`(?:enter|activate|switch\s+to|go\s+into)\s+(?:maintenance|developer|debug|admin|test|diagnostic|service)\s+mode\b`,
  ),
];

const ACT_AS = /^act\s+as\b/i;
const ORDERED = /\byou\s+(?:must|should|will|are\s+to|need\s+to|shall)\s+(?:now\s+)?$/i;

const LEADS: Record<string, RegExp> = {
  now: /\b(?:you(?:\s+are|['’]re)|from)\s+$/i,
  longer: /\byou(?:\s+are|['’]re)\s+no\s+$/i,
  anything: /\bdo\s+$/i,
};

export const persona: Rule = {
  words: [
    'henceforth',
    'now$',
    'longer$',
    'behave',
    'roleplay',
    'role',
    'pretend',
    'anything$',
    'jailbreak',
    'unrestricted',
    'disable',
    'deactivat',
  ],
  nearWords: ['act$', 'dan$', 'god$', 'enter', 'activate', 'respond', 'operate'],
  check(ctx, trigger, _end, key) {
    const { text } = ctx;
    // "you are now", "from now on", "do anything now": the phrase starts before the trigger.
    const lead = LEADS[key];
    let at = trigger;
    if (lead !== undefined) {
      const m = lead.exec(before(text, trigger, 24));
      if (m === null) return undefined;
      at = trigger - m[0].length;
    }
    if (key === 'now' && /^from/i.test(text.slice(at, at + 4)) && matchAt(FROM_NOW_ON, text, at) === null) {
      // "… in Pig Latin from now on": a standing order, weaker without a subject after it.
      ctx.add(
        'persona',
        at,
        trigger + 6,
        0.2 * voice(text, at),
        `sets a standing rule: ${excerpt(text, at, trigger + 6)}`,
      );
      return undefined;
    }
    const nowOn = matchAt(FROM_NOW_ON, text, at);
    if (nowOn !== null) {
      const end = at + nowOn[0].length;
      ctx.add(
        'persona',
        at,
        end,
        0.35 * voice(text, at),
        `redefines the model's behaviour: ${excerpt(text, at, end)}`,
      );
      return undefined;
    }
    for (const re of PERSONA) {
      const m = matchAt(re, text, at);
      if (m === null) continue;
      const end = at + m[0].length;
      // "Enter maintenance mode" is also what an ops runbook says; a DAN mode is not.
      const score = key.startsWith('pretend')
        ? 0.4
        : /maintenance|developer|debug|admin|test|diagnostic|service/i.test(m[0])
          ? 0.3
          : 0.5;
      ctx.add(
        'persona',
        at,
        end,
        score * voice(text, at),
        `redefines the model's identity: ${excerpt(text, at, end)}`,
      );
      return undefined;
    }
    if (key === 'act' && ACT_AS.test(text.slice(at, at + 12)) && ORDERED.test(before(text, at, 32))) {
      const end = at + 6;
      ctx.add(
        'persona',
        at,
        end,
        0.3 * voice(text, at),
        `assigns the model a role: ${excerpt(text, at - 16, end + 24)}`,
      );
    }
    return undefined;
  },
};
