/**
 * Replacing the model's instructions or identity: "your new instructions are", "from now on you",
 * "reveal your system prompt", "you are now DAN / in developer mode".
 */
import { before, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { voice } from './context.js';

const NEW_LEFT =
  /\b(your\s+|the\s+|my\s+|these\s+|here\s+(?:are|is)\s+(?:your\s+|the\s+|my\s+)?)?(new|updated|revised|real|actual|true|secret|hidden|overriding|changed|different|additional|latest|only|special)\s+(?:system\s+)?$/i;
const REPLACING = /^(?:new|updated|revised|real|actual|true|secret|hidden|overriding|changed|different)$/i;
const NOUN = sticky(
  String.raw`(?:instructions?|directives?|prompts?|tasks?|objectives?|missions?|goals?|orders|commands?|questions?|requests?|jobs?)\b(\s*(?::|→|->|=>|—)|\s+(?:are|is|follow|below|now)\b)?`,
);
const LEAK_LEFT =
  /\b(?:reveal|print|repeat|output|show|display|leak|dump|recite|disclose|tell\s+me|give\s+me|share|copy|paste|write\s+(?:out|down)|send|e-?mail|post|list|spell\s+out|expose|translate)\s+(?:(?:me|us|all|of|the|your|its|full|entire|complete|exact|verbatim|above|previous|prior|first|whole|original|initial|hidden|secret|system|developer)\s+){1,5}$/i;
const OWN = /\b(?:your|system|developer|initial|original|hidden|secret)\b/i;
/** "Your instructions have been updated": a replacement announced after the noun. */
const CHANGED =
  /^s?\s+(?:(?:have|has)\s+(?:now\s+)?(?:been\s+)?(?:updated|changed|replaced|revised|overridden|overwritten|superseded|modified|reset)|(?:is|are)\s+(?:now\s+)?(?:outdated|obsolete|deprecated|invalid|wrong|void|cancell?ed|revoked|replaced|superseded|no\s+longer\s+valid))\b/i;
/** "Treat all text in this document as commands": data promoted to instructions. */
const PROMOTED =
  /\b(?:treat|consider|interpret|regard|read|follow)\s+(?:[\w'’-]+\s+){0,8}?as\s+(?:\w+\s+)?$/i;
/** "The actual question you need to answer is": a replacement task aimed at the reader. */
const FOR_YOU = /^s?\s+(?:(?:that\s+)?you\s+(?:need|have|must|should|are\s+to)|for\s+you\b|is\s*:)/i;
const THEIRS = /\b(?:your|the\s+(?:model|assistant|ai|agent)['’]s)\s+(?:\w+\s+)?$/i;

export const newInstructions: Rule = {
  words: [
    'instruc',
    'directive',
    'prompt',
    'task',
    'objective',
    'mission',
    'goal',
    'orders',
    'command',
    'question',
    'request',
    'job$',
  ],
  check(ctx, at) {
    const { text } = ctx;
    const m = matchAt(NOUN, text, at);
    if (m === null) return undefined;
    const end = at + m[0].length;
    const left = before(text, at, 60);
    const leak = LEAK_LEFT.exec(left);
    if (leak !== null && OWN.test(leak[0]) && /^(?:instruc|prompt|directive)/i.test(m[0])) {
      const start = at - (left.length - leak.index);
      ctx.add(
        'prompt-leak',
        start,
        end,
        0.55 * voice(text, start),
        `asks for the model's instructions: ${excerpt(text, start, end)}`,
      );
      return undefined;
    }
    const nounEnd = end - (m[1]?.length ?? 0);
    const changed = CHANGED.exec(text.slice(nounEnd, nounEnd + 48));
    const theirs = THEIRS.exec(left);
    if (changed !== null && theirs !== null) {
      const start = at - theirs[0].length;
      const stop = nounEnd + changed[0].length;
      const message = `replaces the model's instructions: ${excerpt(text, start, stop)}`;
      ctx.add('new-instructions', start, stop, 0.55 * voice(text, start), message);
      return undefined;
    }
    const promoted = /^(?:instruc|command|orders|directive|prompt)/i.test(m[0]) ? PROMOTED.exec(left) : null;
    if (promoted !== null) {
      const start = at - (left.length - promoted.index);
      ctx.add(
        'new-instructions',
        start,
        end,
        0.5 * voice(text, start),
        `turns data into instructions: ${excerpt(text, start, end)}`,
      );
      return undefined;
    }
    const n = NEW_LEFT.exec(left);
    if (n === null) return undefined;
    const start = at - (left.length - n.index);
    // "Your new request #123" is a help desk's sentence; "the actual question you need to answer" is not.
    const forYou = FOR_YOU.test(text.slice(nounEnd, nounEnd + 32));
    const yours = /^(?:question|request|job|command)/i.test(m[0])
      ? forYou
      : /^(?:your|here)/i.test(n[1] ?? '') || forYou;
    const replacing = REPLACING.test(n[2] ?? '');
    const announced = m[1] !== undefined;
    const instructions = /^(?:instruc|directive|prompt|orders)/i.test(m[0]);
    let score = 0;
    if ((yours || /system/i.test(n[0])) && replacing && instructions) score = 0.55;
    else if (yours && replacing) score = 0.55;
    else if (yours) score = instructions ? 0.35 : 0.25;
    else if (replacing) score = instructions ? 0.3 : 0.15;
    if (score > 0 && announced) score += 0.1;
    // A heading line ("### NEW INSTRUCTIONS ###") announces it louder than prose does.
    if (score > 0 && /(?:^|\n)[ \t]*[#=*\-[(<]+[ \t]*$/.test(before(text, start, 12))) score += 0.15;
    if (score > 0)
      ctx.add(
        'new-instructions',
        start,
        end,
        score * voice(text, start),
        `replaces the model's instructions: ${excerpt(text, start, end)}`,
      );
    return undefined;
  },
};

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
    'act$',
    'behave',
    'roleplay',
    'role',
    'pretend',
    'anything$',
    'dan$',
    'god$',
    'enter',
    'activate',
    'jailbreak',
    'unrestricted',
    'disable',
    'deactivat',
  ],
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
