/**
 * The tokens of a text that can hold a value, found in one pass over its characters: what
 * `text.replace(SENTENCE_END, '. ').toLowerCase().split(SPLIT)` followed by a length filter gives,
 * for ASCII text, without the intermediate strings. ASCII only: there, case folding is one char for
 * one char and `\s` is six chars, so positions in the text and in its lower-case form agree.
 * A token that holds none of `.`, `@`, `/`, `\` or a digit can never be a value (see
 * value-extract.ts `classifyToken`), so it is skipped without being cut out.
 */

/** Chars that `SPLIT` (`[\s<>()[\]{}"\`,;|]`) matches, over ASCII. */
const SPLIT_CHAR = new Uint8Array(128);
for (const c of '\t\n\v\f\r <>()[]{}"`,;|') SPLIT_CHAR[c.charCodeAt(0)] = 1;

const MAX_TOKEN = 256;

/**
 * Calls `visit(token)` for every lower-cased token of 4 to MAX_TOKEN chars that holds a value
 * char. `text` and `lower` are the same ASCII text, as written and lower-cased.
 */
export function valueTokens(text: string, lower: string, visit: (token: string) => void): void {
  const n = lower.length;
  let i = 0;
  while (i < n) {
    while (i < n && SPLIT_CHAR[lower.charCodeAt(i)] === 1) i++;
    if (i >= n) break;
    const start = i;
    let valueChar = false;
    for (; i < n; i++) {
      const c = lower.charCodeAt(i);
      if (SPLIT_CHAR[c] === 1) break;
      if (c === 46 /* . */) {
        valueChar = true;
        if (endsSentence(text, i)) {
          i++;
          break;
        }
      } else if (c === 64 /* @ */ || c === 47 /* / */ || c === 92 /* \ */ || (c >= 48 && c <= 57)) {
        valueChar = true;
      }
    }
    const len = i - start;
    if (valueChar && len >= 4 && len <= MAX_TOKEN) visit(lower.slice(start, i));
  }
}

/**
 * `/\.(?=[A-Z][a-z]+\s)/` at `dot`: a full stop before a capitalised word ends a sentence
 * ("…www.example.com.They said…"), so the token ends after it.
 */
function endsSentence(text: string, dot: number): boolean {
  const n = text.length;
  let k = dot + 1;
  const first = k < n ? text.charCodeAt(k) : 0;
  if (first < 65 || first > 90) return false;
  k++;
  const wordStart = k;
  for (let c = k < n ? text.charCodeAt(k) : 0; c >= 97 && c <= 122; c = ++k < n ? text.charCodeAt(k) : 0);
  if (k === wordStart || k >= n) return false;
  const c = text.charCodeAt(k);
  return c === 32 || (c >= 9 && c <= 13);
}
