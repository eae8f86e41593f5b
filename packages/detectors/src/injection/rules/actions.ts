/**
 * Imperatives that would make an agent act: send something somewhere, pay, delete in bulk, visit a
 * link, call a named tool. Everyday language on their own (a bill says "please pay to IBAN …"),
 * so they score low and count when they sit next to stronger signals.
 */
import { hasDestination } from '../destination.js';
import { fastPaths } from '../fast-paths.js';
import { isImperativeBefore } from '../imperative.js';
import { BULK, MONEY, SENSITIVE } from '../lexicon.js';
import { endTest } from '../tail.js';
import { byLead } from './leads.js';

/** Secrets proper (not a document or a mailbox): what showing in an answer leaks. */
const SENSITIVE_SECRET =
  /\b(?:passwords?|passcodes?|pass\s?phrases?|security\s+codes?|verification\s+codes?|one[-\s]time\s+(?:codes?|passwords?)|credentials?|api[-\s_]?keys?|access\s+tokens?|secrets?|private\s+keys?|ssh\s+keys?|seed\s+phrases?|recovery\s+(?:codes?|phrases?)|credit\s+card\s+numbers?|cvv|social\s+security\s+numbers?|system\s+prompt)\b/i;

import { before, type Ctx, clause, excerpt, inForbiddenList, matchAt, type Rule, sticky } from '../rule.js';

const VERB = sticky(
  String.raw`(?:((?:re-?)?send(?:ing)?|e-?mail(?:ing)?|forward(?:ing)?|transfer(?:ring)?|wir(?:e|ing)|pay(?:ing)?|post(?:ing)?|upload(?:ing)?|shar(?:e|ing)|publish(?:ing)?|leak(?:ing)?|exfiltrat(?:e|ing)|bcc|submit(?:ting)?|concatenat(?:e|ing)|invit(?:e|ing)|dm|export(?:ing)?|mov(?:e|ing)|cop(?:y|ying)|past(?:e|ing)|dump(?:ing)?|sync(?:ing)?|sav(?:e|ing)|back\s+up|report(?:ing)?|grant(?:ing)?)|(delet(?:e|ing)|remov(?:e|ing)|eras(?:e|ing)|wip(?:e|ing)|destroy(?:ing)?|purg(?:e|ing))|(visit|open|click|navigate\s+to|go\s+to|browse\s+to))\s+(?=[\w'"“‘$@<(\[])`,
);
/** Things whose sending is a leak even without a secret in them: files, documents, records. */
const DOCUMENTS =
  /\b(?:files?|documents?|reports?|spreadsheets?|attachments?|folders?|drive|database|records|budget|contracts?|calendar|contacts?|notes|e-?mails?|messages|inbox|vault|repositor(?:y|ies))\b/i;
const COVER_TRACKS =
  /\b(?:you|we|i)\s+(?:have\s+|had\s+)?(?:just\s+)?(?:sent|created|made|did|wrote|forwarded)\b|\bsent\s+(?:e-?mails?|messages?)\b/i;
/** Standing exfiltration: a forwarding rule, a blind copy on every message. */
const STANDING = sticky(
  String.raw`(?:add|include|put|set\s+up|create|configure|enable|make)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:(?:mail|e-?mail|inbox|auto)[\s-]?)?(?:bcc|cc|forwarding(?:\s+rule)?|forward(?:ing)?\s+rule|rule\s+that\s+(?:sends|forwards|copies))\b`,
);
/** Taking over an account: its password, recovery address, second factor, payout details. */
const TAKEOVER = sticky(
  String.raw`(?:transfer|hand\s+over|give\s+away)\s+(?:the\s+)?(?:ownership|admin(?:istrator)?\s+rights|control)\s+of\b|(?:reset|change|update|set|replace|modify|switch|swap)\s+(?:the\s+)?(?:user['’]s\s+|their\s+|his\s+|her\s+|my\s+|your\s+|account\s+)?(?:payment\s+(?:card|method|details)|card\s+on\s+file|password|passcode|pin|e-?mail\s+address|recovery\s+(?:e-?mail|phone|address)|2fa|mfa|two-factor\s+\w+|security\s+(?:settings|questions?)|shipping\s+address|delivery\s+address|payout\s+account|bank\s+details|beneficiary)\s+(?:to|with|into)\s+\S`,
);
/** "Make an HTTP GET request to …": a request is a message out. */
const REQUEST = sticky(
  String.raw`(?:make|send|issue|perform|do|fire)\s+(?:an?\s+)?(?:https?|get|post|put|web|api|curl|fetch)\s+(?:get\s+|post\s+)?(?:request|call)\s+to\b`,
);
/** Fetching and running code. */
const EXECUTE =
  /^(?:download|fetch|get|curl|wget)\b[^.\n]{0,120}?\b(?:and|then)\s+(?:run|execute|install|open|launch)\s+(?:it|them|the\s+(?:file|script|installer|binary|program))\b|^curl\s[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:sh|bash|zsh|python3?)\b/i;

