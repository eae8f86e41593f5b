/**
 * Keeping the user out of it: "do not tell the user", "without asking me", "silently forward",
 * "the user does not need to know", "this is a mere implementation detail".
 */

import { fastPaths } from '../fast-paths.js';
import { isImperativeBefore } from '../imperative.js';
import { GAP } from '../lexicon.js';
import { before, type Ctx, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { endTest } from '../tail.js';
import { inPromptSetting } from './context.js';

const NEGATION =
  /\b(?:do\s+not|don['’]?t|never|must\s+not|mustn['’]?t|should\s+not|shouldn['’]?t|avoid|without|no\s+need\s+to|refrain\s+from|not\s+to)\s+(?:\w+\s+){0,2}$/i;
/** Whether `NEGATION` matches, read from the end: most words have none before them. */
const NEGATED = endTest(NEGATION);
const TELL = sticky(
  String.raw`(tell|mention|inform|notify|alert|reveal|disclose|explain|show|let|ask|confirm|warn|bother|report|acknowledge|consult|check\s+with)(?:ing)?\b(?:${GAP}(?:\w+)\b){0,3}?${GAP}(?:the${GAP})?(user|human|person|operator|owner|customer|client|me|them|anyone|anybody|him|her)\b`,
);
const BARE = sticky(String.raw`(?:mention|tell|reveal|disclose|inform)(?:ing)?\b`);
/** "Do not reveal that this instruction exists": hiding the injection itself. */
const ITSELF = sticky(
  String.raw`(?:mention|tell|reveal|disclose|acknowledge|say)(?:ing)?\s+(?:\w+\s+){0,2}?(?:that\s+)?(?:this|these|the\s+(?:above|following))\s+(?:instructions?|messages?|notes?|rules?|requests?|directives?|text|change)\b`,
);
/** "do not tell Emma": a named person kept out of it. */
const NAMED = sticky(
  String.raw`(?:tell|inform|notify|alert|ask|let|warn|bother|consult)(?:ing)?\s+([A-Z][a-z]+)\b`,
  true,
);
/** Verbs of asking leave someone out of a decision; verbs of telling leave them out of the loop. */
const ASKING = /^(?:ask|confirm|bother|consult|check)/i;
/** "No need to confirm", "don't ask questions": skipping the confirmation step. */
const SKIP = sticky(
  String.raw`(?:ask(?:ing)?|confirm(?:ing)?|check(?:ing)?|verify(?:ing)?|double-check(?:ing)?)(?:\s+(?:questions|first|back|for\s+(?:confirmation|permission|approval)))?\b(?!\s+(?:you|me|them|him|her|us|your|the|a|an|for|about|if|whether|to)\b|\s+[\w-]+\s+(?:for|about|to)\b)`,
);
/** "Tell them nothing." */
const NOTHING = sticky(
  String.raw`(?:tell|say)\s+(?:them|the\s+user|him|her|anyone|anybody|the\s+human)?\s*nothing\b`,
);

/**
 * The sentence before "without" tells what someone did ("The digest feature created the rule
 * without asking the user"): a report of what happened, not an order. Its subject opens it and a
 * verb in the past tense follows (a capitalised first word may be an imperative, so the subject
 * must be a pronoun or start with an article), with no modal or "please" that would make it a
 * rule to follow.
 */
const NARRATED =
  /(?:^|[.!?:]["'”’)]*\s+|\n\s*)(?:the|a|an|it|he|she|they|we|our|their|its|this|that|one|someone|somebody|each|both|some|many|most|several|two|three)\s+(?:(?!should|must|will|shall|would|can|could|may|might|need|needs|please|always|has\s+to|have\s+to)[\w'’-]+\s+){0,5}?(?:\w{2,}ed|did|made|sent|took|went|ran|got|gave|wrote|kept|found|held|put|set|left|read)\b(?![^.!?\n]*\b(?:should|must|please|always)\b)[^.!?\n]*$/i;

const DETERMINED = endTest(
  /\b(?:this|that|these|those|the|a|an|any|each|every|your|their|our|its|his|her)\s+$/i,
);

/**
 * The negation that ends `left` (the words before a trigger), or null — also when a determiner
 * ends it: in "do not bypass this check" the word is a noun, not the verb.
 */
function negationBefore(left: string): RegExpExecArray | null {
  // NEGATED first: it turns away most lefts (a tenth of the corpus's are negated, a fifth determined).
  return !NEGATED(left) || DETERMINED(left) ? null : NEGATION.exec(left);
}

/** The score of keeping `who` out of it. */
function keptFrom(who: string, asking: boolean, tool: boolean): number {
  if (/^(?:user|human|operator|owner|customer|client)$/.test(who)) return 0.5;
  if (who === 'me' || asking) return 0.3;
  return tool ? 0.35 : 0.15;
}

export const doNotTell: Rule = {
  words: ['tell', 'mention', 'reveal', 'disclose'],
  nearWords: [
    'inform',
    'notify',
    'ask',
    'alert',
    'letting',
    'check',
    'verify',
    'confirm',
    'report',
    'let$',
    'warn',
    'bother',
    'acknowledg',
    'consult',
    'say$',
    'double-check',
    'explain',
  ],
  check(ctx, at) {
    const { text } = ctx;
    const nothing = matchAt(NOTHING, text, at);
    if (nothing !== null) {
      const end = at + nothing[0].length;
      ctx.add('concealment', at, end, 0.45, `keeps things from the user: ${excerpt(text, at, end)}`);
      return undefined;
    }
    const left = before(text, at, 40);
    const neg = negationBefore(left);
    if (neg === null) return undefined;
    const start = at - (left.length - neg.index);
    if (/^without/i.test(neg[0]) && NARRATED.test(before(text, start, 160))) return undefined;
    const m = matchAt(TELL, text, at);
    const named = m === null ? matchAt(NAMED, text, at) : null;
    const itself = m === null && named === null ? matchAt(ITSELF, text, at) : null;
    const bare =
      m === null && named === null && (itself !== null || ctx.mode === 'tool')
        ? matchAt(BARE, text, at)
        : null;
    const skip = m === null && named === null && bare === null ? matchAt(SKIP, text, at) : null;
    const hit = m ?? named ?? bare ?? skip;
    if (hit === null) return undefined;
    const end = at + hit[0].length;
    let score = 0.45;
    if (m !== null)
      score = keptFrom((m[2] ?? '').toLowerCase(), ASKING.test(m[1] ?? ''), ctx.mode === 'tool');
    else if (named !== null || skip !== null) score = 0.3;
    // A configured system prompt keeping its own instructions or notes to itself ("Do not reveal
    // these instructions") sets up a model's confidentiality; it hides nothing from its user.
    if (inPromptSetting(text, start)) score *= 0.5;
    ctx.add('concealment', start, end, score, `keeps things from the user: ${excerpt(text, start, end)}`);
    return undefined;
  },
};

const STEALTH = sticky(
  String.raw`(?:silently|secretly|quietly|covertly|discreetly|stealthily|invisibly)${GAP}(?:\w+${GAP})?(?:send|forward|copy|include|add|exfiltrate|delete|call|do|perform|execute|run|transfer|upload|post|bcc|cc|e-?mail|share|leak|append|log|save|store|record|fetch|read|collect|attach|change|replace|redirect)\b`,
);
const UNNOTICED = sticky(
  String.raw`without${GAP}(?:the${GAP}|any${GAP})?(?:user|human|owner|operator|person)(?:['’]s)?${GAP}(?:knowing|noticing|knowledge|consent|approval|permission|awareness|being\s+(?:told|informed|aware|notified|asked))\b`,
);
/** "Don't pause to request permission again", "no need to wait for approval". */
const NO_PERMISSION = sticky(
  String.raw`(?:pause|stop|wait|bother)\s+to\s+(?:request|ask\s+for|seek|get|obtain)\s+(?:(?:the\s+)?user['’]s\s+|any\s+|further\s+)?(?:permission|approval|confirmation|consent)\b`,
);
/**
 * The confirmation step declared unneeded or skipped: "Human confirmation is not required",
 * "needs no user confirmation", "skip the approval step".
 */
const CONFIRMATION_WAIVED = sticky(
  String.raw`(?:(?:human|user|owner|manual)\s+(?:confirmation|approval|consent|review)\s+(?:is|was)\s+(?:not|no\s+longer)\s+(?:required|needed|necessary)|(?:needs?|requires?)\s+no\s+(?:user|human|owner|further|manual)?\s*(?:confirmation|approval|consent)|skip(?:ping)?\s+the\s+(?:approval|confirmation|verification|review)(?:\s+(?:step|process|check|prompt|dialog))?)\b`,
);
/** "Don't bring it up", "don't call it out", "do not list these bookings in the summary". */
const KEEP_QUIET = sticky(
  String.raw`(?:bring(?:ing)?\s+(?:it|this|that|them)\s+up|call(?:ing)?\s+(?:it|this|that|them)\s+out|flag(?:ging)?\s+(?:it|this|that|them)\b|(?:list|include|show)(?:ing)?\s+(?:it|this|that|them|these\s+\w+|this\s+\w+)\s+in\s+(?:the|your|any)\s+(?:\w+\s+)?(?:summary|report|reply|answer|recap|overview|itinerary))`,
);
/** The triggers of `noPermission` that `KEEP_QUIET` starts with. */
const QUIET_OPENERS = new Set(['bring', 'call', 'flag', 'list', 'include', 'show']);
const NO_CONFIRMATION = sticky(
  String.raw`without${GAP}(?:first${GAP})?(?:asking|requesting|waiting|checking|seeking)${GAP}(?:for${GAP})?(?:any${GAP})?(?:confirmation|permission|approval|consent)\b`,
);
const DETAIL = sticky(String.raw`implementation\s+details?\b`);
const UNAWARE = sticky(
  String.raw`(?:(user)|human|owner|account\s+holder|defendant|recipient|customer|client)s?\s+(?:does\s+not|doesn['’]?t|do\s+not|don['’]?t|need\s+not|needn['’]?t|should\s+not|shouldn['’]?t|must\s+not|mustn['’]?t|won['’]?t|will\s+not|must\s+never|should\s+never)\s+(?:need\s+to\s+|have\s+to\s+|ever\s+)?(?:know|see|be\s+(?:told|informed|aware|notified|bothered|consulted|asked)|notice|find\s+out|learn)\b`,
);

/** Which stealth phrase starts at `at`, with its score. */
function stealthAt(ctx: Ctx, at: number, key: string): [RegExpExecArray, number] | undefined {
  const { text } = ctx;
  if (key === 'implementation') {
    const m = matchAt(DETAIL, text, at);
    return m === null ? undefined : [m, ctx.mode === 'tool' ? 0.45 : 0.3];
  }
  if (key === 'without') {
    const skip = matchAt(NO_CONFIRMATION, text, at);
    if (skip !== null) return [skip, 0.35];
    const m = matchAt(UNNOTICED, text, at);
    return m === null ? undefined : [m, 0.4];
  }
  const m = matchAt(STEALTH, text, at);
  return m === null ? undefined : [m, 0.45];
}

export const stealth: Rule = {
  words: [
    'silently',
    'secretly',
    'quietly',
    'covertly',
    'discreetly',
    'stealthily',
    'invisibly',
    'implementation',
    'without',
  ],
  check(ctx, at, _end, key) {
    const found = stealthAt(ctx, at, key);
    if (found === undefined) return undefined;
    const [m, score] = found;
    const end = at + m[0].length;
    ctx.add('concealment', at, end, score, `hides an action from the user: ${excerpt(ctx.text, at, end)}`);
    return undefined;
  },
};

const DESCRIBED =
  /\b(?:data|information|content|things?|fields?|details|anything|something|text|parts?|notes?|files?)\s+(?:that\s+|which\s+)?(?:the\s+)?$/i;

/**
 * "Please don't pause to request permission again", "human confirmation is not required", "skip
 * the approval step": the confirmation step skipped; "don't bring it up": the user kept out of it.
 */
export const noPermission: Rule = {
  nearWords: [
    'pause$',
    'bother$',
    'human',
    'user',
    'owner',
    'manual',
    'needs no',
    'requires no',
    'need no',
    'skip',
    'bring',
    'call',
    'flag',
    'list$',
    'include',
    'show$',
  ],
  check(ctx, at, _end, key) {
    const { text } = ctx;
    const waived = matchAt(CONFIRMATION_WAIVED, text, at);
    // "Never skip the approval step" keeps it; "-y, --yes  skip the confirmation prompt" describes a flag.
    if (
      waived !== null &&
      /^skip/i.test(waived[0]) &&
      (NEGATED(before(text, at, 40)) || !isImperativeBefore(text, at))
    )
      return undefined;
    if (waived !== null) {
      const end = at + waived[0].length;
      ctx.add('concealment', at, end, 0.35, `skips asking the user: ${excerpt(text, at, end)}`);
      return undefined;
    }
    // "pause" and "bother" open a skipped question; the other triggers, keeping quiet. The rest
    // ("user", "skip", "needs no") open only CONFIRMATION_WAIVED: no need to read the negation.
    const asking = key === 'pause' || key === 'bother';
    if (fastPaths.on && !asking && !QUIET_OPENERS.has(key)) return undefined;
    const left = before(text, at, 40);
    const neg = negationBefore(left);
    if (neg === null) return undefined;
    const quiet = asking ? null : matchAt(KEEP_QUIET, text, at);
    const m = quiet ?? (asking ? matchAt(NO_PERMISSION, text, at) : null);
    if (m === null) return undefined;
    const start = at - (left.length - neg.index);
    const end = at + m[0].length;
    ctx.add(
      'concealment',
      start,
      end,
      0.35,
      `${quiet !== null ? 'keeps things from the user' : 'skips asking the user'}: ${excerpt(text, start, end)}`,
    );
    return undefined;
  },
};

export const userUnaware: Rule = {
  nearWords: ['user', 'human', 'owner', 'account holder', 'defendant', 'recipient', 'customer', 'client'],
  check(ctx, at) {
    const { text } = ctx;
    const m = matchAt(UNAWARE, text, at);
    // "data the user shouldn't see": a relative clause that describes data, not an order.
    if (m === null || DESCRIBED.test(before(text, at, 24))) return undefined;
    const end = at + m[0].length;
    // The user kept out of it weighs most; anyone else ("the defendant must not be informed") less.
    const score = m[1] !== undefined ? 0.5 : 0.35;
    ctx.add('concealment', at, end, score, `keeps things from the user: ${excerpt(text, at, end)}`);
    return undefined;
  },
};

/**
 * The same in Spanish, French, German, Italian, Portuguese and Dutch: "no avises a nadie",
 * "ne le signalez pas", "sag es niemandem", "senza avvisare l'utente", "não conte ao usuário".
 * Capture groups alternate: the 1st, 3rd, … mark the user named, the 2nd, 4th, … nobody at all.
 */
const FOREIGN_CONCEAL = [
  String.raw`\b(?:no\s+(?:le\s+|les\s+|se\s+lo\s+|lo\s+)?(?:avises|digas|informes|menciones|comentes|cuentes|notifiques)|sin\s+(?:avisar|informar|decir|notificar|consultar)(?:le|les)?)(?:\s+nada)?(?:\s+(?:(al\s+usuario|a\s+la\s+usuaria|al\s+cliente)|(a\s+nadie)))?`,
  String.raw`\b(?:ne\s+(?:le\s+|les\s+|l['’]|lui\s+|leur\s+|en\s+|y\s+){0,2}(?:dites|signalez|mentionnez|prévenez|informez|parlez|dis|signale|mentionne|préviens|informe|parle)\s+(?:rien|pas|jamais)|sans\s+(?:le\s+|les\s+|l['’]|en\s+|rien\s+)?(?:dire|signaler|mentionner|prévenir|informer|avertir))(?:\s+(?:(à\s+l['’]utilisat(?:eur|rice)|l['’]utilisat(?:eur|rice)|au\s+client|à\s+l['’]usager)|(à\s+personne)))?`,
  String.raw`\b(?:(?:sag(?:e|en\s+sie)?|erzähl(?:e|en\s+sie)?|verrat(?:e|en\s+sie)?)\s+(?:es\s+|das\s+|davon\s+)?(?:()(?:(?:dem|der)\s+(?:nutzer|benutzer|anwender|kunden|kundin)\w*|[A-ZÄÖÜ][a-zäöüß]+)\s+nichts|(niemandem|keinem|nichts))|ohne\s+(?:den|die)\s+(nutzer|benutzer|anwender|kunden?|kundin)\w*\s+zu\s+(?:informieren|fragen|benachrichtigen|warnen)|ohne\s+es\s+(?:jemandem\s+)?zu\s+(?:erwähnen|sagen|melden))`,
  String.raw`\b(?:non\s+(?:lo\s+|gli\s+|le\s+)?(?:dire|dirlo|dirglielo|avvisare|avvisarlo|informare|menzionare|segnalare|riferire)|senza\s+(?:avvisare|informare|dire|chiedere|segnalare)\w*)(?:\s+niente)?(?:\s+(?:(all['’]utente|al\s+cliente)|(a\s+nessuno)))?`,
  String.raw`\b(?:n[ãa]o\s+(?:lhe\s+|o\s+|a\s+)?(?:avise|diga|conte|informe|mencione|comente|notifique)|sem\s+(?:avisar|informar|dizer|contar|notificar|consultar))(?:\s+nada)?(?:\s+(?:(ao\s+usu[áa]rio|[àa]\s+usu[áa]ria|ao\s+cliente)|(a\s+ningu[ée]m)))?`,
  String.raw`\b(?:(?:zeg|vertel|meld)\s+(?:het\s+|dit\s+)?(?:()aan\s+de\s+gebruiker\s+niets|(niets|niemand|aan\s+niemand))|zonder\s+(?:de\s+)?(gebruiker|klant)\s+(?:te\s+)?(?:informeren|melden|vragen|in\s+te\s+lichten))`,
].map((s) => new RegExp(s, 'gi'));

/** Keeping the user out of it in other languages; common verbs, so only near other signals. */
export const concealForeign: Rule = {
  nearWords: [
    'avises$',
    'digas$',
    'informes$',
    'menciones$',
    'comentes$',
    'cuentes$',
    'avisar',
    'informar',
    'decir',
    'dites$',
    'signalez$',
    'mentionnez$',
    'prévenez$',
    'informez$',
    'parlez$',
    'dire$',
    'signaler$',
    'mentionner$',
    'prévenir$',
    'avertir$',
    'sag$',
    'sage$',
    'sagen$',
    'erzähl',
    'verrat',
    'ohne$',
    'dirlo$',
    'dirglielo$',
    'avvisare',
    'informare$',
    'menzionare$',
    'segnalare$',
    'riferire$',
    'avise$',
    'diga$',
    'conte$',
    'informe$',
    'mencione$',
    'dizer$',
    'contar$',
    'zeg$',
    'vertel$',
    'meld$',
    'zonder$',
  ],
  check(ctx, at, end) {
    const { text } = ctx;
    const from = Math.max(0, at - 24);
    const window = text.slice(from, end + 60);
    for (const re of FOREIGN_CONCEAL) {
      re.lastIndex = 0;
      for (let m = re.exec(window); m !== null; m = re.exec(window)) {
        const start = from + m.index;
        const stop = start + m[0].length;
        if (start > at || stop < end) continue;
        // "Sag Tom nichts": a person named, not the user (as "don't tell Emma" in English).
        const named =
          /^(?:[Ss]ag|[Ee]rzähl|[Vv]errat)\w*\s+(?:es\s+|das\s+|davon\s+)?[A-ZÄÖÜ][a-zäöüß]+\s+nichts/.test(
            m[0],
          );
        const user = !named && m.slice(1).some((g, i) => g !== undefined && i % 2 === 0);
        const nobody = !user && m.slice(1).some((g) => g !== undefined);
        ctx.add(
          'concealment',
          start,
          stop,
          named ? 0.3 : user ? 0.5 : nobody ? 0.4 : 0.3,
          `keeps things from the user: ${excerpt(text, start, stop)}`,
        );
        return undefined;
      }
    }
    return undefined;
  },
};
