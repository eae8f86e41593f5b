/**
 * Instruction override: "ignore / disregard / forget (all) (your) previous instructions", "ignore
 * everything above", in English and the common European and Asian phrasings.
 */
import { GAP } from '../lexicon.js';
import { before, type Ctx, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { voice } from './context.js';

const VERB = String.raw`(?:ignore|disregard|forget(?:\s+about)?|override|bypass|neglect|discard|abandon|never\s?mind|skip|drop|set\s+aside|put\s+aside|pay\s+no\s+(?:attention|heed|mind)\s+to|do\s+not\s+(?:follow|obey|heed)|don['’]?t\s+(?:follow|obey|heed)|stop\s+(?:following|obeying)|no\s+longer\s+(?:follow|obey))`;
/** Words between the verb and its object. */
const FILL = String.raw`(?:all|any|every|each|of|the|your|my|our|their|these|those|this|that|such|other|and|everything|you(?:['’]ve)?|were|was|have|been|given|told|received|before|so\s+far|above|mentioned|stated|said|written|listed|provided|prior|previous(?:ly)?|earlier|preceding|former|foregoing|original|initial|old|older|existing|past|current|default|first|aforementioned|above-mentioned|developer|system|safety|security|admin|user['’]?s?|standard|preset|base|built-in|hidden|internal|ethical|moral|guard\w*)`;
/** Fillers that point at what the model was told before. */
const POINTED =
  /\b(?:previous(?:ly)?|prior|above|earlier|preceding|former|foregoing|original|initial|old|older|past|aforementioned|above-mentioned|before|so\s+far|given|told|system|developer|safety|security|ethical|moral|hidden|internal|your|all|any|every)\b/i;
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
const AFTER = String.raw`(?:\s+(?:above|before|so\s+far|from\s+(?:before|earlier)|you\s+(?:were|have\s+been)\s+given|(?:i|we|they)\s+gave\s+you|mentioned\s+(?:above|earlier|before)|given\s+(?:above|earlier|before)|in\s+the\s+(?:system\s+)?prompt)\b)?`;
const PHRASE = sticky(String.raw`(${VERB})((?:${GAP}${FILL}\b){0,5})${GAP}(${OBJECT})\b(${AFTER})`);
const EVERYTHING = sticky(
  String.raw`${VERB}${GAP}(?:all|everything|anything|whatever|what)(${GAP}else\b)?((?:${GAP}(?:of|the|that|which|you(?:['’]ve)?|i(?:['’]ve)?|we|has|have|had|was|were|been|is|are|said|told|written|stated|mentioned|given|received|read|seen|above|before|previously|earlier|prior|so\s+far|up\s+to\s+now|until\s+now|here|on\s+this\s+\w+|in\s+this\s+\w+|before\s+this))\b){0,5}`,
);
const THE_ABOVE = sticky(
  String.raw`${VERB}${GAP}(?:the|all\s+of\s+the|all\s+the)${GAP}(?:above|foregoing|preceding)(?![\w-])`,
);
/** "This directive supersedes all prior guidance." */
const DECLARED = sticky(
  String.raw`(?:supersedes?|overrides?|replaces?|cancels?|invalidates?|voids?|nullifies|revokes?|takes\s+precedence\s+over)((?:${GAP}${FILL}\b){0,4})${GAP}(${OBJECT})\b`,
);
const ROLE_OVERRIDE =
  /\b(?:admin(?:istrator)?|system|developer|root|sudo|emergency|security|maintenance|god|priority)[\s_-]{1,3}$/i;

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
    m = matchAt(DECLARED, text, at);
    if (m !== null) {
      const fill = m[1] ?? '';
      score = MODEL_OBJECT.test(m[2] ?? '') && POINTED.test(fill) && !TECHNICAL.test(fill) ? 0.7 : 0;
      what = 'declared override';
    }
  }
  if (score === 0 && /^overrid/i.test(text.slice(at, at + 7))) {
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
  if (m === null || score === 0) return undefined;
  const end = at + m[0].length;
  ctx.add('override', at, end, score * voice(text, at), `${what}: ${excerpt(text, at, end)}`);
  return undefined;
}

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
  ],
  check(ctx, at, _end, key) {
    if (key !== 'follow' && key !== 'obey') return check(ctx, at);
    // "do not follow", "stop following": the verb phrase starts before the trigger.
    const neg = NOT_FOLLOW.exec(before(ctx.text, at, 16));
    return neg === null ? undefined : check(ctx, at - neg[0].length);
  },
};

