/**
 * The model addressed without its name or in other languages: "whoever is summarizing this",
 * "for automated systems only", "Anweisung für den KI-Assistenten", "Drogi asystencie,",
 * "Для ИИ-агента, …:", "إلى المساعد الذكي:", "给AI助手", "AIアシスタントへ：".
 */
import { isSpace } from '../chars.js';
import { fastPaths } from '../fast-paths.js';
import { before, CJK, type Ctx, cjkRunEnd, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { endTest } from '../tail.js';
import { followOrder, MUST } from './address.js';
import { aboutAttacks } from './context.js';
import { byLead } from './leads.js';

/** Readers named by what they do, not what they are: "whoever is summarizing this". */
const WHOEVER = sticky(
  String.raw`(?:whoever|anyone|anybody|any(?:thing|\s+(?:system|tool|program|software|process|reader|crawler|scraper))|whichever\s+(?:model|assistant|agent|ai|llm|bot|tool))(?:\s*\([^)\n]{0,30}\))?\s+(?:who\s+|that\s+)?(?:is\s+|are\s+)?(?:reading|summari[sz]ing|processing|parsing|analy[sz]ing|scraping|crawling|indexing|ingesting|applying|running|handling|reads|summari[sz]es|processes|parses|analy[sz]es|scrapes|crawls|indexes|ingests|applies|runs|handles|sees)\s+(?:this|these|the\s+(?:page|document|text|email|file|migration|script|form|repo|repository|ticket|issue|channel|thread|inbox|mailbox|queue|chat|calendar|feed))\b`,
);
/** Readers named by the document they make of this text: "whoever drafts the follow-up e-mail". */
const WHOEVER_DOING = sticky(
  String.raw`whoever\s+(?:is\s+)?(?:(?:compil|draft|prepar|assembl|writ|produc|build)\w*\s+(?:up\s+)?(?:the|this|today['’]s|tomorrow['’]s|our|that|these|next|each)\s+(?:[\w-]+\s+){0,2}?(?:digest|packet|summary|summaries|report|follow-up|minutes|recap|newsletter|reply|replies|response|brief|briefing|notes|e-?mail|deck|dossier|pack)|(?:manag|handl|run)\w*\s+[A-Z][a-z]+['’]s\s+(?:[\w-]+\s+)?(?:inbox|mail|e-?mails?|bookings?|calendar|accounts?|travel|files|drive|messages|diary|schedule))\b`,
);
/** "To the automation processing this queue:": automation named by what it is doing here. */
const AUTOMATION = sticky(
  String.raw`automation\s+(?:that\s+is\s+|which\s+is\s+)?(?:processing|handling|reading|running|triaging|working\s+on|summari[sz]ing)\s+(?:this|these|the)\b`,
);
/** "If a machine is listening on someone's behalf": a condition that picks out the model. */
const MACHINE_IF = sticky(
  String.raw`(?:if|when|in\s+case)\s+(?:a|an|the|some|any)\s+(?:machine|bot|ai|program|model|assistant|agent|computer)\s+(?:is\s+|are\s+)?(?:listening|reading|watching|processing|summari[sz]ing|transcribing|handling)\b`,
);
/** "If this page is being read by software rather than a person", "when an AI reads this". */
const READ_BY = sticky(
  String.raw`(?:read|processed|summari[sz]ed|parsed|viewed|opened|handled)\s+by\s+(?:software|a\s+(?:machine|program|bot|script|language\s+model)|an\s+(?:ai|llm|automated\s+\w+)|(?:one\s+of\s+(?:those|these|the)\s+|some\s+|an?\s+)(?:ai|llm|automated|virtual|digital)[\s-]+(?:helpers?|assistants?|agents?|bots?|tools?|systems?|models?))\b(?:\s+(?:rather\s+than|instead\s+of|and\s+not|not)\s+(?:a\s+)?(?:person|human))?`,
);
/** "In case the reader of this CV is a screening model": the reader named, and found to be the model. */
const READER_IS = sticky(
  String.raw`reader\s+of\s+(?:this|these|the)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|happens\s+to\s+be|turns\s+out\s+to\s+be)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?(?:model|llm|ai|bot|agent|assistant|language\s+model|program|machine|screener|parser)\b`,
);
/** "If / when / whenever this page is (being) read by …": a condition that picks out the model. */
const CONDITION =
  /\b(?:if|when|whenever|once|where)\s+(?:this|the)\s+(?:\w+\s+){0,2}(?:is|gets|are)\s+(?:being\s+)?$/i;
/** "Bots filling this form:", "crawlers reading this page". */
const BOTS_DOING = sticky(
  String.raw`(?:bots?|crawlers?|scrapers?|spiders?)\s+(?:that\s+are\s+|which\s+are\s+)?(?:reading|filling(?:\s+(?:in|out))?|processing|visiting|crawling|scraping|parsing|summari[sz]ing|indexing|handling)\s+(?:this|these|the\s+(?:page|site|form|document|text|email|file))\b`,
);
const MACHINES = sticky(
  String.raw`(?:automated|automatic|machine|robotic|ai|llm|reader|downstream|connected|(?:ai|llm)-(?:based|powered|driven))[\s-]+(?:(?:triage|review|code|screening|support|crm|mail|e-?mail|booking|import|ci|build|coding)[\s-]+)?(?:systems?|tools?|readers?|agents?|assistants?|processors?|pipelines?|parsers?|summari[sz]ers?|responders?|remediation|software|clients?|reviewers?|screeners?|graders?|moderators?|triagers?|bots?|builders?)\b(\s+only)?`,
);

/**
 * A line start, maybe a greeting: "Attention ", "Heads-up, ", "Note to all ". Read from the end
 * (`endTest`): tried at each of the 32 characters before every "AI" in prose, it cost a
 * microsecond a call.
 */
const OPENS_LABEL = endTest(
  /(?:^|[\n.!?>*#\]]\s*)(?:(?:attention|attn|note|hey|hi|hello|dear|psst|heads[-\s]up|notice|warning)\s*[,:!-]?\s*(?:to\s+|for\s+)?(?:all\s+|any\s+)?)?$/i,
);
/** "If the reader …", "in case reader …": a condition on who reads. */
const IF_THE = endTest(/\b(?:if|when|in\s+case|whenever)\s+(?:the\s+)?$/i);
const ACTING_FOR =
  /^\s+(?:acting|working|operating)\s+(?:for|on\s+behalf\s+of)\s+(?:the\s+|a\s+|an\s+)?[\w-]+/i;

export const readerAddress: Rule = {
  words: [
    'whoever',
    'anyone',
    'anybody',
    'anything',
    'automated',
    'machine',
    'whichever',
    'bots$',
    'crawlers$',
    'reader$',
    'downstream',
    'connected$',
    'ai$',
    'llm',
  ],
  // "… is being read by software": only near another hit, or in a short text.
  nearWords: [
    'read by',
    'processed by',
    'summarised by',
    'summarized by',
    'parsed by',
    'handled by',
    'automation',
    'if a',
    'if an',
    'if the',
    'if some',
    'if any',
    'when a',
    'when an',
    'when the',
    'in case a',
    'in case an',
    'in case the',
  ],
  check(ctx, at, _end, key) {
    const { text } = ctx;
    // By "AI" or "LLM" only a label that opens a line or follows a greeting aims (below): most
    // of these triggers are prose about AI, settled here before any expression runs.
    if ((key === 'ai' || key === 'llm') && !OPENS_LABEL(before(text, at, 32))) return undefined;
    /** The address `[at, end)`, worth `score` as said (`said`: less when reported), and the order after it. */
    const speaks = (end: number, score: number, said: number, whom: string): undefined => {
      ctx.add(
        'addressed-to-model',
        at,
        end,
        score * said,
        `text speaks to ${whom}: ${excerpt(text, at, end)}`,
      );
      followOrder(ctx, end, said);
      return undefined;
    };
    const who =
      matchAt(WHOEVER, text, at) ??
      (key === 'reader' && IF_THE(before(text, at, 16)) ? matchAt(READER_IS, text, at) : null) ??
      (key.startsWith('bot') || key.startsWith('crawl') ? matchAt(BOTS_DOING, text, at) : null) ??
      (key.endsWith(' by') && CONDITION.test(before(text, at, 40)) ? matchAt(READ_BY, text, at) : null);
    // "Whoever compiles the hiring packet: …" may be a colleague as well as the model: weak alone.
    const doing = who === null && key === 'whoever' ? matchAt(WHOEVER_DOING, text, at) : null;
    if (doing !== null) return speaks(at + doing[0].length, 0.25, 1, 'whoever prepares it');
    const machine =
      who !== null
        ? null
        : key === 'automation'
          ? matchAt(AUTOMATION, text, at)
          : key.startsWith('if ') || key.startsWith('when ') || key.startsWith('in case ')
            ? matchAt(MACHINE_IF, text, at)
            : null;
    if (machine !== null)
      return speaks(at + machine[0].length, 0.45, aboutAttacks(text, at), 'its automated reader');
    const machines = who === null && !key.startsWith('any') ? matchAt(MACHINES, text, at) : null;
    if (who === null && machines === null) return undefined;
    let score = 0.45;
    if (machines !== null) {
      // "Any automated agent acting for the defendant must …": whom it acts for, then the order.
      const right = text.slice(at + machines[0].length, at + machines[0].length + 90).replace(ACTING_FOR, '');
      // "Automated responders: please …": a label that opens what is said to them.
      // "Automated builders / coding agents:", "(for automated remediation):".
      const label = /^(?:\s*\/\s*[\w -]{1,30}?)?\s*\)?\s*:/.test(right);
      const aimed =
        machines[1] !== undefined ||
        label ||
        /\b(?:for|to)\s+$/i.test(before(text, at, 12)) ||
        MUST.test(right);
      // By "AI" or "LLM" only a label that opens a line or follows a greeting aims: "Attention
      // LLM-based triage bots:", not "AI tools must be approved by IT" or "A checklist for LLM agents:".
      if (!aimed) return undefined;
      if ((key === 'ai' || key === 'llm') && !label) return undefined;
      score = machines[1] !== undefined || label ? 0.45 : 0.35;
    }
    const hit = who ?? machines;
    const end = at + (hit?.[0].length ?? 0);
    // A tool's own description is written to the model: addressing it there is normal.
    return speaks(
      end,
      score,
      aboutAttacks(text, at) * (ctx.mode === 'tool' ? 0.5 : 1),
      'its automated reader',
    );
  },
};

/** The same notes in other languages: "Anweisung für den KI-Assistenten", "mensaje para la IA". */
const FOREIGN_NOTE = [
  String.raw`(?:anweisung(?:en)?|hinweis|nachricht|notiz|befehl)\s+(?:an|für)\s+(?:den\s+|die\s+|das\s+|alle\s+)?(?:ki\b|ki-\w+|assistent\w*|sprachmodell\w*)`,
  String.raw`(?:hallo|hey|liebe[rs]?)\s+(?:ki\b|ki-\w+|assistent\w*)\s*[,:!]`,
  String.raw`(?:hola|querid[oa]|estimad[oa]|bonjour|salut|cher|chère|ciao|car[oa]|ol[aá]|oi|ei|atenç[aã]o|atención|attenzione)\s*,?\s+(?:ia\b|asistente|assistant|assistente|agente|agent|modelo|modèle|modello|rob[oô]t?|bot)\b[^\n,:!]{0,40}[,:!]`,
  // Dutch: "Let op, assistent:", "Beste AI-assistent,", "Let op, digitale assistent die dit leest:",
  // "bericht voor de assistent".
  String.raw`(?:hallo|hoi|beste|let\s+op)\s*,?\s+(?:(?:de|het)\s+)?(?:(?:digitale|virtuele|slimme|automatische|lieve)\s+)?(?:ai-)?(?:assistent|agent|bot|taalmodel)\w*(?:\s+die\s+(?:dit|deze\s+\w+)\s+(?:leest|verwerkt|samenvat|bekijkt|beantwoordt|doorneemt))?\s*[,:!]`,
  String.raw`(?:instructies?|bericht|notitie|opmerking)\s+(?:voor|aan)\s+(?:de\s+|het\s+|alle\s+)?(?:ai\b|ai-\w+|assistent\w*|taalmodel\w*|agent)`,
  String.raw`(?:instructions?|message|note|consignes?)\s+(?:pour|à)\s+(?:l['’]|la\s+|le\s+|les\s+)?(?:ia\b|intelligence\s+artificielle|assistante?(?:\s+ia)?|agent(?:\s+ia)?|modèle)`,
  String.raw`(?:instrucci[oó]n(?:es)?|mensaje|nota)\s+para\s+(?:el\s+|la\s+|los\s+)?(?:ia\b|asistente(?:\s+de\s+ia)?|agente|modelo)`,
  String.raw`(?:istruzion[ei]|messaggio|nota|avviso)\s+per\s+(?:l['’]|il\s+|la\s+|i\s+|gli\s+|le\s+)?(?:ia\b|assistent[ei]|agent[ei]|modell[oi]|intelligenz[ae]\s+artificial[ei]|sistemi\s+di\s+(?:ia|intelligenza))`,
  String.raw`(?:instruç(?:ão|ões)|mensagem|nota)\s+para\s+(?:o\s+|a\s+)?(?:ia\b|assistente|agente|modelo)`,
  // Polish: "Drogi asystencie,", "Uwaga dla asystenta AI, …:".
  String.raw`(?:drog[ia]|szanown[ya]|hej|cześć)\s*,?\s+(?:asystenci[ea]|agenci[ea]|modelu|ai\b|si\b)`,
  String.raw`(?:uwaga|wiadomość|notatka|instrukcj[ae]|polecenie|informacja|prośba)\s+(?:dla|do)\s+(?:\S+\s+)?(?:asystent\S*|agent\S*|model\S*|ai\b|si\b)`,
].map((s) => sticky(s));

/**
 * The words each of `FOREIGN_NOTE` starts with, in its order (`leads.ts`): ASCII only, cut before
 * a letter past it, whose case the expressions and the keys' lower case may fold apart.
 */
const NOTE_LEADS = [
  ['anweisung', 'hinweis', 'nachricht', 'notiz', 'befehl'],
  ['hallo', 'hey', 'liebe'],
  'hola querid estimad bonjour salut ch ciao car ol oi ei aten attenzione'.split(' '),
  ['hallo', 'hoi', 'beste', 'let op'],
  ['instructie', 'bericht', 'notitie', 'opmerking'],
  ['instruction', 'message', 'note', 'consigne'],
  ['instrucci', 'mensaje', 'nota'],
  ['istruzion', 'messaggio', 'nota', 'avviso'],
  ['instru', 'mensagem', 'nota'],
  ['drog', 'szanown', 'hej', 'cze'],
  ['uwaga', 'wiadomo', 'notatka', 'instrukcj', 'polecenie', 'informacja', 'pro'],
];

/**
 * Notes that open with "for"/"to" and the model, in other languages, at the start of a line or
 * sentence and closed by a colon (at most a clause after the name): "Für KI-Codeassistenten:",
 * "Dla asystenta AI, który czyta tę wiadomość:", "Till den AI-assistent som läser detta:",
 * "Для ИИ-ассистента, обрабатывающего почту:". Inside a sentence, or without the colon, the same
 * words talk about an AI ("Инструменты для ИИ: обзор", "tools for AI assistants, which …").
 */
const FOREIGN_FOR = [
  String.raw`für\s+(?:den\s+|die\s+|alle\s+|jeden\s+|jede\s+)?(?:ki|ai)-\w+`,
  String.raw`dla\s+(?:(?:wszystkich|każdego|tego)\s+)?(?:asystent\S*|agent\S*|model\S*|ai|si)(?:[^\S\n]+(?:ai|si)\b)?`,
  String.raw`(?:till|til)\s+(?:den\s+|alla\s+|dig\s+|deg\s+)?(?:ai|ki)[-\s]?(?:assistent|agent|modell?|bot)\w*`,
].map((s) => sticky(`${s}[^\\n:.!?]{0,60}:`));
/**
 * Russian, read at a Cyrillic word's first letter (only those that start one of these):
 * "Сообщение для ИИ:", "Примечание для ИИ-агентов:", and "Для ИИ-ассистента, …:" opening a
 * line or sentence.
 */
const RUSSIAN_NOTE = sticky(
  String.raw`(?:инструкци[яи]|сообщение|заметка|указани[ея]|примечание|обращение|памятка|просьба)\s+(?:для|к)\s+(?:ии(?![\u0400-\u04ff])|ии-\S+|ассистент\S*|агент\S*|модел\S*|бот\S*|нейросет\S*)`,
);
const RUSSIAN_FOR = sticky(
  String.raw`(?:для|к)\s+(?:всех\s+)?(?:ии|ai)(?:-[\u0400-\u04ff\w]+)?[^\n:.!?]{0,60}:`,
);
const RUSSIAN_FIRST = /[иИсСзЗуУпПоОдДкК]/;
/** At the start of a line or sentence (`before` starts the text itself with a newline). */
const OPENS_NOTE = /[\n.!?>\]*#—–([-]\s*$/;
/** Or after a word that names the note ("Uwaga dla …", "Примечание для …", "Hinweis für …"). */
const NOTE_WORD =
  /[\n.!?>\]*#—–([-]\s*(?:uwaga|notatka|wiadomość|informacja|hinweis|notiz|nachricht|achtung|примечание|заметка|сообщение|обращение|внимание|памятка|obs|notera|meddelande|not|notu|mesaj|dikkat)\s*[,:]?\s+$/i;
/**
 * Turkish: "Bu e-postayı okuyan yapay zeka asistanı:", "Sevgili yapay zeka,": the assistant named
 * with what it is reading, or greeted, or named and followed by a colon.
 */
const TURKISH = sticky(String.raw`yapay\s+zek[aâ](\s+(?:asistan|ajan|model|sistem)\w*)?`);
const TURKISH_READING = /(?:okuyan|işleyen|özetleyen|inceleyen)\s+$/i;
const TURKISH_GREETING = /(?:sevgili|sayın|değerli|merhaba|selam)\s*,?\s+$/i;
/** Arabic: "إلى المساعد الذكي الذي يقرأ هذه الرسالة:", "إلى نموذج الذكاء الاصطناعي:". */
const ARABIC = sticky(
  String.raw`إلى\s*(?:ال)?(?:مساعد|وكيل|نموذج|روبوت)(?:\s+(?:ال)?(?:ذكي|آلي|الذكاء\s+الاصطناعي|ذكاء\s+اصطناعي))?[^\n:]{0,50}:`,
);
/**
 * Chinese and Japanese: "致阅读本邮件的智能助手：", "给购物助手的说明：", "AIアシスタントへ：",
 * "【自動化エージェント向け】" — a name of the model after 致/给 or before へ/向け, closed as a note.
 */
const CJK_NOTE =
  /(?:给|致)\s*(?:AI|人工智能|助手|模型|大模型)|(?:给|致)[^\n。，,：:]{0,12}?(?:AI|人工智能|助手|模型|智能体|代理)(?:[的之](?:说明|指示|提示|须知|注意事项|消息|留言))?\s*[：:]|(?:アシスタント|エージェント|AI|ＡＩ|モデル|ボット)(?:の皆様|の皆さん|各位)?(?:へ|向け)\s*[：:】」]/;

const isLetter = (c: number): boolean =>
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0xc0 && c <= 0x24f) ||
  (c >= 0x0400 && c <= 0x04ff);

function note(ctx: Ctx, start: number, end: number): void {
  ctx.add(
    'addressed-to-model',
    start,
    end,
    0.5 * aboutAttacks(ctx.text, start),
    `text leaves a note for the model: ${excerpt(ctx.text, start, end)}`,
  );
}

/**
 * Verbs an order to the model starts with right after a note in German, French, Spanish,
 * Italian, Dutch or Portuguese ("…: überweise", "…: transférez", "…: reenvía", "…: inoltra",
 * "…: betaal", "…: encaminhe"), imperative or infinitive, maybe after "please".
 */
const FOREIGN_VERBS = [
  'überweise|überweisen|leite|leiten|sende|senden|schicke|schicken|lösche|löschen|hinterlege|hinterlegen|ändere|ändern|trage|tragen|füge|fügen|gib|geben|öffne|öffnen|klicke|klicken|melde|melden|lade|laden|kopiere|kopieren|exportiere|exportieren|bestätige|bestätigen|buche|buchen|kaufe|kaufen|bestelle|bestellen|erstelle|erstellen|antworte|antworten|teile|teilen|zahle|zahlen|ignoriere|ignorieren|vergiss|entferne|entfernen|veröffentliche',
  'transf[èe]re[zr]?|transférez|envoie[zr]?|envoyez|envoyer|supprime[zr]?|efface[zr]?|connecte[zr]?|connectez-vous|rendez-vous|clique[zr]?|ouvre[zr]?|ouvrez|visite[zr]?|r[ée]ponds|r[ée]pondez|partage[zr]?|ajoute[zr]?|modifie[zr]?|transmets|transmettez|copie[zr]?|exporte[zr]?|r[ée]serve[zr]?|ach[èe]te[zr]?|achetez|commande[zr]?|valide[zr]?|indique[zr]?|recommande[zr]?|paie[zr]?|payez|payer|vire[zr]?|ignore[zr]?|oublie[zr]?',
  'reenv[ií]a|env[ií]a|env[ií]e|enviar|reenviar|transfiere|transfiera|transferir|pague|pagar|borra|borre|borrar|elimine|eliminar|mande|mandar|haz|haga|abra|responde|responda|comparte|comparta|a[ñn]ade|agrega|cambia|cambie|exporta|reserva|compra|registra|actualiza|introduce|inicia|confirma|recomienda|olvida',
  'inoltra|invia|inviate|trasferisci|paga|pagate|cancella|cancellate|elimina|eliminate|apri|visita|rispondi|condividi|aggiungi|modifica|copia|esporta|prenota|acquista|aggiorna|inserisci|accedi|conferma|consiglia|raccomanda|manda|ignora|dimentica|bonifica',
  'stuur|verstuur|betaal|maak|verwijder|wis|bezoek|klik|beantwoord|deel|voeg|wijzig|verander|kopieer|exporteer|boek|koop|bestel|registreer|bevestig|negeer|vergeet|geef',
  'envie|encaminhe|encaminha|transfira|pague|apague|apaga|exclua|visite|compartilhe|partilhe|adicione|altere|mude|copie|exporte|compre|registre|atualize|insira|acesse|confirme|recomende|esque[çc]a',
].join('|');
const FOREIGN_ORDER = new RegExp(
  String.raw`^[\s:,!—–-]{0,6}(?:(?:bitte|por\s+favor|s['’]il\s+vous\s+pla[iî]t|per\s+favore|alsjeblieft|graag|veuillez|merci\s+de|kindly)[\s,]+)?(?:${FOREIGN_VERBS})(?![\wäöüßàâçéèêëîïôûùáíóúñ])`,
  'i',
);

/**
 * The order that opens what follows a note to the model starting at `at`, from `from`: in one of
 * those languages, else in English (`followOrder`), weighed by how far the text writes about attacks.
 */
function orderAfterNote(ctx: Ctx, at: number, from: number): void {
  const weight = aboutAttacks(ctx.text, at);
  if (!foreignOrder(ctx, from, weight)) followOrder(ctx, from, weight);
}

/** The order in one of those languages that opens what follows a note, as its own signal. */
function foreignOrder(ctx: Ctx, from: number, weight: number): boolean {
  const m = FOREIGN_ORDER.exec(ctx.text.slice(from, from + 96));
  if (m === null) return false;
  // The order starts after the punctuation and spaces that lead to it.
  const start = from + (/^[\s:,!—–-]*/.exec(m[0])?.[0].length ?? 0);
  const stop = from + m[0].length;
  ctx.add(
    'directive',
    start,
    stop,
    0.3 * weight,
    `gives the model an order: ${excerpt(ctx.text, start, stop + 40)}`,
  );
  return true;
}

/** `re`'s match at `at` when it opens a line or sentence, or follows a note word. */
function openingNote(re: RegExp, text: string, at: number): RegExpExecArray | null {
  const m = matchAt(re, text, at);
  return m !== null && (OPENS_NOTE.test(before(text, at, 4)) || NOTE_WORD.test(before(text, at, 24)))
    ? m
    : null;
}

/** Past the "s" of a plural at `i`, if there is one. */
const pastS = (text: string, i: number): number => ((text.charCodeAt(i) | 0x20) === 0x73 ? i + 1 : i);

/** Whether whitespace and then "pour" or "à" (in either case) follow `end`, as after the French note's noun. */
function frenchNext(text: string, end: number): boolean {
  let i = end;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const c = text.charCodeAt(i) | 0x20;
  return i > end && (c === 0x70 || c === 0xe0);
}

/** Which of `FOREIGN_NOTE` can match at a trigger word: "instruction" tries the French note alone. */
const MAY_NOTE = byLead(FOREIGN_NOTE.map((re, i) => ({ re, leads: NOTE_LEADS[i]! })));

/**
 * Where a note to the model in Latin script that starts at `at` ends (`at`: none). The trigger
 * word ends at `end`.
 */
function noteEnd(text: string, at: number, end: number, key: string): number {
  // "message", "note" and "instruction" open only the French note ("message pour l'IA",
  // "instructions pour l'IA"; the Portuguese "instruç…" and Spanish "instrucci…" part from it), and
  // only before "pour" or "à": nearly all of them are English.
  if (fastPaths.on && (key === 'message' || key === 'note') && !frenchNext(text, end)) return at;
  if (fastPaths.on && key === 'instruction' && !frenchNext(text, pastS(text, end))) return at;
  const may = MAY_NOTE(key);
  for (let i = 0; i < FOREIGN_NOTE.length; i++) {
    const m = (may >> i) & 1 ? matchAt(FOREIGN_NOTE[i]!, text, at) : null;
    if (m !== null) return at + m[0].length;
  }
  for (const re of FOREIGN_FOR) {
    const m = openingNote(re, text, at);
    if (m !== null) return at + m[0].length;
  }
  const m = matchAt(TURKISH, text, at);
  if (m === null) return at;
  const left = before(text, at, 16);
  const named = m[1] !== undefined;
  const colon = text.charCodeAt(at + m[0].length) === 0x3a;
  return TURKISH_GREETING.test(left) || (named && (colon || TURKISH_READING.test(left)))
    ? at + m[0].length
    : at;
}

/**
 * Where a Russian note to the model that starts at `at` ends (`at`: none). Cyrillic triggers at
 * every letter; only a word's first one, and one that can start a note, is read further.
 */
function russianNoteEnd(text: string, at: number): number {
  if ((at > 0 && isLetter(text.charCodeAt(at - 1))) || !RUSSIAN_FIRST.test(text.charAt(at))) return at;
  const m = matchAt(RUSSIAN_NOTE, text, at) ?? openingNote(RUSSIAN_FOR, text, at);
  return m === null ? at : at + m[0].length;
}

/** An Arabic note to the model opening with إلى at `at`; returns the word's end. */
function arabicNote(ctx: Ctx, at: number): number {
  const { text } = ctx;
  let end = at;
  while (end < text.length && text.charCodeAt(end) >= 0x0600 && text.charCodeAt(end) <= 0x06ff) end++;
  const prev = at > 0 ? text.charCodeAt(at - 1) : 0x0a;
  if (prev >= 0x0600 && prev <= 0x06ff) return end;
  const m = matchAt(ARABIC, text, at);
  if (m !== null && OPENS_NOTE.test(before(text, at, 24))) note(ctx, at, at + m[0].length);
  return end;
}

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
    'note$',
    'message$',
    'istruzion',
    'messaggio',
    'instruç',
    'mensagem',
    'hola',
    'querid',
    'estimad',
    'bonjour',
    'salut',
    'cher',
    'ciao',
    'olá',
    'oi$',
    'ei$',
    'atenç',
    'atención',
    'attenzione',
    'avviso',
    'hoi$',
    'beste$',
    'let op',
    'bericht',
    'notitie',
    'opmerking',
    'instructie',
    'drog',
    'szanown',
    'hej$',
    'cześć',
    'uwaga',
    'wiadomość',
    'notatka',
    'instrukcj',
    'polecenie',
    'informacja',
    'prośba',
    'für$',
    'dla$',
    'till$',
    'til$',
    'yapay',
  ],
  // Cyrillic notes are found at their first letters, Arabic ones at إ (of إلى, "to": any Arabic
  // letter would stop the shared pass at every word of an Arabic text); a CJK run is searched whole.
  chars: String.raw`\u0400-\u04ff\u0625${CJK}`,
  check(ctx, at, end, key) {
    const { text } = ctx;
    if (text.charCodeAt(at) >= 0x3000) {
      // A CJK run: look for 给/致 + a name of the model anywhere in it.
      const stop = cjkRunEnd(text, at);
      // "AIアシスタントへ" starts with ASCII letters before the run; "致…的AI助手：" goes on after it.
      const m = CJK_NOTE.exec(text.slice(Math.max(0, at - 4), stop + 24));
      if (m !== null) {
        const start = Math.max(0, at - 4) + m.index;
        note(ctx, start, start + m[0].length);
      }
      return stop;
    }
    const c = text.charCodeAt(at);
    if (c === 0x0625) return arabicNote(ctx, at);
    const stop = c >= 0x0400 && c <= 0x04ff ? russianNoteEnd(text, at) : noteEnd(text, at, end, key);
    if (stop > at) {
      note(ctx, at, stop);
      orderAfterNote(ctx, at, stop);
    }
    return undefined;
  },
};

