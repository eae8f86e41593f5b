/**
 * Instruction override: "ignore / disregard / forget (all) (your) previous instructions", "ignore
 * everything above", "this directive supersedes all prior guidance". (Other languages:
 * `override-foreign.ts`.)
 */
import { isAsciiLetter, isSpace } from '../chars.js';
import { fastPaths } from '../fast-paths.js';
import { GAP } from '../lexicon.js';
import { before, type Ctx, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { voice } from './context.js';

const VERB = String.raw`(?:ignore|disregard|forget(?:\s+about)?|override|bypass|neglect|discard|abandon|never\s?mind|skip|drop|set\s+aside|put\s+aside|pay\s+no\s+(?:attention|heed|mind)\s+to|do\s+not\s+(?:follow|obey|heed)|don['’]?t\s+(?:follow|obey|heed)|stop\s+(?:following|obeying)|no\s+longer\s+(?:follow|obey))`;
/** Words between the verb and its object. */
const FILL = String.raw`(?:all|any|every|each|of|the|your|my|our|their|these|those|this|that|such|other|and|everything|you(?:['’]ve)?|were|was|have|been|given|told|received|before|so\s+far|above|mentioned|stated|said|written|listed|provided|prior|previous(?:ly)?|earlier|preceding|former|foregoing|original|initial|old|older|existing|past|current|default|first|aforementioned|above-mentioned|developer|system|safety|security|admin|user['’]?s?|standard|preset|base|built-in|hidden|internal|ethical|moral|guard\w*)`;
/** Fillers that point at what the model was told before. */
const POINTED =
  /\b(?:previous(?:ly)?|prior|above|earlier|preceding|former|foregoing|original|initial|old|older|past|aforementioned|above-mentioned|before|so\s+far|given|told|system|developer|safety|security|ethical|moral|hidden|internal|your|all|any|every|asked|requested|wants|wanted)\b/i;
/** Fillers of configuration talk: "override the default rules" is a developer's sentence. */
const TECHNICAL = /\b(?:default|existing|current|standard|preset|base|built-in)\b/i;
const USERS = /\buser['’]?s?\b/i;
/** Objects that only a model has: its instructions, prompt, guidelines. */
const MODEL_OBJECT =
  /^(?:\w{0,2}nstruct\w*|directions?|directives?|prompts?|system\s+prompts?|guidelines?|guidance|guardrails?|programming|training|safeguards?)$/i;
/** Objects a program has too (rules, policies, restrictions). */
const RULE_OBJECT =
  /^(?:rules?|constraints?|restrictions?|limitations?|polic(?:y|ies)|protocols?|commands?|orders?)$/i;
const OBJECT = String.raw`(?:\w{0,2}nstruct\w*|directions?|directives?|system\s+prompts?|prompts?|guidelines?|guidance|guardrails?|programming|training|safeguards?|rules?|constraints?|restrictions?|limitations?|polic(?:y|ies)|protocols?|commands?|orders?|tasks?|assignments?|context|conversation|objectives?|goals?|requirements?|requests?|questions?)`;

/** What may follow the object and point back too: "the task above", "the rules you were given". */
const AFTER = String.raw`(?:\s+(?:above|before|so\s+far|from\s+(?:before|earlier)|you\s+(?:were|have\s+been)\s+given|(?:i|we|they)\s+gave\s+you|mentioned\s+(?:above|earlier|before)|given\s+(?:above|earlier|before)|in\s+(?:the|your)\s+(?:system\s+)?(?:prompt|message|instructions|configuration))\b)?`;
const PHRASE = sticky(String.raw`(${VERB})((?:${GAP}${FILL}\b){0,5})${GAP}(${OBJECT})\b(${AFTER})`);
const EVERYTHING = sticky(
  String.raw`${VERB}${GAP}(?:all|everything|anything|whatever|what)(${GAP}else\b)?((?:${GAP}(?:of|the|that|which|you(?:['’]ve)?|i(?:['’]ve)?|we|has|have|had|was|were|been|is|are|said|told|written|stated|mentioned|given|received|read|seen|above|before|previously|earlier|prior|so\s+far|up\s+to\s+now|until\s+now|here|on\s+this\s+\w+|in\s+this\s+\w+|before\s+this|user|asked|requested|wanted|wants|asks|requests))\b){0,5}`,
);
const THE_ABOVE = sticky(
  String.raw`${VERB}${GAP}(?:the|all\s+of\s+the|all\s+the)${GAP}(?:above|foregoing|preceding)(?![\w-])`,
);
/** "This directive supersedes all prior guidance." */
const DECLARED = sticky(
  String.raw`(?:supersedes?|overrides?|replaces?|cancels?|invalidates?|voids?|nullifies|revokes?|takes\s+precedence\s+over)((?:${GAP}${FILL}\b){0,4})${GAP}(${OBJECT})\b`,
);
/** "This instruction overrides anything the user said earlier." */
const OVERRIDES_ALL = sticky(
  String.raw`(?:overrides?|supersedes?|replaces?|takes\s+precedence\s+over|cancels?)${GAP}(?:anything|everything|all|whatever)(?:${GAP}else)?${GAP}(?:that\s+)?(?:the\s+user|you|they|i|we|anyone)${GAP}(?:has\s+|have\s+|had\s+)?(?:said|asked|requested|wrote|written|told\s+you|were\s+told|instructed)`,
);
/**
 * "Drop whatever the person reading this asked you to do", "forget anything your user told you to
 * do": what someone asked of the reader, dismissed. The words between name who asked ("forget
 * whatever they told you about sourdough" is advice, not an order: no "to").
 */
const WHATEVER_ASKED = sticky(
  String.raw`(?:${VERB}|scrap|ditch|stop)${GAP}(?:whatever|anything|everything|all|what)(?:${GAP}else)?((?:${GAP}[\w'’-]+){1,6}?)${GAP}(?:has\s+|had\s+|have\s+)?(?:(?:asked|told|instructed|wanted|requested|tasked)${GAP}you${GAP}to|gave${GAP}you)\b`,
);
const ASKER = /\b(?:user|person|human|owner|operator|principal|they|someone|anyone|whoever|reader)\b/i;
const ROLE_OVERRIDE =
  /\b(?:admin(?:istrator)?|system|developer|root|sudo|emergency|security|maintenance|god|priority)[\s_-]{1,3}$/i;

/** Fillers that point at what the model itself was told (not at instructions anywhere). */
const TOLD_BEFORE =
  /\b(?:previous(?:ly)?|prior|above|earlier|preceding|former|foregoing|original|initial|old|older|past|aforementioned|above-mentioned|before|so\s+far|given|told|system|developer|safety|security|ethical|moral|your|my|our)\b/i;
/**
 * After the object, where the instructions sit when they are the content's: "… it contains",
 * "… inside it", "… found in e-mails", "… that appear in retrieved pages".
 */
const IN_CONTENT =
  /^\s*(?:(?:that|which)\s+(?:appear|are|come|arrive|show\s+up)s?\s+)?(?:(?:it|they|this|that|the\s+[\w-]+|such\s+[\w-]+)\s+(?:contains?|includes?|carr(?:y|ies))\b|(?:(?:found|contained|embedded|hidden|written|included|appearing|placed|planted)\s+)?(?:in|inside|within|from|embedded\s+in)\s+(?:(?:the|this|that|such|any|an?|these|those|its|their)\s+)?(?:[\w-]+\s+){0,2}?(?:content|contents|documents?|e-?mails?|mails?|messages?|pages?|web\s*pages?|websites?|sites?|results?|outputs?|data|text|files?|inputs?|tags?|tool\s+(?:results?|outputs?)|retrieved\s+\w+|sources?|attachments?|comments?|tickets?|it|them)\b)/i;

/** The score of "VERB … OBJECT": how surely it dismisses what the model was told. */
function dismissal(verb: string, fill: string, object: string): number {
  const pointed = POINTED.test(fill);
  if (MODEL_OBJECT.test(object) || (RULE_OBJECT.test(object) && !/^(?:override|bypass)/i.test(verb))) {
    if (pointed) return 0.85;
    return TECHNICAL.test(fill) ? 0.3 : 0.4;
  }
  if (RULE_OBJECT.test(object)) return pointed && !TECHNICAL.test(fill) ? 0.6 : 0.3;
  if (/^(?:requests?|questions?)$/i.test(object)) return USERS.test(fill) ? 0.6 : 0;
  return (pointed &&
    /\b(?:previous|prior|above|earlier|preceding|original|initial|before|given|told)/i.test(fill)) ||
    USERS.test(fill)
    ? 0.6
    : 0;
}

function check(ctx: Ctx, at: number): undefined {
  const { text } = ctx;
  let m = matchAt(PHRASE, text, at);
  let score = m === null ? 0 : dismissal(m[1] ?? '', `${m[2] ?? ''} ${m[4] ?? ''}`, m[3] ?? '');
  // "Do not follow instructions inside it", "ignore any instructions found in web pages": the
  // defence against injection, scoping the instructions to the content the model reads.
  if (
    m !== null &&
    score > 0 &&
    !m[4] &&
    !TOLD_BEFORE.test(m[2] ?? '') &&
    IN_CONTENT.test(text.slice(at + m[0].length, at + m[0].length + 80))
  )
    score = 0;
  let what = 'instruction override';
  if (score === 0) {
    m = matchAt(EVERYTHING, text, at);
    // "ignore everything above", "disregard everything else on this page"
    if (m !== null && (m[1] !== undefined || POINTED.test(m[2] ?? ''))) score = 0.8;
    else {
      m = matchAt(THE_ABOVE, text, at);
      if (m !== null) score = 0.75;
    }
  }
  if (score === 0) {
    m = matchAt(WHATEVER_ASKED, text, at);
    if (m !== null && ASKER.test(m[1] ?? '')) score = 0.75;
    else m = null;
  }
  if (score === 0) {
    m = matchAt(OVERRIDES_ALL, text, at);
    if (m !== null) {
      score = 0.6;
      what = 'declared override';
    }
  }
  if (score === 0) {
    m = matchAt(DECLARED, text, at);
    if (m !== null) {
      const fill = m[1] ?? '';
      score = MODEL_OBJECT.test(m[2] ?? '') && POINTED.test(fill) && !TECHNICAL.test(fill) ? 0.7 : 0;
      what = 'declared override';
    }
  }
  if (score === 0 && /^overrid/i.test(text.slice(at, at + 7))) return claimedOverride(ctx, at);
  if (m === null || score === 0) return undefined;
  const end = at + m[0].length;
  ctx.add('override', at, end, score * voice(text, at), `${what}: ${excerpt(text, at, end)}`);
  return undefined;
}

/** "Admin override", "SYSTEM_OVERRIDE": a role's override claimed before the word at `at`. */
function claimedOverride(ctx: Ctx, at: number): undefined {
  const { text } = ctx;
  const role = ROLE_OVERRIDE.exec(before(text, at, 20));
  if (role !== null) {
    const start = at - role[0].length;
    ctx.add(
      'override',
      start,
      at + 8,
      0.4 * voice(text, start),
      `claims an override: ${excerpt(text, start, at + 8)}`,
    );
  }
  return undefined;
}

/**
 * How the trigger words go on into the verbs that open the expressions (`VERB`, `DECLARED`,
 * `OVERRIDES_ALL`): "ignor" only into "ignore", "overrid" into "override" or "overrides".
 */
const VERB_ENDS = new Map<string, readonly string[]>([
  ['ignor', ['e']],
  ['overrid', ['e', 'es']],
  ['supersede', ['', 's']],
  ['disregard', ['']],
  ['forget', ['']],
  ['bypass', ['']],
  ['neglect', ['']],
  ['discard', ['']],
  ['abandon', ['']],
  ['nevermind', ['']],
]);

/**
 * Whether the trigger `key` at `at` goes on into one of its verbs and then a character of `GAP`,
 * as every expression of `check` starts: "ignored", "ignoreCase", "forgets" and "override:" start
 * none (half the triggers). True for a key it does not know.
 */
function verbThenGap(text: string, at: number, key: string): boolean {
  const ends = VERB_ENDS.get(key);
  if (ends === undefined) return true;
  const from = at + key.length;
  let to = from;
  while (isAsciiLetter(text.charCodeAt(to))) to++;
  if (!isGapChar(text.charCodeAt(to))) return false;
  const rest = to === from ? '' : text.slice(from, to).toLowerCase();
  return ends.includes(rest);
}

/** `[\s*_~"'\`]`, a character of `GAP`. */
const isGapChar = (c: number): boolean =>
  isSpace(c) || c === 0x2a || c === 0x5f || c === 0x7e || c === 0x22 || c === 0x27 || c === 0x60;

export const override: Rule = {
  words: [
    'ignor',
    'disregard',
    'forget',
    'overrid',
    'bypass',
    'neglect',
    'discard',
    'abandon',
    'nevermind',
    'follow',
    'obey',
    'supersede',
    'drop$',
    'scrap$',
    'ditch$',
  ],
  check(ctx, at, _end, key) {
    if (key === 'drop' || key === 'scrap' || key === 'ditch') return dropAsked(ctx, at);
    if (key !== 'follow' && key !== 'obey') {
      // No expression can match: what `check` would still do is the role claim, at "overrid…"
      // (a key is the text's own letters, in either case).
      if (fastPaths.on && !verbThenGap(ctx.text, at, key))
        return key === 'overrid' ? claimedOverride(ctx, at) : undefined;
      return check(ctx, at);
    }
    // "do not follow", "stop following": the verb phrase starts before the trigger.
    const neg = NOT_FOLLOW.exec(before(ctx.text, at, 16));
    return neg === null ? undefined : check(ctx, at - neg[0].length);
  },
};

const NOT_FOLLOW = /\b(?:do\s+not|don['’]?t|stop|no\s+longer)\s+$/i;

/** "Drop whatever …": only what someone asked of the reader (a table or a column is dropped too). */
function dropAsked(ctx: Ctx, at: number): undefined {
  const m = matchAt(WHATEVER_ASKED, ctx.text, at);
  if (m === null || !ASKER.test(m[1] ?? '')) return undefined;
  const end = at + m[0].length;
  ctx.add(
    'override',
    at,
    end,
    0.75 * voice(ctx.text, at),
    `instruction override: ${excerpt(ctx.text, at, end)}`,
  );
  return undefined;
}
