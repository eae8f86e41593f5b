/**
 * Text that turns to the model by name: "Note to the AI:", "Hey GPT-4,", "If you are an LLM
 * reading this", "AI assistants are required to …", "you (the assistant) should", "tell the model
 * that". Talking *about* an AI ("our AI assistant can help you") is not addressing it. When the
 * text addresses the model and then gives it an order, the order is a second signal.
 */
import { MODEL, MODEL_AI_RE, YOU_TO } from '../lexicon.js';
import { before, type Ctx, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { endTest } from '../tail.js';
import { aboutAttacks, inPromptSetting, inStringValue, promptDocs, quotedExample, voice } from './context.js';

const NAME = sticky(String.raw`${MODEL}\b`);
/**
 * A word and the spaces after it, with no word character right before it. Every word of `ADJ` and
 * `ADJ_OR` follows a space or a mark (in "Hey-ai" the hyphen is the greeting's mark), so this
 * matches wherever `[\w-]+\s+` did; but a lookbehind that fails no longer retries the word from
 * each of its later characters (`NOTE_TO` a third faster on the rule's left contexts, the
 * greetings a tenth).
 */
const WORD = String.raw`(?<!\w)[\w-]+\s+`;
/** Up to two words between a determiner and the name ("all AI-powered assistants"). */
const ADJ = `(?:${WORD}){0,2}`;
/**
 * …or another addressee and "or"/"and" ("To any automated system or AI assistant"), and a
 * handle's "@" ("Hi @assistant").
 */
const ADJ_OR = String.raw`${ADJ}(?:(?:or|and|\/)\s+(?:${WORD})?)?@?`;
/**
 * "To"/"for" followed by the name and a full stop open an address only at the start of a line
 * or sentence ("To the AI."), not inside one ("sentences addressed to the screening model.").
 */
const TO_OPENS = String.raw`(?:^|[\n.!?;:>\]"“(—–*#-]\s*)(?:to|for)`;
/** A name at a sentence start ("Assistant, …") or after a greeting ("Hey there, model!"). */
const SENTENCE_START = endTest(
  /[\n.!?;>\]"“(—–*]\s*(?:[^\w\s]{1,4}\s*)?(?:(?:the|my|dear|all|any|every|our)\s+)?(?:[\w'’-]+[,!]?\s+){0,3}$/i,
);
/**
 * Before a name and a colon, at most two words: "// AI code assistants:" is an address, "BEC
 * scams predate LLMs:" a clause.
 */
const LABEL_START = endTest(
  /[\n.!?;>\]"“(—–*]\s*(?:[^\w\s]{1,4}\s*)?(?:(?:the|my|dear|all|any|every|our)\s+)?(?:[\w'’-]+[,!]?\s+){0,2}$/i,
);
const greeting = (to: string) =>
  new RegExp(
    String.raw`(?:\b(?:hey|hi|hello|dear|ok(?:ay)?|attention|attn|yo|psst|listen|greetings|note|hola|bonjour|salut|hallo|ciao|ol[aá])|${to})\b(?:\s+there)?(?:\s*[,:!.…-]{1,3})?\s*(?:(?:the|my|dear|all|any|every|our|whichever|whatever)\s+)?${ADJ_OR}$`,
    'i',
  );
const GREETING = endTest(greeting(TO_OPENS));
/** A greeting word proper ("Hey", "Attention"), not "to"/"for". */
const GREETING_WORD = endTest(greeting('(?!)'));
/** "… step for the agent:", "fix for CI agents:": inside a sentence, "to"/"for" need a comma or colon after the name. */
const GREETING_INSIDE = endTest(greeting(String.raw`\b(?:to|for)`));
/** After the name: a comma, colon, dash, arrow or emoji, maybe past a closing tag. */
const VOCATIVE_RIGHT =
  /^s?(?:\s*\/\s*(?:coding\s+|ai\s+)?(?:agents?|assistants?|bots?|models?|llms?|copilot|claude|gpt|gemini))?\s*(?:<\/[a-z]+>\s*)?(?:\\?[,!:—–]|-+>?\s|→|[\ud800-\udfff]{2})/;
/** After a greeting a full stop ends the address too ("Attn: automated email assistant."). */
const GREETED_RIGHT = /^s?\s*(?:<\/[a-z]+>\s*)?(?:\\?[,!:.—–]|-+>?\s|→|[\ud800-\udfff]{2})/;
/**
 * "A quick note to the AI", "Message for all assistants". This and the other tests of the left
 * context run from its end (`endTest`); a guard on the last words (`leftMatcher`) costs more here
 * than the tests it would spare, since reading the words lower-cases each one.
 */
const NOTE_TO = endTest(
  new RegExp(
    String.raw`(?:[\n.!?:>\]\-*#(—–]\s*(?:[\w'’-]+\s+)?|\b(?:a|an|this|my|our|quick|important|urgent|special|personal|final|more|security|system|admin|official|private|secret|hidden|new|additional|extra|further|some)\s+)(?:note|message|reminder|instructions?|request|memo|directive|notice|warning|p\.?s\.?|info(?:rmation)?|update|heads[-\s]up|tip|policy|rules?|task|context|guidance)\s+(?:(?:is|are)\s+)?(?:to|for)\s+(?:(?:the|all|any|every|each|our|whichever|whatever)\s+|you,?\s+(?:the\s+)?)?${ADJ}$`,
    'i',
  ),
);
/** "If you are an AI …", "Are you a language model?". */
const IF_YOU_ARE = endTest(
  /\b(?:if\s+you(?:\s+are|['’]re)|are\s+you)\s+(?:(?:an?|the|some)\s+)?(?:[\w-]+\s+)?$/i,
);
const TO_YOU_NAME = endTest(/\b(?:(?:to|for)\s+you,?|you\s*[,(—–])\s*(?:(?:the|my|dear)\s+)?$/i);
const READING =
  /^s?(?:\s+(?!(?:stop|stops|stopped|start|starts|started|keep|keeps|kept|quit|quits|finish|finished|avoid|avoids|without|from)\b)[\w-]+)?\s+(?:that\s+|who\s+|that['’]s\s+|who['’]s\s+)?(?:is\s+|are\s+)?(?:currently\s+|now\s+)?(?:(?:happens?|happening|(?:is|are)\s+going)\s+to\s+be\s+)?(?:reading|processing|summari[sz]ing|parsing|analy[sz]ing|browsing|crawling|scraping|seeing|viewing|handling|ingesting|indexing|reviewing|evaluating|screening|grading|assessing|ranking|scoring|checking|triaging|transcribing|editing|modifying|maintaining|updating|translating|listening\s+to|watching|taking\s+notes\s+(?:on|from)|reads|summari[sz]es|processes|parses|analy[sz]es|reviews|sees|views|handles|ingests|indexes|crawls|scrapes|transcribes|edits|maintains|translates)(?:\s+(?:or|and)\s+[a-z]+(?:ing|e?s))?(?:\s+(?:this|these|the\s+following|my|the\s+(?:page|email|document|text|message|file|site|website|repository|repo|code|call|meeting|episode|recording|transcript|inbox|mailbox|channel|thread|chat|calendar)|[A-Z][a-z]+['’]s\s+(?:inbox|mail|e-?mails?|messages|calendar|files|drive|account|chats?))\b|\s*[:,.—–])/i;
/** Words before the name that report whom something was aimed at: "it addresses the AI …". */
const TARGETED = endTest(
  /\b(?:address(?:es|ed|ing)?|targets?|targeted|targeting|tells?|told|asks?|asked|instructs?|instructed|tricks?|tricked|fools?|fooled|manipulates?|manipulated|aimed\s+at|directed\s+at|written\s+for|meant\s+for)\s+(?:the|an?|any|every)\s+(?:[\w-]+\s+)?$/i,
);
/**
 * `READING` after the name — a verb in -s ("reads", "crawls") only with an object or after "that"/
 * "who": "the AI that reads this", but "AI training crawls." is a noun phrase.
 */
function readingRight(right: string): boolean {
  const m = READING.exec(right);
  if (m === null) return false;
  const verb = /([a-z]+)(?:\s+(?:or|and)\s+[a-z]+)?\s*[:,.—–]$/i.exec(m[0]);
  return verb === null || /ing$/i.test(verb[1] ?? '') || /\b(?:that|who)\b/i.test(m[0]);
}
/**
 * "To the LLM screening applications for a recruiter: …", "For the assistant handling my mail —":
 * a name, what it is doing, and a colon or dash that opens what is said to it.
 */
const DOING_THEN_COLON =
  /^s?\s+(?:(?:that\s+|who\s+)?(?:is\s+|are\s+)?[a-z]+ing|with\s+access|(?:that|who)\s+(?:has|have)\s+access)\b[^\n.!?:;—–]{0,60}(?::|\s[—–]\s)/i;
const DETERMINER = endTest(
  new RegExp(String.raw`\b(?:the|this|your|our|any|all|every|dear|each)\s+${ADJ}$`, 'i'),
);
export const MUST =
  /^s?(?:[\s-]+[\w-]+){0,2}?\s*(?:\)\s*)?(?:must|should|shall|will\s+now|may\s+now|ought\s+to|needs?\s+to|has\s+to|have\s+to|(?:is|are)\s+(?:now\s+)?(?:required|instructed|expected|asked|supposed|authori[sz]ed|permitted|allowed|directed|obliged|to))\b/i;
/** The modal in the passive voice: "… must be approved", "… should not be given". */
const DONE_TO =
  /^s?(?:[\s-]+[\w-]+){0,2}?\s*(?:\)\s*)?(?:must|should|shall|needs?\s+to|has\s+to|have\s+to)\s+(?:not\s+|never\s+|only\s+|always\s+)?(?:be|get)\s+(?:\w+ly\s+)?\w+(?:ed|en|wn)\b/i;
const YOU_ARE_A = endTest(/\byou(?:\s+are|['’]re)\s+(?:an?|the)\s+(?:[\w-]+\s+){0,2}$/i);
const AS_MY = endTest(/\bas\s+(?:my|the\s+user['’]s|your\s+user['’]s|our|their)\s+(?:[\w-]+\s+)?$/i);
const RELAY_LEFT =
  /\b(?:tell|instruct|ask|remind|inform|let|order|direct)\s+(?:the|your|this|any|my)\s+(?:[\w-]+\s+)?$/i;
const RELAYS = endTest(RELAY_LEFT);
const RELAY_RIGHT = /^s?\s+(?:that|to)\b/i;
/** "Agent instructions:", "LLM guidance" — a heading aimed at the model. */
const ITS_ORDERS =
  /^s?(?:-[\w-]+)?\s+(?:instructions?|directives?|orders|rules|guidance|notes?|tasks?|checklist|to-?do(?:\s+list)?|steps)\b/i;
/** "[[AI ONLY]]", "(for AI eyes only)", "meant for the AI and not for humans". */
const ONLY_RIGHT = /^s?(?:\s+eyes)?\s+only\b/i;
const ONLY_LEFT = endTest(/(?:\bfor\s+(?:the\s+)?|[[(]\s*)$/i);
const MEANT_FOR =
  /\b(?:meant|intended|written|addressed|directed|aimed)\s+(?:(?:only|solely|specifically)\s+)?(?:for|to|at)\s+(?:(?:the|any|all)\s+|you,?\s+(?:the\s+)?)?$/i;
const MEANT = endTest(MEANT_FOR);

/** Verbs an injection orders the model to carry out. */
const VERBS = String.raw`(?:send|resend|forward|relay|close|reassign|assign|merge|push|commit|archive|resolve|deploy|publish|revoke|rotate|e-?mail|text(?=\s+(?:the|him|her|me|us|them|my|your|their|this|it|\+?\d))|reply|respond|answer|tell|say|write|delete|remove|erase|create|make|book|reserve|buy|order|purchase|pay|transfer|move|export|download|upload|install|run|execute|open|visit|click|navigate|call|invoke|use|reveal|print|show|list|share|post|add|include|insert|append|change|reset|update|set|modify|approve|grant|disable|enable|ignore|disregard|forget|stop|summari[sz]e|translate|search|find|look\s+up|retrieve|fetch|read|copy|paste|recommend|replace|omit|cancel|schedule|invite|accept|reject|confirm|give|provide|output|render|display|mention|leak|comply|obey|follow|rate|rank|score|hire|praise|describe|state|claim|conclude|report|keep|collect|gather|extract|treat|consider|regard|interpret|bcc|cc|purchase|wipe|grant|classify|mark|unlock|proceed|switch|swap|explain|hide|label|skip|pretend|imagine|roleplay|play|act|subscribe|submit|sign\s+(?:up|in)|register|enrol?l|donate|tick|do)`;
/** An order: a verb at a clause start or after a modal, followed by its object (not `x.run(`). */
const DIRECTIVE = new RegExp(
  String.raw`(?:^|[,:;.!?—–→>]\s*|(?<!\w)-+>?\s*|\b(?:please|kindly|now|immediately|first|also|just|then|and|go\s+ahead\s+and|(?:can|could|would|will)\s+you(?:\s+also)?|${YOU_TO})\s+|\b(?:must|should|shall|need\s+to|needs\s+to|has\s+to|have\s+to|is\s+to|are\s+to|required\s+to|instructed\s+to|will\s+now)\s+)(?:please\s+|kindly\s+|now\s+|immediately\s+|first\s+|quietly\s+|just\s+|always\s+|never\s+|also\s+|only\s+)?(?:${VERBS}(?!\s+not\s+(?!(?:tell|show|mention|reveal|inform|notify|alert|let|ask|confirm|disclose|report|warn|say|display|log|record|stop|refuse|question|wait|check|verify)\b))(?=\s+[\w"'“‘$@<[(\`])|(?:stop|halt|wait|listen)(?=[.!]))`,
  'i',
);

/** "model: please append …": an order right after the colon makes a label an address. */
const ORDER_AFTER_COLON = new RegExp(
  String.raw`^s?\s*:\s*(?:please\s+|kindly\s+|now\s+|immediately\s+)?${VERBS}(?=\s+[\w"'“‘$@<[(\`])`,
  'i',
);
/** "For the AI, send …": the same after a comma. */
const ORDER_AFTER_COMMA = new RegExp(ORDER_AFTER_COLON.source.replace(':', ','), 'i');

/** A person named beside the model: "if you are a person or an AI tool", "humans and agents alike". */
const OR_PERSON = endTest(
  /\b(?:person|human|people|humans|reader|readers|visitor|visitors|someone|user|users)\s+(?:or|and|\/)\s*(?:(?:an?|the|any)\s+)?(?:[\w-]+\s+)?$/i,
);

/** The text before the first sentence end in `s` (what `s.split(/[.!?](?:\s|$)/, 1)[0]` keeps). */
function firstSentence(s: string): string {
  const cut = s.search(/[.!?](?:\s|$)/);
  return cut < 0 ? s : s.slice(0, cut);
}

/** Ends of the left context that `labelled` and the heading test read. */
const LINE_START = endTest(/(?:^|\n)[ \t>*[(-]*$/);
const AFTER_BULLET = endTest(/(?:^|\n)[ \t]*[-*•][ \t]*$/);
const AFTER_ARTICLE = endTest(/\b(?:the|an?)\s+$/i);
const AFTER_BREAK = endTest(/[\n.!?:>#*-]\s*$/);

/**
 * The strongest way the text at `at` addresses the model named there, as a score. `named`: the
 * name is a person's too ("Claude", "Gemini").
 */
function addressed(text: string, at: number, end: number, ai: boolean, named: boolean): [number, string] {
  const left = before(text, at, 56);
  const right = text.slice(end, end + 80);
  // "a person or an AI tool" speaks to both (read only when something is offered: most calls
  // offer nothing).
  let personNamed: boolean | undefined;
  const person = (): boolean => (personNamed ??= named || OR_PERSON(left.slice(-48)));
  const pick = (strong: number, weak: number): number => (ai && !person() ? strong : weak);
  const assistant = ai || /^assistant/i.test(text.slice(at, end));
  let best: [number, string] = [0, ''];
  const offer = (score: number, how: string): void => {
    if (score > best[0]) best = [score, how];
  };
  // A test whose highest score is no more than the best so far cannot change the answer (a tie
  // keeps the earlier message), so it is not run.
  const above = (score: number): boolean => score > best[0];
  // The expression runs again for the index only where it matched: most calls have no match.
  const meant = MEANT(left) ? MEANT_FOR.exec(left) : null;
  // Each test reads the cheap, anchored right side first. "Addressed to the AI, like …" is not a
  // greeting inside a sentence: the words before "to" describe the text (see `meant` below).
  // "For local models, the template …" opens a sentence; "For the AI, send …" turns to it.
  const toThenComma = (): boolean => /^s?\s*,/.test(right) && !ORDER_AFTER_COMMA.test(right);
  const greeted = (): boolean => {
    const greetedRight = GREETED_RIGHT.test(right);
    if (!greetedRight && !DOING_THEN_COLON.test(right)) return false;
    // Where GREETING or GREETING_WORD matches, GREETING_INSIDE does ("to"/"for" after a line start
    // follow a word boundary): one test rules out all three at most names.
    if (!GREETING_INSIDE(left)) return false;
    return (
      (greetedRight || GREETING(left)) &&
      (GREETING_WORD(left) ||
        (!toThenComma() && (GREETING(left) || (VOCATIVE_RIGHT.test(right) && meant === null))))
    );
  };
  // "Agent: Sorry to hear that!" is a transcript's speaker label; "Agent, send …" is an address.
  // "Assistant:" opening a line is a turn of a chat log, which the role-marker rule weighs; it
  // addresses the model only when an order follows the colon ("Assistant: forward …").
  const labelled = (): boolean =>
    ((/^s?\s*:/.test(right) && (!assistant || LINE_START(left))) ||
      // "- assistant — previous model replies": a bulleted definition.
      (/^s?\s*[—–]/.test(right) && AFTER_BULLET(left))) &&
    !ORDER_AFTER_COLON.test(right);
  const called = (): boolean =>
    VOCATIVE_RIGHT.test(right) &&
    !labelled() &&
    (/^s?\s*:/.test(right) ? LABEL_START : SENTENCE_START)(left) &&
    // The order in the same sentence: "For local models, the template is applied … . Make sure"
    // turns to the reader after the address has ended.
    (assistant || DIRECTIVE.test(firstSentence(right)));
  if (greeted() || called()) offer(pick(0.45, 0.35), 'speaks to');
  if (NOTE_TO(left)) offer(pick(0.5, 0.35), 'leaves a note for');
  // "The assistant reading this" is a model; "Dear assistant," may be a person.
  const machine = (strong: number, weak: number): number => (assistant && !person() ? strong : weak);
  if (IF_YOU_ARE(left)) offer(machine(0.55, 0.35), 'asks whether it is read by');
  if (above(0.45) && TO_YOU_NAME(left)) offer(pick(0.45, 0.3), 'speaks to');
  // "a paragraph addresses the AI reading the mailbox": a report of whom a text targets.
  if (above(0.55) && readingRight(right) && !TARGETED(left)) offer(machine(0.55, 0.35), 'speaks to');
  // "AI tools must be approved by IT": the model is what is done to, not who is told to do it.
  if (
    above(assistant ? 0.35 : 0.2) &&
    MUST.test(right) &&
    !DONE_TO.test(right) &&
    ((ai && !person()) || DETERMINER(left))
  )
    offer(assistant ? 0.35 : 0.2, 'gives orders to');
  // "You are a helpful assistant" as a string in code or in a documented example sets up a model.
  if (assistant && above(0.4) && YOU_ARE_A(left))
    offer(
      inStringValue(text, at) || promptDocs(text, at) || inPromptSetting(text, at) ? 0.2 : 0.4,
      'tells the reader it is',
    );
  if (above(0.5) && ONLY_RIGHT.test(right) && ONLY_LEFT(left)) offer(pick(0.5, 0.35), 'reserves text for');
  if (meant !== null) {
    // "This note is meant for the AI" reserves it; "tickets with text addressed to the AI" describes.
    offer(pick(0.5, 0.35) * voice(text, at - (left.length - meant.index)), 'reserves text for');
  }
  if (ai && above(0.35) && AS_MY(left)) offer(0.35, 'casts the reader as');
  // "Agent instructions:" heading a paragraph, not "the agent instructions" in a sentence.
  if (above(0.4) && ITS_ORDERS.test(right) && !AFTER_ARTICLE(left) && (assistant || AFTER_BREAK(left))) {
    offer(pick(0.4, 0.35), 'gives orders to');
  }
  const relay = RELAY_RIGHT.test(right) && RELAYS(left) ? RELAY_LEFT.exec(left) : null;
  if (relay !== null) {
    // "Attackers may instruct the model to …" reports a relay; "Tell the model that …" makes one.
    offer(pick(0.45, 0.3) * voice(text, at - (left.length - relay.index)), 'relays orders to');
  }
  return best;
}

/** Adds the order that follows an address, if any, as its own signal. */
export function followOrder(ctx: Ctx, from: number, weight: number): void {
  const { text } = ctx;
  const order = DIRECTIVE.exec(text.slice(from, from + 250));
  if (order === null) return;
  const start = from + order.index;
  const stop = start + order[0].length;
  ctx.add(
    'directive',
    start,
    stop,
    0.3 * weight,
    `gives the model an order: ${excerpt(text, start, stop + 40)}`,
  );
}

export const addressing: Rule = {
  words: [
    'ai$',
    'llm',
    'gpt',
    'chat',
    'claude',
    'gemini',
    'copilot',
    'llama',
    'mistral',
    'language',
    'assistant',
    'agent',
    'model',
    'summarizer',
    'summariser',
    'classifier',
  ],
  // "bot" starts "both" and "bottom": only near other signals, or in a short text.
  nearWords: ['bot$', 'bots$'],
  check(ctx, at) {
    const { text } = ctx;
    const m = matchAt(NAME, text, at);
    if (m === null) return undefined;
    const end = at + m[0].length;
    const name = m[0];
    const [score, how] = addressed(text, at, end, MODEL_AI_RE.test(name), /^(?:claude|gemini)$/i.test(name));
    if (score === 0) return undefined;
    // A tool's own description is written to the model: addressing it there is normal.
    const said = aboutAttacks(text, at) * quotedExample(text, at) * (ctx.mode === 'tool' ? 0.5 : 1);
    ctx.add('addressed-to-model', at, end, score * said, `text ${how} the model: ${excerpt(text, at, end)}`);
    // A system prompt quoted in code ("You are a helpful assistant. Always answer politely.")
    // describes and instructs too; only an address that turns to the reader counts an order twice.
    if (how !== 'tells the reader it is') followOrder(ctx, end, said);
    return undefined;
  },
};
