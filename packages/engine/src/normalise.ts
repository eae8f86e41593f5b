/**
 * One normal form for values, used on both sides of the index: what results put in and what
 * arguments look up. A model copying a value out of a result changes case, wraps it in quotes or
 * ends a sentence after it; none of that should hide where the value came from.
 */

// Control chars are exactly what these must find: they are stripped so no value key can start
// with the shingle prefix (U+0001).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control chars is the point
const NON_ASCII = /[^\x00-\x7f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control chars is the point
const CONTROL = /[\x00-\x1f\x7f]/g;
const SPACES = /\s+/g;
// Chars that wrap or end a value in prose but are never its first or last char.
const EDGE = new Set([...'\'"`.,;:!?()[]{}<>*_“”‘’«»']);

/** Longest value matched whole (a recipient, an IBAN, a subject line); longer text is shingled. */
export const MAX_WHOLE = 64;

/** Trim wrapping and trailing punctuation (linear: two index scans, one slice). */
export function trimEdges(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && EDGE.has(s[start]!)) start++;
  while (end > start && EDGE.has(s[end - 1]!)) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/**
 * The normal form of a whole value: NFKC (so full-width look-alikes fold), no control chars,
 * collapsed whitespace, case-folded, wrapping punctuation trimmed. Control chars are removed so
 * no value key can start with the shingle prefix. `lower` is `asciiLower(raw)` when the caller
 * has it already.
 */
export function normaliseValue(raw: string, lower: string | null | undefined = undefined): string {
  // Printable ASCII with no double space is already NFKC, control-free and collapsed: the general
  // path would only fold case and trim it.
  if (lower !== null && isPlain(raw)) return trimEdges((lower ?? raw.toLowerCase()).trim());
  let s = NON_ASCII.test(raw) ? raw.normalize('NFKC') : raw;
  s = s.replace(CONTROL, ' ').replace(SPACES, ' ').toLowerCase();
  return trimEdges(s.trim());
}

function isPlain(raw: string): boolean {
  let prev = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 32 || c > 126 || (c === 32 && prev === 32)) return false;
    prev = c;
  }
  return true;
}

/**
 * `text.toLowerCase()` when `text` is ASCII, else null. Over ASCII, case folding maps each char to
 * one char, so scanners may read the text and its lower-case form at the same positions.
 */
export function asciiLower(text: string): string | null {
  return NON_ASCII.test(text) ? null : text.toLowerCase();
}

/**
 * The phrase form of a text for "does this value occur in it": normalised words separated by
 * single spaces, with a space at either end, so `includes(' ' + v + ' ')` matches whole words only.
 */
export function phraseForm(raw: string): string {
  const words = normaliseValue(raw).split(' ');
  let out = ' ';
  for (const w of words) {
    const t = trimEdges(w);
    if (t.length > 0) out += `${t} `;
  }
  return out;
}
