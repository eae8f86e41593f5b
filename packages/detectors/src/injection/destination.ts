/**
 * Whether a clause names a destination: what `DESTINATION.test` decides, without the two branches
 * that cost the most when tried at every character of a clause.
 * - An e-mail address: `[\w.+-]+@…` backtracks over every run of word characters looking for an
 *   `@`. A match exists exactly when one exists with a single character before the `@`, so that
 *   form runs, and only when there is an `@`.
 * - A host name: `\b[\w-]+\.(?:com|…)\b` is found from its top-level domain instead: a match
 *   exists exactly when some `.com`-like ending follows a run of `[\w-]` that holds a word
 *   character (where the run's first word character starts, there is a word boundary).
 * The other branches are kept as they are, in one expression, run only when the clause holds what
 * each of them needs: a digit (an IBAN, a phone number, a wallet address), `://` or `www.`. Most
 * clauses hold none of these.
 */
import { isWordChar } from './chars.js';
import { fastPaths } from './fast-paths.js';
import { DESTINATION } from './lexicon.js';

const EMAIL = /[\w.+-]@[\w-]+(?:\.[\w-]+)+/;
const TLD = /\.(?:com|net|org|io|co|ru|cn|xyz|info|biz|site|online|top|app|dev|me|ly|tk)\b/g;
const EMAIL_BRANCH = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
const HOST_BRANCH = String.raw`\b[\w-]+\.(?:com|net|org|io|co|ru|cn|xyz|info|biz|site|online|top|app|dev|me|ly|tk)\b`;

/** `DESTINATION` without its e-mail and host branches (checked at load: they must be there). */
const REST = new RegExp(DESTINATION.source.replace(`${EMAIL_BRANCH}|`, '').replace(`|${HOST_BRANCH}`, ''));
if (REST.source.length !== DESTINATION.source.length - EMAIL_BRANCH.length - HOST_BRANCH.length - 2)
  throw new Error('destination: DESTINATION changed; update its fast form');
/** What every branch of `REST` needs somewhere in the text. */
const REST_NEEDS = /\d|:\/\/|[wW]\./;

/** `DESTINATION.test(s)`. */
export function hasDestination(s: string): boolean {
  if (!fastPaths.on) return DESTINATION.test(s);
  if (s.includes('@') && EMAIL.test(s)) return true;
  if (REST_NEEDS.test(s) && REST.test(s)) return true;
  TLD.lastIndex = 0;
  for (let m = TLD.exec(s); m !== null; m = TLD.exec(s)) {
    for (let i = m.index - 1; i >= 0; i--) {
      const c = s.charCodeAt(i);
      if (isWordChar(c)) return true;
      if (c !== 45 /* - */) break;
    }
  }
  return false;
}