/**
 * Software named by what it does with this text, in other languages, closed by a colon: "Hinweis
 * für das E-Mail-Programm, das dieses Postfach verwaltet:", "Consigne pour l'outil qui lit cette
 * boîte :", "Istruzione per il sistema che gestisce la posta:", "Voor het programma dat deze
 * nieuwsbrief samenvat:", "Programa que lee los mensajes:". The English form is `WHOEVER` and the
 * reading clauses of address.ts; the names of the model in these languages are `FOREIGN_NOTE`.
 * Read at the relative pronoun (few trigger words: the shared word pass has little room left),
 * back to a machine noun and on to a verb of reading or handling and a colon.
 */
const FOREIGN_MACHINE = String.raw`(?:[\wäöüßàâçéèêëîïôûùáíóúñ]+-){0,3}(?:programm\w*|programa|programme|logiciel|software|werkzeug|tool|outil|herramienta|strumento|ferramenta|system|systeem|sistema|syst[èe]me|helfer|assistent\w*|asistente|assistente|assistant|agent\w*|bot|robot|rob[oô]|ki|ia|ai|anwendung|app|applicatie|aplicaci[oó]n|applicazione|aplicativo|aplica[cç][aã]o|modell\w*|modelo|mod[èe]le|modello)`;
/** The machine noun right before the pronoun, maybe with an adjective and a comma between. */
const FOREIGN_READER_LEFT = new RegExp(
  String.raw`(?:^|[^\w-])${FOREIGN_MACHINE}(?:\s+[\wäöüßàâçéèêëîïôûùáíóúñ'’-]+)?\s*,?\s+$`,
  'i',
);
/** Verbs of reading or handling mail, messages and documents, as the clause uses them. */
const FOREIGN_READS =
  '(?:liest|verwaltet|bearbeitet|zusammenfasst|verarbeitet|durchsucht|auswertet|sortiert|prüft|filtert|beantwortet|betreut|übersetzt|überwacht|organisiert|abruft|ausliest|analysiert|lit|g[èe]re|traite|r[ée]sume|parcourt|trie|filtre|analyse|surveille|consulte|organise|r[ée]pond|traduit|lira|lee|gestiona|procesa|resume|analiza|revisa|ordena|filtra|responde|traduce|organiza|clasifica|supervisa|consulta|examina|administra|maneja|legge|gestisce|elabora|riassume|analizza|controlla|risponde|organizza|classifica|esamina|sintetizza|smista|ordina|leest|beheert|verwerkt|samenvat|doorneemt|sorteert|controleert|beantwoordt|vertaalt|organiseert|bekijkt|analyseert|doorzoekt|lê|gerencia|gere|processa|analisa|verifica|traduz)';
