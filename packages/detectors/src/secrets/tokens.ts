import type { SecretScan } from './found.js';
import { addSecret, FILLED_NOTE, FILLED_SCORE } from './found.js';
import { scanPem } from './pem.js';
import * as chars from './text.js';
import type { PrefixTable } from './token-rules.js';
import * as tokenRules from './token-rules.js';

// Local names for what each anchor reads: cheaper for V8 to call than imports (see `secrets.ts`).
const { codeAt, isAlnum, isBase64Url, isDigit, isLetter, looksFilled } = chars;
const { DASH_RULES, UNDERSCORE_RULES } = tokenRules;

/** The longest prefix word in the tables (`glsoat`, `github`), to stop scanning early. */
const MAX_WORD = 6;
/** How far a failed body scan is skipped: a token never starts inside another token's run. */
const MAX_RUN = 1024;

/**
 * Tries the rules of the word that ends at separator `sep`. Returns where the scan resumes: past the
 * token, or past the run of token characters that failed to be one.
 */
function matchPrefixed(text: string, sep: number, rules: PrefixTable, scan: SecretScan): number {
  if (!isLetter(codeAt(text, sep - 1))) return sep + 1;
  if (!isBase64Url(codeAt(text, sep + 1))) return sep + 1;
  // The word before the separator, packed as in `packWord`, looked up without slicing.
  let word = 0;
  let start = sep;
  while (start > sep - MAX_WORD - 1) {
    const c = codeAt(text, start - 1);
    if (!isLetter(c)) break;
    word = (word << 5) | (c & 31);
    start--;
  }
  if (start === sep || start === sep - MAX_WORD - 1) return sep + 1;
  const entry = rules.get(word);
  if (entry === undefined || !text.startsWith(entry.word, start)) return sep + 1;
  const before = codeAt(text, start - 1);
  let resume = sep + 1;
  while (resume < sep + MAX_RUN && isBase64Url(codeAt(text, resume))) resume++;
  for (const rule of entry.rules) {
    if (rule.boundary !== 'letter' && isDigit(before)) continue;
    let at = sep + 1;
    if (rule.rest !== undefined) {
      if (!text.startsWith(rule.rest, at)) continue;
      at += rule.rest.length;
    }
    rule.body.lastIndex = at;
    if (!rule.body.test(text)) continue;
    const end = rule.body.lastIndex;
    if (rule.check !== undefined && !rule.check(text, at, end)) continue;
    if (looksFilled(text, at, end))
      addSecret(scan.found, rule.name, start, end, FILLED_SCORE, rule.what + FILLED_NOTE);
    else addSecret(scan.found, rule.name, start, end, 0.95, rule.what);
    resume = Math.max(resume, end);
    break;
  }
  return resume;
}

/**
 * Whether the two characters before separator `sep` end one of the table's words. This one table
 * read turns away almost every separator of ordinary text; it sits outside `matchPrefixed` so that it
 * is inlined into the anchor's loop and only the rare candidate pays for a call.
 */
const endsWord = (text: string, sep: number, rules: PrefixTable): boolean =>
  rules.endings[((codeAt(text, sep - 2) & 31) << 5) | (codeAt(text, sep - 1) & 31)] !== 0;

/** `ghp_…`, `sk_live_…`, `npm_…`: prefixes ending in an underscore. */
export function scanUnderscore(text: string, at: number, scan: SecretScan): number {
  return endsWord(text, at, UNDERSCORE_RULES) ? matchPrefixed(text, at, UNDERSCORE_RULES, scan) : at + 1;
}

/** `xoxb-…`, `glpat-…`, `sk-ant-…`, `tskey-…`: prefixes ending in a dash; `-----BEGIN` blocks. */
export function scanDash(text: string, at: number, scan: SecretScan): number {
  if (codeAt(text, at + 1) === 45)
    return text.startsWith('-----BEGIN ', at) ? scanPem(text, at, scan) : at + 1;
  return endsWord(text, at, DASH_RULES) ? matchPrefixed(text, at, DASH_RULES, scan) : at + 1;
}

const SENDGRID = /[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/y;

/** Called at each `G.`: a SendGrid API key, `SG.` then two dotted base64url parts. */
export function scanSendGrid(text: string, at: number, scan: SecretScan): number {
  const start = at - 1;
  if (codeAt(text, start) !== 83 /* S */ || isAlnum(codeAt(text, start - 1))) return at + 2;
  SENDGRID.lastIndex = at + 2;
  if (!SENDGRID.test(text)) return at + 2;
  addSecret(scan.found, 'sendgrid-api-key', start, SENDGRID.lastIndex, 0.95, 'SendGrid API key');
  return SENDGRID.lastIndex;
}
