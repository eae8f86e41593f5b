import { asciiLower, MAX_WHOLE, normaliseValue, trimEdges } from './normalise.js';
import { valueTokens } from './value-tokens.js';

/**
 * Significant values in free text: the things an attacker needs the model to copy into a call
 * (where to send, whom to pay, which file to delete). Everything here is linear in the text: one
 * split into tokens, each token (bounded length) tested with anchored patterns, plus a few global
 * patterns whose every match attempt is bounded by a fixed width.
 */

export type ValueKind = 'email' | 'url' | 'host' | 'path' | 'token' | 'iban' | 'number' | 'id' | 'quoted';

export type Emit = (key: string, kind: ValueKind) => void;

const MAX_TOKEN = 256;
const SPLIT = /[\s<>()[\]{}"`,;|]+/;
const EMAIL = /^[a-z0-9._%+'-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8}$/;
const URL_START = /^(?:https?:\/\/|www\.)/;
const HOST = /^(?:[a-z0-9-]{1,63}\.){1,8}[a-z]{2,24}$/;
const PATH = /^(?:~|\.{1,2})?[/\\][^/\\]{0,255}[/\\]?/;
const FILE_EXT =
  /\.(?:txt|md|pdf|docx?|xlsx?|csv|pptx?|json|ya?ml|png|jpe?g|gif|zip|log|html?|xml|py|js|ts|sh)$/;
const TOKEN = /^[a-z0-9_-]{8,128}$/;
const DIGIT = /[0-9]/;
const SENTENCE_END = /\.(?=[A-Z][a-z]+\s)/g;
const HAS_SENTENCE_END = /\.(?=[A-Z][a-z]+\s)/;
// Fixed-width groups: every attempt reads at most ~40 chars, so a global scan stays linear.
const IBAN = /\b[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
// What every IBAN starts with: a cheap test that spares the full pattern most texts.
const IBAN_HEAD = /[A-Z]{2}[0-9]{2}/;
const NON_DIGITS = /[^0-9]/g;
const NUMBER = /\+?[0-9][0-9 ().-]{5,22}[0-9]/g;
/** Fewest digits of a phone or account number. */
const NUMBER_DIGITS = 7;
const DATE_LIKE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}|^[0-9]{1,2}[./-][0-9]{1,2}[./-][0-9]{2,4}$/;
const ID_CONTEXT =
  /(?<![a-z])(?:id|ids|no\.|number)(?![a-z])_?\s{0,3}[:=]?\s{0,3}['"]?([a-z0-9_-]{1,64})|#([a-z0-9_-]{1,64})/gi;
const QUOTED = /"([^"\n]{1,64})"|“([^”\n]{1,64})”|(?<![a-z0-9])'([^'\n]{1,64})'(?![a-z0-9])/gi;

/**
 * The next match of global `re` in `text` at or after `at`: `matchAll` without the copy of the
 * pattern it makes on every call. Setting `lastIndex` before each step keeps one scan safe from
 * another using the same pattern in between. Every pattern scanned so never matches empty.
 */
export function matchFrom(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** Where a (non-empty) match ends: the next scan's start. */
export function end(m: RegExpExecArray): number {
  return m.index + m[0].length;
}

/**
 * Every significant value in `text`, normalised, through `emit` (duplicates possible). `lower` is
 * `asciiLower(text)` when the caller has it already (undefined: not computed yet).
 */
export function extractValues(text: string, emit: Emit, lower: string | null | undefined = undefined): void {
  const digitCount = digitsUpTo(text, NUMBER_DIGITS);
  const digits = digitCount > 0;
  if (digits && IBAN_HEAD.test(text)) {
    for (let m = matchFrom(IBAN, text, 0); m !== null; m = matchFrom(IBAN, text, end(m)))
      emit(m[0].replaceAll(' ', '').toLowerCase(), 'iban');
  }
  const ascii = lower === undefined ? asciiLower(text) : lower;
  if (ascii !== null) {
    valueTokens(text, ascii, (raw) => classifyToken(trimEdges(raw), emit));
  } else {
    // "…see www.example.com.They said…": a full stop before a capitalised word ends a sentence,
    // not a host name, so split there before case is folded away.
    const words = HAS_SENTENCE_END.test(text) ? text.replace(SENTENCE_END, '. ') : text;
    for (const raw of words.toLowerCase().split(SPLIT)) {
      if (raw.length < 4 || raw.length > MAX_TOKEN) continue;
      classifyToken(trimEdges(raw), emit);
    }
  }
  if (digits) extractNumbers(text, emit, digitCount >= NUMBER_DIGITS, ascii === null || hasIdHint(ascii));
  if (text.includes('"') || text.includes("'") || text.includes('“')) {
    for (let m = matchFrom(QUOTED, text, 0); m !== null; m = matchFrom(QUOTED, text, end(m))) {
      const inner = normaliseValue(m[1] ?? m[2] ?? m[3] ?? '');
      if (isDistinctive(inner, false)) emit(inner, 'quoted');
    }
  }
}

/** Whether (ASCII, lower-cased) text holds anything ID_CONTEXT could start a match at. */
function hasIdHint(lower: string): boolean {
  return lower.includes('id') || lower.includes('#') || lower.includes('no.') || lower.includes('number');
}

/** How many digits `text` holds, counted up to `enough`. */
function digitsUpTo(text: string, enough: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n < enough; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

/**
 * Phone and account numbers, and ids named as such (`ID 13`, `#42`): all need a digit. A number is
 * kept only with NUMBER_DIGITS digits, so with fewer in the whole text (`numbers` false: most
 * prose) the scan for them could find nothing and is skipped.
 */
function extractNumbers(text: string, emit: Emit, numbers: boolean, idHint: boolean): void {
  if (numbers) {
    for (let m = matchFrom(NUMBER, text, 0); m !== null; m = matchFrom(NUMBER, text, end(m))) {
      if (DATE_LIKE.test(m[0])) continue;
      const digits = m[0].replace(NON_DIGITS, '');
      if (digits.length >= NUMBER_DIGITS && digits.length <= 19) emit(digits, 'number');
    }
  }
  if (!idHint) return;
  for (let m = matchFrom(ID_CONTEXT, text, 0); m !== null; m = matchFrom(ID_CONTEXT, text, end(m))) {
    const id = (m[1] ?? m[2] ?? '').toLowerCase();
    if (DIGIT.test(id)) emit(id, 'id');
  }
}

function classifyToken(t: string, emit: Emit): void {
  // Most tokens are plain words: settle them with a few `includes` before any pattern runs.
  if (t.startsWith('http') || t.startsWith('www.')) {
    if (!URL_START.test(t)) return;
    const url = t.startsWith('www.') ? `https://${t}` : t;
    emit(url.endsWith('/') ? url.slice(0, -1) : url, 'url');
    const host = url.slice(url.indexOf('//') + 2).split(/[/?#:]/, 1)[0]!;
    if (HOST.test(host)) emit(host.startsWith('www.') ? host.slice(4) : host, 'host');
    return;
  }
  if (t.includes('@')) {
    if (EMAIL.test(t)) emit(t, 'email');
    return;
  }
  if (t.includes('/') || t.includes('\\')) {
    if (t.length > 2 && (PATH.test(t) || FILE_EXT.test(t))) emit(t, 'path');
    return;
  }
  if (t.includes('.')) {
    if (HOST.test(t)) emit(t.startsWith('www.') ? t.slice(4) : t, FILE_EXT.test(t) ? 'path' : 'host');
    return;
  }
  if (t.length >= 8 && DIGIT.test(t) && TOKEN.test(t) && !DATE_LIKE.test(t)) emit(t, 'token');
}

const PURE_DATE_TIME =
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[ t][0-9]{2}:[0-9]{2}(?::[0-9]{2})?)?$|^[0-9]{1,2}:[0-9]{2}$/;

/**
 * Whether a short value is worth indexing whole (a field of a result, a quoted string): it must
 * say something an attacker chose. Common words (`sent`, `true`), small numbers and bare dates
 * match too much benign text to be evidence; an id's field name or an `ID 13` context vouches for
 * a small number.
 */
export function isDistinctive(v: string, idContext: boolean): boolean {
  if (v.length < 2 || v.length > MAX_WHOLE || PURE_DATE_TIME.test(v)) return false;
  let digits = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  if (digits > 0 && (idContext || digits >= 4)) return true;
  if (digits === v.length) return false;
  return v.length >= 8 || v.includes(' ');
}

/** For tests and tools: the values of a text as a list of `{kind, key}`, deduplicated. */
export function listValues(text: string): { kind: ValueKind; key: string }[] {
  const seen = new Map<string, ValueKind>();
  extractValues(text, (key, kind) => {
    if (!seen.has(key)) seen.set(key, kind);
  });
  return [...seen].map(([key, kind]) => ({ kind, key }));
}