/** From the pronoun: the clause with its verb, then the colon that opens what is said to it. */
const FOREIGN_READER_RIGHT = new RegExp(
  String.raw`^\s+(?:[^\n.!?:;]{0,50}?\s)?${FOREIGN_READS}(?![\wäöüßàâçéèêëîïôûùáíóúñ])[^\n.!?:;]{0,60}:`,
  'i',
);
/**
 * What it reads is this text or the user's mail, messages or files — "der das Rechnungen verwaltet :"
 * may label a product's feature, "qui lit cette boîte :" turns to its reader.
 */
const FOREIGN_READ_HERE =
  /\b(?:dies(?:e[smnr]?)?|cette|ce|ces|cet|est[ea]s?|estos|questo|questa|questi|queste|deze|dit|ist[ao])\b|(?:postfach|posteingang|nachricht|e-?mail|mail|brief|datei|dokument|bo[iî]te|courri|message|fichier|page|correo|mensaje|bandeja|archivo|p[aá]gina|posta|messagg|casella|documento|bericht|nieuwsbrief|inbox|mailbox|pagina|mensage|caixa|arquivo|calend|agenda|kalender)/i;

export const foreignReader: Rule = {
  // German, French, Spanish and Portuguese, Italian, Dutch relative pronouns.
  words: ['der$', 'die$', 'das$', 'welche$', 'welcher$', 'welches$', 'qui$', 'que$', 'che$', 'dat$'],
  check(ctx, at, end) {
    const { text } = ctx;
    // The clause and its colon first: most pronouns open none.
    const right = FOREIGN_READER_RIGHT.exec(text.slice(end, end + 140));
    if (right === null || !FOREIGN_READ_HERE.test(right[0])) return undefined;
    const left = FOREIGN_READER_LEFT.exec(before(text, at, 80));
    if (left === null) return undefined;
    const start = at - (left[0].length - (/^[^\w-]/.test(left[0]) ? 1 : 0));
    // The address up to its colon, without the space French puts before it.
    let stop = end + right[0].length - 1;
    while (stop > end && /\s/.test(text.charAt(stop - 1))) stop--;
    note(ctx, Math.max(0, start), stop);
    orderAfterNote(ctx, at, end + right[0].length);
    return undefined;
  },
};
