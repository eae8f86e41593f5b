/**
 * Fake conversation structure inside data: chat-template tokens (`<|im_start|>system`, `[INST]`,
 * `<<SYS>>`), role labels at a line start (`SYSTEM:`, `### Instruction:`, `Assistant:`), and
 * XML-ish tags that frame text as instructions (`<system>`, `<IMPORTANT>`, `<INFORMATION>`).
 */
import { fastPaths } from '../fast-paths.js';
import { NEWLINES } from '../positions.js';
import { before, type Ctx, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { followOrder } from './address.js';
import { inCodeBlock, promptDocs, voice } from './context.js';

/** Writing about chat templates (tokenizer docs, model cards) shows the tokens without using them. */
const TEMPLATE_TALK = /template|tokeni[sz]er|special\s+tokens?|chatml|prompt\s+format|jinja/i;

const TOKEN = sticky(String.raw`<\|\s*([a-z][a-z_]{1,23})\s*\|>`);
/** The same HTML-escaped, as a page's text shows it: `&lt;|user|&gt;`. */
const ESCAPED_TOKEN = sticky(String.raw`&lt;\|\s*([a-z][a-z_]{1,23})\s*\|&gt;`);
const KNOWN_TOKEN =
  /^(?:im_start|im_end|im_sep|system|user|assistant|endoftext|begin_of_text|end_of_text|start_header_id|end_header_id|eot_id|eom_id|end|tool|ipython|channel|message|start|return|call|constrain)$/;
/** After a token: it is the item of a list or the end of a sentence, not the start of a turn. */
const NAMED = /^[ \t]*(?:[.,;)]|(?:and|or|tokens?|markers?|tags?)\b)/i;
const BRACKET_TOKEN = sticky(String.raw`\[\/?inst\]|<<\/?sys>>|<(?:start|end)_of_turn>|<im_(?:start|end)>`);

export const chatTokens: Rule = {
  symbols: [
    '<|',
    '&lt;|',
    '[inst]',
    '[/inst]',
    '<<sys>>',
    '<</sys>>',
    '<start_of_turn>',
    '<end_of_turn>',
    '<im_start>',
    '<im_end>',
  ],
  check(ctx, at) {
    const { text } = ctx;
    const m =
      matchAt(TOKEN, text, at) ?? matchAt(ESCAPED_TOKEN, text, at) ?? matchAt(BRACKET_TOKEN, text, at);
    if (m === null) return undefined;
    const end = at + m[0].length;
    const name = m[1];
    let score = name === undefined || KNOWN_TOKEN.test(name) ? 0.65 : 0.35;
    if (/^\s*system\b/i.test(text.slice(end, end + 24)) || /sys/i.test(m[0])) score = 0.85;
    const talk = TEMPLATE_TALK.test(text.slice(Math.max(0, at - 400), at + 400)) || promptDocs(text, at);
    if (talk) score *= 0.5;
    // Named in a sentence, not used: "the [INST] and <<SYS>> markers", "… and <|eot_id|>.".
    if (NAMED.test(text.slice(end, end + 12))) score *= 0.5;
    // Shown in a code sample of a document about the format, or laid out line by line in one.
    else if (talk && (inCodeBlock(text, at) || /(?:^|\n)[ \t]*$/.test(before(text, at, 8)))) score *= 0.5;
    ctx.add('role-marker', at, end, score * voice(text, at), `chat-template token ${excerpt(text, at, end)}`);
    return end;
  },
};

