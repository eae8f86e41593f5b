/**
 * Word classes the injection grammars are built from (regular-expression sources). A rule is a
 * small grammar over these classes — verb class × filler × object class — so that it matches
 * rephrasings, not one list of sentences. Every quantifier is bounded, so each check costs at most
 * a few hundred steps wherever it starts.
 */

/** Between two words: spaces, newlines and the markdown or quote marks that obfuscation pads with. */
export const GAP = String.raw`[\s*_~"'\`]{1,16}`;

/** Names of AI systems that are never a person's role or a product's part. */
export const MODEL_AI = String.raw`(?:ai\s+(?:assistants?|agents?|models?|systems?|readers?|pair\s+programmers?)|a\.i\.|ai|llms?|gpt(?:-?\d[\w.]*)?|chat\s?gpt|claude|gemini|copilot|llama(?:[\s-]?\d[\w.]*)?|mistral|chatbots?|(?:large\s+)?language\s+models?)`;
/** Words that name the model when the context says so (a travel agent is an agent too). */
export const MODEL_GENERIC = '(?:assistants?|agents?|models?|bots?|summari[sz]ers?|classifiers?)';
/** Any name of the model; the rule decides how much a generic one counts. */
export const MODEL = `(?:${MODEL_AI}|${MODEL_GENERIC})`;
export const MODEL_AI_RE = new RegExp(`^${MODEL_AI}$`, 'i');

/** Verbs that make data leave: the core of exfiltration and action requests. */
export const SEND_VERB =
  '(?:send|e-?mail|forward|transfer|wire|pay|post|upload|share|publish|leak|exfiltrate|bcc|cc|submit|dm|text|message|tweet|copy|append|include|concatenate|invite)';

/**
 * What precedes an imperative: the start of a line or sentence, a politeness or sequencing word,
 * or a modal aimed at the reader ("you must", "make sure to").
 */
/** "… wants you to", "I authorize you to": an order handed to the reader by someone else. */
export const YOU_TO = String.raw`(?:(?:want|need|ask|require|expect|authori[sz]e|instruct|order|allow|permit|tell)s?|told|asked|wanted|needed|authori[sz]ed|instructed|ordered|allowed|permitted|required|expected)\s+you\s+to`;

export const IMPERATIVE_LEFT =
  /(?:[\n.!?;:,>\])*•\-–—→]\s*|[\s([:]["'“‘]\s*|\b(?:please|kindly|now|then|also|first|immediately|and|just|finally|next|afterwards|urgently|quickly|simply|instead,?|you\s+(?:must|should|need\s+to|have\s+to|are\s+to|will|shall|can|may)|make\s+sure\s+(?:to|you)|be\s+sure\s+to|remember\s+to|don'?t\s+forget\s+to|go\s+ahead\s+and|(?:(?:want|need|ask|require|expect|authori[sz]e|instruct|order|allow|permit|tell)s?|told|asked|wanted|needed|authori[sz]ed|instructed|ordered|allowed|permitted|required|expected)\s+you\s+to|i'?d\s+like\s+you\s+to|can\s+you|could\s+you|would\s+you|todo:|to-do:)\s+)$/i;

/** Where data can go: an e-mail address, an IBAN, a URL or web host, a phone number. */
export const DESTINATION =
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b|https?:\/\/\S|\b[wW]{3}\.[\w-]+\.\w|\b[\w-]+\.(?:com|net|org|io|co|ru|cn|xyz|info|biz|site|online|top|app|dev|me|ly|tk)\b|\+\d[\d\s().-]{7,}\d|\bbc1[02-9ac-hj-np-z]{25,59}\b|\b[13][1-9A-HJ-NP-Za-km-z]{25,34}\b|\b0x[a-fA-F0-9]{40}\b/;

/**
 * What an attacker wants out: credentials, identity documents, whole mailboxes, the conversation.
 * The phrases are grouped by their first letter ("p(?:asswords?|rivate\s+keys?|…)"): at each
 * position the engine tries one group per letter instead of every phrase, which makes the test a
 * quarter faster on the action rule's clauses (only `.test` reads it; the tests hold it equal to
 * the plain list of phrases).
 */
export const SENSITIVE = new RegExp(
  String.raw`\b(?:${[
    String.raw`p(?:asswords?|asscodes?|ass\s?phrases?|rivate\s+keys?|assports?|ersonal\s+(?:data|information|details|info)|hone\s+numbers?)`,
    String.raw`s(?:ecurity\s+codes?|ecrets?|sh\s+keys?|eed\s+phrases?|ocial\s+security|sn|ystem\s+prompt|ign-?in\s+details)`,
    String.raw`verification\s+codes?`,
    '2fa',
    String.raw`o(?:tp|ne[-\s]time\s+(?:codes?|passwords?))`,
    String.raw`c(?:redentials?|redit\s+cards?|ard\s+numbers?|vv|onversation|ontents?\s+of)`,
    String.raw`a(?:pi[-\s_]?keys?|ccess\s+tokens?|ccount\s+numbers?|ddress\s+book)`,
    String.raw`recovery\s+(?:codes?|phrases?)`,
    String.raw`b(?:ank\s+accounts?|ody\s+of)`,
    String.raw`i(?:bans?|d\s+numbers?)`,
    String.raw`(?:all|every|each)\s+(?:(?:the|my|your|of|single)\s+){0,3}(?:unread\s+|received\s+|sent\s+|recent\s+|private\s+)?(?:messages|emails|e-mails|mails|files|contacts|documents|data|information|conversations|chats|notes|transactions|records|attachments)`,
    String.raw`(?:entire|whole|full|complete)\s+(?:conversation|chat|history|inbox|mailbox|drive)`,
    String.raw`(?:chat|conversation|browsing|search)\s+history`,
    String.raw`u(?:ser(?:'s)?\s+(?:information|data|details|info)|nread\s+e-?mails)`,
    String.raw`e-?mail\s+address(?:es)?`,
    String.raw`log-?in(?:\s+(?:details|credentials|info))?`,
    String.raw`home\s+address`,
    String.raw`gift\s+cards?`,
    String.raw`(?:backup|access|the)\s+codes`,
  ].join('|')})\b`,
  'i',
);

/** Money leaving. */
export const MONEY =
  /[$€£]\s?\d|\d[\d,.]*\s?(?:(?:usd|eur|gbp|chf|dollars?|euros?|pounds?|btc|eth)\b|[$€£])|\b(?:money|funds|payments?|transactions?|amount|balance|bitcoin|crypto|refunds?)\b/i;

/** The whole of something (what a destructive request wipes). */
export const BULK = /\b(?:all|every|each|entire|whole|everything|as\s+much\s+as)\b/i;