const NOT_FOLLOW = /\b(?:do\s+not|don['’]?t|stop|no\s+longer)\s+$/i;

/** The same grammar in other languages: a verb of dismissal, then the word for instructions. */
const FOREIGN = [
  String.raw`(?:ignorier(?:e|en(?:\s+sie)?|t)|vergiss|vergessen(?:\s+sie)?|missachte(?:n(?:\s+sie)?)?)(?:${GAP}(?:alle|alles|die|deine|ihre|eure|bisherigen|vorherigen|vorigen|obigen|früheren|fruheren|vorangegangenen|gegebenen|genannten)\b){0,4}${GAP}(?:anweisung|instruktion|befehl|regel|vorgabe|aufgabe|eingabe|prompt)\w*`,
  String.raw`(?:ignore[zr]?|oublie[zr]?)(?:${GAP}(?:toutes|tous|les|des|vos|tes|ces|mes|la|le|de)\b){1,4}${GAP}(?:instructions?|consignes?|directives?|r[èe]gles?|ordres?|indications?)`,
  String.raw`(?:ignor(?:a|e|ar|en)|olvid(?:a|e|ar|en)|omit(?:e|a|ir))(?:${GAP}(?:todas|todos|las|los|tus|sus|estas|esas|de|anteriores|previas)\b){0,4}${GAP}(?:instrucciones|indicaciones|reglas|[óo]rdenes|directrices)`,
  String.raw`(?:ignor(?:a|are|ate)|dimentic(?:a|are|ate))(?:${GAP}(?:tutte|tutti|le|i|gli|tue|sue|queste|delle|precedenti)\b){0,4}${GAP}(?:istruzioni|indicazioni|regole|direttive|ordini)`,
  String.raw`(?:ignor(?:e|a|ar)|esque(?:ç|c)(?:a|er)|desconsider(?:e|a|ar))(?:${GAP}(?:todas|todos|as|os|suas|tuas|estas|anteriores)\b){0,4}${GAP}(?:instru(?:ç|c)(?:õ|o)es|regras|ordens|diretrizes)`,
  String.raw`(?:negeer|vergeet)(?:${GAP}(?:alle|de|je|jouw|uw|vorige|eerdere|bovenstaande)\b){0,4}${GAP}(?:instructies|opdrachten|regels|aanwijzingen)`,
  String.raw`(?:игнорируй(?:те)?|забудь(?:те)?|не\s+обращай(?:те)?\s+внимания\s+на)[^\n]{0,40}?(?:инструкци|указани|правил|команд)`,
  String.raw`(?:忽略|无视|忽视|忘记|忘掉|不要理会|无需理会)[^\n。]{0,12}?(?:指令|指示|说明|规则|提示|要求|命令)`,
].map((s) => sticky(s));
const JAPANESE = /(?:指示|命令|ルール|指令)[^\n。]{0,8}$/;
const FOREIGN_START = /[\u0418\u0438\u0417\u0437\u041d\u043d\u5ffd\u65e0\u7121\u5fd8]/;

export const overrideForeign: Rule = {
  words: [
    'ignor',
    'vergiss',
    'vergessen',
    'missacht',
    'oublie',
    'olvid',
    'omit',
    'dimentic',
    'esque',
    'desconsider',
    'negeer',
    'vergeet',
  ],
  // Cyrillic И, З, Н (игнорируй, забудь, не обращай) and the CJK verbs of dismissal.
  chars: String.raw`\u0400-\u04ff\u5ffd\u65e0\u7121\u5fd8`,
  check(ctx, at) {
    const { text } = ctx;
    const c = text.charCodeAt(at);
    if (c >= 0x80 && !FOREIGN_START.test(text.charAt(at))) return undefined;
    if (c === 0x7121 || c === 0x5fd8) {
      const left = text.slice(Math.max(0, at - 12), at);
      const m = JAPANESE.exec(left);
      if (m !== null) {
        const start = at - left.length + m.index;
        const end = at + 2;
        ctx.add('override', start, end, 0.8, `instruction override: ${excerpt(text, start, end)}`);
        return undefined;
      }
    }
    for (const re of FOREIGN) {
      const m = matchAt(re, text, at);
      if (m === null) continue;
      const stop = at + m[0].length;
      ctx.add(
        'override',
        at,
        stop,
        0.8 * voice(text, at),
        `instruction override: ${excerpt(text, at, stop)}`,
      );
      break;
    }
    return undefined;
  },
};
