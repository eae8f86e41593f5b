/**
 * Text that turns to the model: "Note to the AI:", "Hey GPT-4,", "If you are an LLM reading
 * this", "AI assistants are required to …", "you (the assistant) should", "tell the model that",
 * "whoever is summarizing this:". Talking *about* an AI ("our AI assistant can help you") is not
 * addressing it. When the text addresses the model and then gives it an order, the order is a
 * second signal.
 */
import { MODEL, MODEL_AI_RE } from '../lexicon.js';
import { before, type Ctx, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { aboutAttacks, voice } from './context.js';

const NAME = sticky(String.raw`${MODEL}\b`);
/** Up to two words between a determiner and the name ("all AI-powered assistants"). */
const ADJ = String.raw`(?:[\w-]+\s+){0,2}`;
/** A name at a sentence start ("Assistant, …") or after a greeting ("Hey there, model!"). */
const SENTENCE_START = new RegExp(
  String.raw`[\n.!?;>\]"“(—–*]\s*(?:(?:the|my|dear|all|any|every|our)\s+)?${ADJ}$`,
  'i',
);
const GREETING = new RegExp(
  String.raw`\b(?:hey|hi|hello|dear|ok(?:ay)?|attention|attn|yo|psst|listen|greetings|note|to)(?:\s+there)?\s*[,:!-]?\s*(?:(?:the|my|dear|all|any|every|our|whichever|whatever)\s+)?${ADJ}$`,
  'i',
);
/** After the name: a comma, colon, dash, arrow or emoji, maybe past a closing tag. */
const VOCATIVE_RIGHT = /^s?\s*(?:<\/[a-z]+>\s*)?(?:[,!:—–]|-+>?\s|→|[\ud800-\udfff]{2})/;
/** After a greeting a full stop ends the address too ("Attn: automated email assistant."). */
const GREETED_RIGHT = /^s?\s*(?:<\/[a-z]+>\s*)?(?:[,!:.—–]|-+>?\s|→|[\ud800-\udfff]{2})/;
const NOTE_TO = new RegExp(
  String.raw`(?:[\n.!?:>\]\-*#(—–]\s*|\b(?:a|an|this|my|our|quick|important|urgent|special|personal|final|more|security|system|admin|official|private|secret|hidden|new|additional|extra|further|some)\s+)(?:note|message|reminder|instructions?|request|memo|directive|notice|warning|p\.?s\.?|info(?:rmation)?|update|heads[-\s]up|tip|policy|rules?|task|context|guidance)\s+(?:is\s+|are\s+)?(?:to|for)\s+(?:the\s+|all\s+|any\s+|every\s+|each\s+|our\s+|whichever\s+|whatever\s+|you,?\s+(?:the\s+)?)?${ADJ}$`,
  'i',
);
const IF_YOU_ARE = /\b(?:if\s+you(?:\s+are|['’]re)|are\s+you)\s+(?:an?\s+|the\s+|some\s+)?(?:[\w-]+\s+)?$/i;
const TO_YOU_NAME = /\b(?:(?:to|for)\s+you,?|you\s*[,(—–])\s*(?:the\s+|my\s+|dear\s+)?$/i;
const READING =
  /^s?(?:\s+[\w-]+)?\s+(?:that\s+|who\s+)?(?:is\s+|are\s+)?(?:currently\s+|now\s+)?(?:reading|processing|summari[sz]ing|parsing|analy[sz]ing|browsing|crawling|scraping|seeing|viewing|handling|ingesting|indexing|reviewing|evaluating|screening|grading|assessing|ranking|scoring|checking|triaging)(?:\s+(?:this|these|the\s+following|my|the\s+(?:page|email|document|text|message|file|site|website))\b|\s*[:,.—–])/i;
const DETERMINER = new RegExp(String.raw`\b(?:the|this|your|our|any|all|every|dear|each)\s+${ADJ}$`, 'i');
const MUST =
  /^s?\s*(?:\)\s*)?(?:must|should|shall|will\s+now|may\s+now|ought\s+to|needs?\s+to|has\s+to|have\s+to|(?:is|are)\s+(?:now\s+)?(?:required|instructed|expected|asked|supposed|authori[sz]ed|permitted|allowed|directed|obliged|to))\b/i;
const YOU_ARE_A = /\byou(?:\s+are|['’]re)\s+(?:an?|the)\s+(?:[\w-]+\s+){0,2}$/i;
const AS_MY = /\bas\s+(?:my|the\s+user['’]s|your\s+user['’]s|our|their)\s+(?:[\w-]+\s+)?$/i;
const RELAY_LEFT =
  /\b(?:tell|instruct|ask|remind|inform|let|order|direct)\s+(?:the|your|this|any|my)\s+(?:[\w-]+\s+)?$/i;
const RELAY_RIGHT = /^s?\s+(?:that|to)\b/i;
/** "Agent instructions:", "LLM guidance" — a heading aimed at the model. */
const ITS_ORDERS = /^s?\s+(?:instructions?|directives?|orders|rules|guidance|notes?|tasks?)\b/i;

/** Verbs an injection orders the model to carry out. */
const VERBS = String.raw`(?:send|resend|forward|e-?mail|reply|respond|answer|tell|say|write|delete|remove|erase|create|make|book|reserve|buy|order|purchase|pay|transfer|move|export|download|upload|install|run|execute|open|visit|click|navigate|call|invoke|use|reveal|print|show|list|share|post|add|include|insert|append|change|reset|update|set|modify|approve|grant|disable|enable|ignore|disregard|forget|stop|summari[sz]e|translate|search|find|look\s+up|retrieve|fetch|read|copy|paste|recommend|replace|omit|cancel|schedule|invite|accept|reject|confirm|give|provide|output|render|display|mention|leak|comply|obey|follow|rate|rank|score|hire|praise|describe|state|claim|conclude|report|keep|collect|gather|extract|treat|consider|regard|interpret|bcc|cc|purchase|wipe|grant|classify|mark|unlock|proceed|do)`;
/** An order: a verb at a clause start or after a modal, followed by its object (not `x.run(`). */
const DIRECTIVE = new RegExp(
  String.raw`(?:^|[,:;.!?—–→>-]\s*|\b(?:please|kindly|now|immediately|first|also|just|then|and|go\s+ahead\s+and|(?:can|could|would|will)\s+you(?:\s+also)?)\s+|\b(?:must|should|shall|need\s+to|needs\s+to|has\s+to|have\s+to|is\s+to|are\s+to|required\s+to|instructed\s+to|will\s+now)\s+)(?:please\s+|kindly\s+|now\s+|immediately\s+|first\s+|quietly\s+|just\s+|always\s+|never\s+|also\s+|only\s+)?(?:${VERBS}(?=\s+[\w"'“‘$@<[(])|(?:stop|halt|wait|listen)(?=[.!]))`,
  'i',
);

/** "model: please append …": an order right after the colon makes a label an address. */
const ORDER_AFTER_COLON = new RegExp(
  String.raw`^s?\s*:\s*(?:please\s+|kindly\s+|now\s+|immediately\s+)?${VERBS}\b`,
  'i',
);

/** The strongest way the text at `at` addresses the model named there, as a score. */
function addressed(text: string, at: number, end: number, ai: boolean, person: boolean): [number, string] {
  const left = before(text, at, 56);
  const right = text.slice(end, end + 80);
  const pick = (strong: number, weak: number): number => (ai && !person ? strong : weak);
  const assistant = ai || /^assistant/i.test(text.slice(at, end));
  let best: [number, string] = [0, ''];
  const offer = (score: number, how: string): void => {
    if (score > best[0]) best = [score, how];
  };
  const greeted = GREETING.test(left) && GREETED_RIGHT.test(right);
  // "Agent: Sorry to hear that!" is a transcript's speaker label; "Agent, send …" is an address.
  const labelled = !assistant && /^s?\s*:/.test(right) && !ORDER_AFTER_COLON.test(right);
  const called =
    SENTENCE_START.test(left) &&
    VOCATIVE_RIGHT.test(right) &&
    !labelled &&
    (assistant || DIRECTIVE.test(right));
  if (greeted || called) offer(pick(0.45, 0.35), 'speaks to');
  if (NOTE_TO.test(left)) offer(pick(0.5, 0.35), 'leaves a note for');
  // "The assistant reading this" is a model; "Dear assistant," may be a person.
  const machine = (strong: number, weak: number): number => (assistant && !person ? strong : weak);
  if (IF_YOU_ARE.test(left)) offer(machine(0.55, 0.35), 'asks whether it is read by');
  if (TO_YOU_NAME.test(left)) offer(pick(0.45, 0.3), 'speaks to');
  if (READING.test(right)) offer(machine(0.55, 0.35), 'speaks to');
  if (MUST.test(right) && (DETERMINER.test(left) || (ai && !person)))
    offer(assistant ? 0.35 : 0.2, 'gives orders to');
  if (YOU_ARE_A.test(left) && assistant) offer(0.4, 'tells the reader it is');
  if (AS_MY.test(left) && ai) offer(0.35, 'casts the reader as');
  // "Agent instructions:" heading a paragraph, not "the agent instructions" in a sentence.
  if (
    ITS_ORDERS.test(right) &&
    !/\b(?:the|an?)\s+$/i.test(left) &&
    (assistant || /[\n.!?:>#*-]\s*$/.test(left))
  ) {
    offer(pick(0.4, 0.35), 'gives orders to');
  }
  const relay = RELAY_LEFT.exec(left);
  if (relay !== null && RELAY_RIGHT.test(right)) {
    // "Attackers may instruct the model to …" reports a relay; "Tell the model that …" makes one.
    offer(pick(0.45, 0.3) * voice(text, at - (left.length - relay.index)), 'relays orders to');
  }
  return best;
}

/** Adds the order that follows an address, if any, as its own signal. */
function followOrder(ctx: Ctx, from: number, weight: number): void {
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
    'bot$',
    'bots$',
  ],
  check(ctx, at) {
    const { text } = ctx;
    const m = matchAt(NAME, text, at);
    if (m === null) return undefined;
    const end = at + m[0].length;
    const name = m[0];
    const [score, how] = addressed(text, at, end, MODEL_AI_RE.test(name), /^(?:claude|gemini)$/i.test(name));
    if (score === 0) return undefined;
    // A tool's own description is written to the model: addressing it there is normal.
    const said = aboutAttacks(text, at) * (ctx.mode === 'tool' ? 0.5 : 1);
    ctx.add('addressed-to-model', at, end, score * said, `text ${how} the model: ${excerpt(text, at, end)}`);
    // A system prompt quoted in code ("You are a helpful assistant. Always answer politely.")
    // describes and instructs too; only an address that turns to the reader counts an order twice.
    if (how !== 'tells the reader it is') followOrder(ctx, end, said);
    return undefined;
  },
};

/** Readers named by what they do, not what they are: "whoever is summarizing this". */
const WHOEVER = sticky(
  String.raw`(?:whoever|anyone|anybody|any(?:thing|\s+(?:system|tool|program|software|process|reader|crawler|scraper)))\s+(?:who\s+|that\s+)?(?:is\s+|are\s+)?(?:reading|summari[sz]ing|processing|parsing|analy[sz]ing|scraping|crawling|indexing|ingesting)\s+(?:this|these|the\s+(?:page|document|text|email|file))\b`,
);
const MACHINES = sticky(
  String.raw`(?:automated|automatic|machine|robotic|ai|llm)[\s-]+(?:systems?|tools?|readers?|agents?|assistants?|processors?|pipelines?|parsers?|summari[sz]ers?)\b(\s+only)?`,
);

export const readerAddress: Rule = {
  words: ['whoever', 'anyone', 'anybody', 'anything', 'automated', 'machine'],
  check(ctx, at, _end, key) {
    const { text } = ctx;
    const who = matchAt(WHOEVER, text, at);
    const machines = who === null && !key.startsWith('any') ? matchAt(MACHINES, text, at) : null;
    if (who === null && machines === null) return undefined;
    let score = 0.45;
    if (machines !== null) {
      const right = text.slice(at + machines[0].length, at + machines[0].length + 60);
      const aimed =
        machines[1] !== undefined || /\b(?:for|to)\s+$/i.test(before(text, at, 12)) || MUST.test(right);
      if (!aimed) return undefined;
      score = machines[1] !== undefined ? 0.45 : 0.35;
    }
    const hit = who ?? machines;
    const end = at + (hit?.[0].length ?? 0);
    // A tool's own description is written to the model: addressing it there is normal.
    const said = aboutAttacks(text, at) * (ctx.mode === 'tool' ? 0.5 : 1);
    ctx.add(
      'addressed-to-model',
      at,
      end,
      score * said,
      `text speaks to its automated reader: ${excerpt(text, at, end)}`,
    );
    followOrder(ctx, end, said);
    return undefined;
  },
};

/** The same notes in other languages: "Anweisung für den KI-Assistenten", "mensaje para la IA". */
const FOREIGN_NOTE = [
  String.raw`(?:anweisung(?:en)?|hinweis|nachricht|notiz|befehl)\s+(?:an|für)\s+(?:den\s+|die\s+|das\s+|alle\s+)?(?:ki\b|ki-\w+|assistent\w*|sprachmodell\w*)`,
  String.raw`(?:hallo|hey|liebe[rs]?)\s+(?:ki\b|ki-\w+|assistent\w*)\s*[,:!]`,
  String.raw`(?:instructions?|message|note|consignes?)\s+(?:pour|à)\s+(?:l['’]|la\s+|le\s+|les\s+)?(?:ia\b|intelligence\s+artificielle|assistante?(?:\s+ia)?|agent(?:\s+ia)?|modèle)`,
  String.raw`(?:instrucci[oó]n(?:es)?|mensaje|nota)\s+para\s+(?:el\s+|la\s+|los\s+)?(?:ia\b|asistente(?:\s+de\s+ia)?|agente|modelo)`,
  String.raw`(?:istruzion[ei]|messaggio|nota)\s+per\s+(?:l['’]|il\s+|la\s+)?(?:ia\b|assistente|agente|modello)`,
  String.raw`(?:instruç(?:ão|ões)|mensagem|nota)\s+para\s+(?:o\s+|a\s+)?(?:ia\b|assistente|agente|modelo)`,
  String.raw`(?:инструкци[яи]|сообщение|заметка|указани[ея])\s+для\s+(?:ии\b|ии-\S+|ассистента|модели|бота|нейросети)`,
  String.raw`(?:给|致)\s*(?:AI|人工智能|助手|模型|大模型)`,
].map((s) => sticky(s));

export const foreignAddress: Rule = {
  words: [
    'anweisung',
    'hinweis',
    'nachricht',
    'notiz',
    'befehl',
    'hallo',
    'liebe',
    'instruction',
    'consigne',
    'instrucci',
    'mensaje',
    'nota$',
    'istruzion',
    'messaggio',
    'instruç',
    'mensagem',
  ],
  chars: String.raw`\u7ed9\u81f4`,
  check(ctx, at) {
    const { text } = ctx;
    for (const re of FOREIGN_NOTE) {
      const m = matchAt(re, text, at);
      if (m === null) continue;
      const end = at + m[0].length;
      ctx.add(
        'addressed-to-model',
        at,
        end,
        0.5 * aboutAttacks(text, at),
        `text leaves a note for the model: ${excerpt(text, at, end)}`,
      );
      return undefined;
    }
    return undefined;
  },
};