const LABEL = sticky(
  String.raw`(system(?:[ _-](?:message|note|notice|prompt|instructions?|override|update|alert|directive|command|admin(?:istrator)?))?|developer(?:[ _-](?:message|note|mode|override|instructions?))?|admin(?:istrator)?(?:[ _-](?:message|note|notice|override|instructions?))?|operator|assistant|ai|chatgpt|gpt(?:-?\d[\w.]*)?|claude|human|user|instructions?|response)[ \t]*([\])}>|*]{0,3})[ \t]*(:|-{1,2}>|=>|—|–|→|\(#)?([ \t]*[-=*#~_]{2,}[ \t]*(?:\n|$))?`,
);
const DECORATION = /\n([ \t>#*[({=<|-]*)$/;
const DECORATION_CHARS = ' \t>#*[({=<|-';

/**
 * `DECORATION.test(before(text, at, 24))` read back from `at`: whether only decoration stands
 * between a line start (or the text's) and `at`, within 24 characters. Prose stops it at once.
 */
export function decorated(text: string, at: number): boolean {
  const from = at - 24;
  let i = at - 1;
  while (i >= 0 && i >= from && DECORATION_CHARS.includes(text.charAt(i))) i--;
  return i < 0 || (i >= from && text.charCodeAt(i) === 10);
}

const isLower = (c: number): boolean => c >= 97 && c <= 122;
const CUE =
  /\b(?:you\s+(?:must|should|shall|will|are\s+(?:now|to|required)|need\s+to|have\s+to|may\s+(?:not|only|now)|can(?:not|'t|\s+now)|now)|your\s+(?:new\s+|real\s+|actual\s+|only\s+|next\s+|current\s+|updated\s+)?(?:task|instructions?|role|goal|job|orders?|priority|directives?|mission|objective|purpose|rules?)|must|always|never|do\s+not|don'?t|ignore|instruct\w*|assistant|ai|model|agent|immediately|priority|override)\b/i;

/** What follows the label is an order to act on the user's data: "Delete the file …", "Send …". */
const ORDER =
  /^[ \t]*(?:delete|remove|erase|wipe|send|forward|transfer|wire|pay|share|invite|e-?mail|post|upload|export|copy|run|execute|install|visit|open|click|call|change|reset|grant|disable|book|buy|purchase|reveal|print|tell|reply|respond|ignore|forget|disregard)\b/i;

/** A line-start speaker label: "Anna Lee:", "CFO:", "Caller:". */
const SPEAKER = /^[ \t]*([A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){0,2})[ \t]*:/gm;
const ROLE_WORD =
  /^(?:system|developer|admin(?:istrator)?|operator|assistant|ai|chatgpt|gpt|claude|human|user|model|bot|agent|instructions?|response|note|important|warning|update)$/i;

/** Line-start labels of fields and sections, not of people: "Review:", "Notes:", "Subject:". */
const FIELD_WORD =
  /^(?:reviews?|notes?|examples?|summary|question|answer|input|output|status|date|time|subject|from|to|cc|re|title|description|result|error|warning|info|tip|details?|step(?: \d+)?|q|a|name|email|phone|address|total|amount|reference|location|category|priority|type|id)$/i;

/** The last text `amongPeople` read, and its answer: each "SYSTEM:" label of a chat log asks again. */
let speakers: { text: string; people: boolean } | undefined;

/**
 * "Operator:" or "SYSTEM:" beside at least two people speaking ("Anna Lee:", "CFO:") is the operator of a
 * conference call in a transcript or a chat log's notice ("SYSTEM: Chat started."), not the model's.
 */
function amongPeople(text: string): boolean {
  if (speakers === undefined || speakers.text !== text) speakers = { text, people: readPeople(text) };
  return speakers.people;
}

function readPeople(text: string): boolean {
  const people = new Set<string>();
  for (const m of text.matchAll(SPEAKER)) {
    const name = m[1] ?? '';
    if (!ROLE_WORD.test(name) && !FIELD_WORD.test(name)) people.add(name.toLowerCase());
    if (people.size >= 2) return true;
  }
  return false;
}

function label(ctx: Ctx, at: number): undefined {
  const { text } = ctx;
  // Most trigger words sit in a line of prose: no decoration before them and not shouted (a
  // lower-case letter among the label's first two), which `label` turns away below.
  if (
    fastPaths.on &&
    (isLower(text.charCodeAt(at)) || isLower(text.charCodeAt(at + 1))) &&
    !decorated(text, at)
  )
    return undefined;
  const m = matchAt(LABEL, text, at);
  if (m === null) return undefined;
  const word = (m[1] ?? '').toLowerCase();
  const closer = m[2] ?? '';
  const colon = m[3] !== undefined;
  const left = DECORATION.exec(before(text, at, 24));
  const decoration = left?.[1] ?? '';
  const raw = m[1] ?? '';
  const shouted = raw.length > 1 && raw === raw.toUpperCase();
  if (left === null && !(shouted && colon)) return undefined;
  // "{system_prompt}", "{system}": a template's slot for the system prompt, not a turn.
  if (decoration.endsWith('{') && closer.startsWith('}') && !shouted) return undefined;
  const bracketed = /[[({<]/.test(decoration) && closer !== '';
  // "--- system ---", "=== SYSTEM ===": a rule line on both sides makes a heading of it.
  const ruled = m[4] !== undefined && /[-=*#~_]{2,}/.test(decoration);
  const heading = decoration.includes('#') || ruled;
  // "System>" reads as a console prompt: a label as much as "System:" is.
  const prompt = closer === '>' && (left !== null || shouted);
  if (!colon && !bracketed && !ruled && !prompt) return undefined;
  const end = at + m[0].length;
  const rest = text.slice(end, end + 200);
  let score = 0;
  if (/^(?:system|developer|admin|operator)/.test(word)) {
    score = /override|alert|update|admin/.test(word.slice(6)) ? 0.55 : 0.4;
    // Set off ("[SYSTEM]", "SYSTEM:", "### System") it reads more like a turn — when what follows
    // speaks to the model; a log's "[SYSTEM] Disk usage at 85%" is set off just as much.
    // What the turn says: its own line, or the next one when the label stands alone on its line
    // ("SYSTEM: Chat started." over "Lucy K.: How can I help?" says nothing to the model).
    const turn = rest.replace(/^[ \t]*\n/, '').split('\n', 1)[0]!;
    const cue = CUE.test(turn) || ORDER.test(turn);
    if (cue && (bracketed || heading || shouted)) score += 0.1;
    if (cue) score += 0.2;
    // "Operator:" or "SYSTEM:" beside people speaking: a call's operator, a chat log's notices.
    if (colon && amongPeople(text)) score *= 0.3;
  } else if (/^(?:assistant|ai|chatgpt|gpt|claude)/.test(word)) score = 0.35;
  // "[assistant](#inner_monologue)", "[system](#error_state)": Bing-chat style turn markers.
  if (m[3] === '(#') score += 0.2;
  else if (word === 'human') score = 0.3;
  else if (word === 'user') score = 0.15;
  else if (heading && colon) score = word.startsWith('instruction') ? 0.45 : 0.3;
  if (glossary(m[3] ?? '', decoration, rest) || configKey(text, at, raw, rest)) score *= 0.3;
  else if (inCodeBlock(text, at) && promptDocs(text, at)) score *= 0.5;
  ctx.add(
    'role-marker',
    at,
    end,
    score * voice(text, at),
    `role label ${excerpt(text, at, end)} inside the text`,
  );
  return undefined;
}

/** "- system — sets behaviour for …": a bulleted definition of a role, not a turn. */
function glossary(separator: string, decoration: string, rest: string): boolean {
  return /^[—–-]/.test(separator) && /[-*•]/.test(decoration) && /^[ \t]*[a-z]/.test(rest);
}

/** A key with a short value, a block or nothing after it: `model: gpt-4o`, `prompt: |`, `tools:`. */
const CONFIG_LINE =
  /^[ \t]*-?[ \t]*[a-z_][\w.-]*:[ \t]*(?:[|>][-+]?|"[^"\n]*"|'[^'\n]*'|[^\s]{1,40})?[ \t]*$/;

/**
 * `system_prompt: |` among `model:` and `temperature:` lines is a key of a configuration file (a
 * bot's own settings), not a role label: lower-case, a snake-case name or a block or quoted value,
 * and a neighbouring line that is a key too.
 */
function configKey(text: string, at: number, raw: string, rest: string): boolean {
  if (raw !== raw.toLowerCase()) return false;
  if (!/[_-]/.test(raw) && !/^[ \t]*(?:[|>][-+]?|"|'|)[ \t]*(?:\n|$)/.test(rest)) return false;
  const lineStart = NEWLINES.last(text, at - 1) + 1;
  const prevStart = lineStart === 0 ? -1 : NEWLINES.last(text, lineStart - 2) + 1;
  const prev = prevStart < 0 ? '' : text.slice(prevStart, lineStart - 1);
  const lineEnd = NEWLINES.next(text, at);
  const nextEnd = lineEnd < 0 ? -1 : NEWLINES.next(text, lineEnd + 1);
  const next = lineEnd < 0 ? '' : text.slice(lineEnd + 1, nextEnd < 0 ? text.length : nextEnd);
  return CONFIG_LINE.test(prev) || CONFIG_LINE.test(next);
}

const TAG = sticky(
  String.raw`(system(?:[_-]?(?:prompt|message|instructions?|note|override|update))?|instructions?|important|information|admin(?:istrator)?|developer|assistant|human|user|ai|secret|hidden|urgent|override|tool_calls?|function_calls?|invoke)\b[^<>\n]{0,80}>`,
);
/** Data-mode and tool-mode scores of a tag name. */
function tagScore(name: string, mode: Ctx['mode']): number {
  const tool = mode === 'tool';
  if (name.startsWith('system')) return tool ? 0.6 : 0.55;
  if (name.startsWith('instruction')) return tool ? 0.55 : 0.45;
  if (name === 'important') return tool ? 0.6 : 0.45;
  if (name === 'information') return tool ? 0.45 : 0.35;
  if (name.startsWith('admin') || name === 'developer') return tool ? 0.5 : 0.45;
  if (/^(?:secret|hidden|urgent|override)$/.test(name)) return tool ? 0.45 : 0.35;
  if (name === 'assistant' || name === 'ai') return 0.3;
  if (name === 'human' || name === 'user') return 0.15;
  return tool ? 0.3 : 0.45;
}

function tag(ctx: Ctx, at: number, key: string): undefined {
  const { text } = ctx;
  let open = at;
  let nameAt = at;
  if (key.startsWith('<')) nameAt = at + (key.startsWith('</') ? 2 : 1);
  else if (text.charCodeAt(at - 1) === 60) open = at - 1;
  else if (text.charCodeAt(at - 1) === 47 && text.charCodeAt(at - 2) === 60) open = at - 2;
  else return undefined;
  const m = matchAt(TAG, text, nameAt);
  if (m === null) return undefined;
  const end = nameAt + m[0].length;
  const name = (m[1] ?? '').toLowerCase();
  let score = tagScore(name, ctx.mode);
  // A `<user>` that opens onto prose is a forged chat turn; onto more markup, a data record.
  if (
    (name === 'user' || name === 'human') &&
    text.charAt(open + 1) !== '/' &&
    /^\s*[A-Za-z][a-z]+[\s,]/.test(text.slice(end, end + 24))
  )
    score = 0.3;
  ctx.add('framing-tag', open, end, score, `instruction-framing tag ${excerpt(text, open, end)}`);
  return undefined;
}

export const roleLabels: Rule = {
  words: [
    'system',
    'developer',
    'admin',
    'operator',
    'assistant',
    'ai$',
    'chat',
    'gpt',
    'claude',
    'human',
    'instruc',
  ],
  check(ctx, at, _end, key) {
    label(ctx, at);
    tag(ctx, at, key);
    return undefined;
  },
};

export const userLabel: Rule = {
  nearWords: ['user', 'response'],
  check(ctx, at, _end, key) {
    label(ctx, at);
    tag(ctx, at, key);
    return undefined;
  },
};

export const framingTags: Rule = {
  symbols: [
    '<important',
    '</important',
    '<information',
    '</information',
    '<secret',
    '</secret',
    '<hidden',
    '</hidden',
    '<urgent',
    '</urgent',
    '<override',
    '<tool_call',
    '<function_call',
  ],
  check(ctx, at, _end, key) {
    tag(ctx, at, key);
    return undefined;
  },
};

/** A chat message in JSON, also inside an escaped JSON string: `{"role": "system", "content": …}`. */
const JSON_ROLE = sticky(String.raw`\\?"role\\?"\s*:\s*\\?"(system|developer)\\?"`);

const USER_TURN = /\\?"role\\?"\s*:\s*\\?"(?:user|human)\\?"/;

/**
 * A system or developer message planted in data (an API response's field, a webhook, an event's
 * description): what it says is said to the model. Documentation of chat APIs shows the same
 * messages, so in text about prompts or in a code block it weighs half.
 */
export const jsonRole: Rule = {
  symbols: ['"role"', '\\"role\\"'],
  check(ctx, at) {
    const { text } = ctx;
    const m = matchAt(JSON_ROLE, text, at);
    if (m === null) return undefined;
    const end = at + m[0].length;
    // A whole conversation (the system message, then the user's turn) is a sample or a log: a
    // planted message stands alone.
    if (USER_TURN.test(text.slice(end, end + 600))) return end;
    const docs = promptDocs(text, at) || inCodeBlock(text, at) ? 0.5 : 1;
    ctx.add(
      'role-marker',
      at,
      end,
      0.35 * docs * voice(text, at),
      `${m[1]} message in JSON ${excerpt(text, at, end)}`,
    );
    followOrder(ctx, end, docs);
    return end;
  },
};