/** The words EXECUTE starts with (a clause that starts with another word does not match it). */
const FETCH = sticky(String.raw`(?:download|fetch|get|curl|wget)\b`);

/** "The bank will never ask you to share …": an order that is denied is no order. */
const DENIED = endTest(/\b(?:never|not|n['’]t(?!\s+forget)|no\s+one|nobody)\b[^.!?\n]{0,30}$/i);
/** Showing a secret in the answer leaks it to whoever reads the answer. */
/** The words SHOW starts with: its leads, and trigger words of the rule. */
const SHOW_WORDS = [
  'list',
  'show',
  'print',
  'display',
  'output',
  'reveal',
  'dump',
  'disclose',
  'read out',
  'tell me',
];
const SHOW = sticky(
  String.raw`(?:list|show|print|display|output|reveal|dump|disclose|read\s+out|tell\s+me)\s+(?=[\w'"“‘$@<(\[])`,
);

/** Which of `matched`'s expressions can match at a trigger word: "export" tries VERB alone. */
const MAY = byLead([
  { re: STANDING, leads: ['add', 'include', 'put', 'set up', 'create', 'configure', 'enable', 'make'] },
  {
    re: TAKEOVER,
    leads: [
      ...['transfer', 'hand over', 'give away', 'reset', 'change', 'update', 'set', 'replace'],
      ...['modify', 'switch', 'swap'],
    ],
  },
  { re: REQUEST, leads: ['make', 'send', 'issue', 'perform', 'do', 'fire'] },
  { re: FETCH, leads: ['download', 'fetch', 'get', 'curl', 'wget'] },
  {
    re: VERB,
    leads: [
      ...['send', 'resend', 're-send', 'email', 'e-mail', 'forward', 'transfer', 'wir', 'pay', 'post'],
      ...['upload', 'shar', 'publish', 'leak', 'exfiltrat', 'bcc', 'submit', 'concatenat', 'invit'],
      ...['dm', 'export', 'mov', 'cop', 'past', 'dump', 'sync', 'sav', 'back up', 'report', 'grant'],
      ...['delet', 'remov', 'eras', 'wip', 'destroy', 'purg'],
      ...['visit', 'open', 'click', 'navigate to', 'go to', 'browse to'],
    ],
  },
  { re: SHOW, leads: SHOW_WORDS },
]);

/** What `act` found at its word, before the words around it are read; `undefined`: nothing. */
type Matched =
  | { kind: 'standing' | 'takeover' | 'request' }
  | { kind: 'execute'; run: RegExpExecArray }
  | { kind: 'verb'; m: RegExpExecArray }
  | { kind: 'show' };

/**
 * The request `act` reads at `at`, if any: its sticky expressions tried at the word, in the order
 * `act` weighs them. Most trigger words ("add", "list", "update" in code and prose) match none, so
 * this runs before the costlier reading of the words before it.
 */
function matched(text: string, at: number, key: string, clauseAt: () => string): Matched | undefined {
  const may = MAY(key);
  if (may & 1 && matchAt(STANDING, text, at) !== null) return { kind: 'standing' };
  if (may & 2 && matchAt(TAKEOVER, text, at) !== null) return { kind: 'takeover' };
  if (may & 4 && matchAt(REQUEST, text, at) !== null) return { kind: 'request' };
  // Both branches of EXECUTE start at the clause's start (`at`) with one of its five words: the
  // clause is cut (a search over up to 300 characters) only after one of them.
  const run =
    may & 8 && (!fastPaths.on || matchAt(FETCH, text, at) !== null) ? EXECUTE.exec(clauseAt()) : null;
  if (run !== null) return { kind: 'execute', run };
  const m = may & 16 ? matchAt(VERB, text, at) : null;
  if (m !== null) return { kind: 'verb', m };
  return may & 32 && matchAt(SHOW, text, at) !== null ? { kind: 'show' } : undefined;
}

function act(ctx: Ctx, at: number, _end: number, key: string): undefined {
  const { text } = ctx;
  // The clause is read once something has matched at `at`; most calls end before that.
  let c: string | undefined;
  const clauseAt = (): string => (c ??= clause(text, at, 300));
  const found = matched(text, at, key, clauseAt);
  if (found === undefined) return undefined;
  if (!isImperativeBefore(text, at) || DENIED(before(text, at, 48)) || inForbiddenList(text, at))
    return undefined;
  let hasDest: boolean | undefined;
  const dest = (): boolean => (hasDest ??= hasDestination(clauseAt()));
  const add = (rule: string, score: number, what: string): undefined => {
    const end = at + clauseAt().length;
    ctx.add(rule, at, end, score, `${what}: ${excerpt(text, at, end)}`);
  };
  switch (found.kind) {
    case 'standing':
      return add('exfil-request', 0.4, 'sets up a standing copy of mail');
    case 'takeover':
      return add('account-takeover', 0.35, 'changes account credentials');
    case 'request':
      return add('exfil-request', 0.3, 'asks for a web request out');
    case 'execute':
      return add('code-execution', found.run[0].startsWith('curl') ? 0.2 : 0.35, 'asks to run code');
    case 'show':
      if (SENSITIVE_SECRET.test(clauseAt())) add('exfil-request', 0.3, 'asks to show secrets');
      return undefined;
  }
  const m = found.m;
  const cl = clauseAt();
  if (m[1] !== undefined) {
    // Money first: an IBAN in a payment request is where the money goes, not what leaks.
    if (/^(?:pay|wir|transfer)/i.test(m[1]) || MONEY.test(cl))
      add('payment-request', dest() ? 0.3 : 0.2, 'asks for a payment');
    else if (SENSITIVE.test(cl)) add('exfil-request', dest() ? 0.4 : 0.3, 'asks to send private data');
    else if (dest() && DOCUMENTS.test(cl.slice(m[0].length)))
      add('exfil-request', 0.3, 'asks to send documents out');
    else if (dest()) add('action-request', 0.25, 'asks to send something');
  } else if (m[2] !== undefined) {
    if (COVER_TRACKS.test(cl)) add('concealment', 0.35, 'asks to delete what was just done');
    else if (BULK.test(cl)) add('destructive-request', 0.25, 'asks to delete in bulk');
  } else if (dest()) add('action-request', 0.15, 'asks to open a link');
  return undefined;
}

export const actionRequest: Rule = {
  nearWords: [
    'send',
    'resend',
    're-send',
    'email',
    'e-mail',
    'forward',
    'transfer',
    'wire',
    'wiring',
    'pay',
    'post',
    'upload',
    'share',
    'sharing',
    'publish',
    'leak',
    'exfiltrat',
    'bcc',
    'submit',
    'concatenat',
    'invit',
    'dm$',
    'export',
    'move',
    'moving',
    'copy',
    'copying',
    'paste',
    'pasting',
    'dump',
    'sync',
    'save',
    'saving',
    'back up',
    'report',
    'grant',
    'delet',
    'remov',
    'eras',
    'wipe',
    'wiping',
    'destroy',
    'purg',
    'visit',
    'open',
    'click',
    'navigate',
    'go to',
    'browse',
    'add',
    'include',
    'put',
    'set up',
    'create',
    'configure',
    'enable',
    'make',
    'issue',
    'perform',
    'fire',
    'reset',
    'change',
    'update',
    'set$',
    'replace',
    'modify',
    'download',
    ...SHOW_WORDS,
    'switch',
    'swap',
    'fetch',
    'get$',
    'curl',
    'wget',
  ],
  check: act,
};
