/**
 * The model addressed without its name or in other languages: "whoever is summarizing this",
 * "for automated systems only", "Anweisung für den KI-Assistenten", "给AI助手".
 */
import { before, CJK, cjkRunEnd, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { followOrder, MUST } from './address.js';
import { aboutAttacks } from './context.js';

/** Readers named by what they do, not what they are: "whoever is summarizing this". */
const WHOEVER = sticky(
  String.raw`(?:whoever|anyone|anybody|any(?:thing|\s+(?:system|tool|program|software|process|reader|crawler|scraper)))(?:\s*\([^)\n]{0,30}\))?\s+(?:who\s+|that\s+)?(?:is\s+|are\s+)?(?:reading|summari[sz]ing|processing|parsing|analy[sz]ing|scraping|crawling|indexing|ingesting|reads|summari[sz]es|processes|parses|analy[sz]es|scrapes|crawls|indexes|ingests|sees)\s+(?:this|these|the\s+(?:page|document|text|email|file))\b`,
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
  String.raw`(?:hola|querid[oa]|estimad[oa]|bonjour|salut|cher|chère|ciao|car[oa]|ol[aá]|oi|ei|atenç[aã]o|atención|attenzione)\s*,?\s+(?:ia\b|asistente|assistant|assistente|agente|agent|modelo|modèle|modello|rob[oô]t?|bot)\b[^\n,:!]{0,40}[,:!]`,
  // Dutch: "Let op, assistent:", "Beste AI-assistent,", "bericht voor de assistent".
  String.raw`(?:hallo|hoi|beste|let\s+op)\s*,?\s+(?:ai-)?(?:assistent|agent|bot|taalmodel)\w*\s*[,:!]`,
  String.raw`(?:instructies?|bericht|notitie|opmerking)\s+(?:voor|aan)\s+(?:de\s+|het\s+|alle\s+)?(?:ai\b|ai-\w+|assistent\w*|taalmodel\w*|agent)`,
  String.raw`(?:instructions?|message|note|consignes?)\s+(?:pour|à)\s+(?:l['’]|la\s+|le\s+|les\s+)?(?:ia\b|intelligence\s+artificielle|assistante?(?:\s+ia)?|agent(?:\s+ia)?|modèle)`,
  String.raw`(?:instrucci[oó]n(?:es)?|mensaje|nota)\s+para\s+(?:el\s+|la\s+|los\s+)?(?:ia\b|asistente(?:\s+de\s+ia)?|agente|modelo)`,
  String.raw`(?:istruzion[ei]|messaggio|nota|avviso)\s+per\s+(?:l['’]|il\s+|la\s+|i\s+|gli\s+|le\s+)?(?:ia\b|assistent[ei]|agent[ei]|modell[oi]|intelligenz[ae]\s+artificial[ei]|sistemi\s+di\s+(?:ia|intelligenza))`,
  String.raw`(?:instruç(?:ão|ões)|mensagem|nota)\s+para\s+(?:o\s+|a\s+)?(?:ia\b|assistente|agente|modelo)`,
  String.raw`(?:инструкци[яи]|сообщение|заметка|указани[ея])\s+для\s+(?:ии(?![\u0400-\u04ff])|ии-\S+|ассистента|модели|бота|нейросети)`,
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
  ],
  chars: CJK,
  check(ctx, at) {
    const { text } = ctx;
    if (text.charCodeAt(at) >= 0x3000) {
      // A CJK run: look for 给/致 + a name of the model anywhere in it.
      const stop = cjkRunEnd(text, at);
      const m = /(?:给|致)\s*(?:AI|人工智能|助手|模型|大模型)/.exec(text.slice(at, stop + 4));
      if (m !== null) {
        const start = at + m.index;
        const end = start + m[0].length;
        ctx.add(
          'addressed-to-model',
          start,
          end,
          0.5 * aboutAttacks(text, start),
          `text leaves a note for the model: ${excerpt(text, start, end)}`,
        );
      }
      return stop;
    }
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
