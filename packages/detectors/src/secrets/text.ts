/**
 * Character tests and value measures shared by the secret rules. Everything works on UTF-16 code
 * units of the scanned text in place (no slicing on the hot path); anything outside ASCII is
 * "other", so `NaN` from reading past either end (0 through `codeAt`) is simply not a token character.
 */

const LOWER = 1;
const UPPER = 2;
const DIGIT = 4;
const DASH_UNDERSCORE = 8;
const PLUS_SLASH = 16;

const CLASS = new Uint8Array(128);
for (let c = 97; c <= 122; c++) CLASS[c] = LOWER;
for (let c = 65; c <= 90; c++) CLASS[c] = UPPER;
for (let c = 48; c <= 57; c++) CLASS[c] = DIGIT;
CLASS[45] = DASH_UNDERSCORE;
CLASS[95] = DASH_UNDERSCORE;
CLASS[43] = PLUS_SLASH;
CLASS[47] = PLUS_SLASH;

const classOf = (c: number): number => (c < 128 ? CLASS[c]! : 0);

/**
 * `text.charCodeAt(i)`, and 0 (NUL) past either end. The scanners read around each anchor, but a
 * `charCodeAt` call site that has once read out of range is no longer inlined by V8 (it deoptimizes
 * and stops speculating), and an anchor near an edge of some text comes sooner or later. Reading
 * through this guard keeps the per-anchor reads inlined (5% of detectSecrets on the benchmark
 * corpus). 0 rather than `NaN`: every test the callers make of a read that can fall past an edge
 * (equal to a character, a class, `& 31`, `| 32`) answers the same for both, and 0 keeps every read
 * a small integer where `NaN` turns them into floating-point values (9% of detectSecrets on the
 * third-party corpus).
 */
export const codeAt = (text: string, i: number): number =>
  i >= 0 && i < text.length ? text.charCodeAt(i) : 0;

export const isLetter = (c: number): boolean => (classOf(c) & (LOWER | UPPER)) !== 0;
export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
export const isAlnum = (c: number): boolean => (classOf(c) & (LOWER | UPPER | DIGIT)) !== 0;
/** `[A-Za-z0-9_-]`: base64url, and the body of most tokens. */
export const isBase64Url = (c: number): boolean =>
  (classOf(c) & (LOWER | UPPER | DIGIT | DASH_UNDERSCORE)) !== 0;
/** `[A-Za-z0-9+/]`: standard base64 without padding. */
export const isBase64 = (c: number): boolean => (classOf(c) & (LOWER | UPPER | DIGIT | PLUS_SLASH)) !== 0;
export const isSpace = (c: number): boolean => c === 32 || c === 9;

/** Where a run of `test` characters starting at `from` ends, looking at most `max` characters. */
export function runEnd(text: string, from: number, max: number, test: (c: number) => boolean): number {
  const limit = Math.min(text.length, from + max);
  let i = from;
  while (i < limit && test(text.charCodeAt(i))) i++;
  return i;
}

/** Where a run of `test` characters ending just before `before` starts, looking at most `max` back. */
export function runStart(text: string, before: number, max: number, test: (c: number) => boolean): number {
  const limit = Math.max(0, before - max);
  let i = before;
  while (i > limit && test(text.charCodeAt(i - 1))) i--;
  return i;
}

const counts = new Uint32Array(65536);

/** Shannon entropy of `text[start, end)` in bits per character. */
export function entropy(text: string, start: number, end: number): number {
  const n = end - start;
  if (n <= 0) return 0;
  for (let i = start; i < end; i++) counts[text.charCodeAt(i)]!++;
  let bits = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    const k = counts[c]!;
    if (k === 0) continue;
    const p = k / n;
    bits -= p * Math.log2(p);
    counts[c] = 0;
  }
  return bits;
}

/** How many distinct characters `text[start, end)` uses (stops counting at 16). */
export function distinct(text: string, start: number, end: number): number {
  const seen: number[] = [];
  for (let i = start; i < end && seen.length < 16; i++) {
    const c = text.charCodeAt(i);
    if (!seen.includes(c)) seen.push(c);
  }
  return seen.length;
}

/** How many of lower case, upper case, digits and symbols (other than the separators `_-. :/`) a value mixes. */
export function variety(text: string, start: number, end: number): number {
  let mask = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    const k = classOf(c);
    if (k & LOWER) mask |= 1;
    else if (k & UPPER) mask |= 2;
    else if (k & DIGIT) mask |= 4;
    else if (c !== 95 && c !== 45 && c !== 46 && c !== 32 && c !== 58 && c !== 47) mask |= 8;
  }
  return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1);
}

/**
 * A token body that varies too little to be random (`AAAA…`, `xxxx…`, `AAAA-BBBB`): one character
 * fills 40% of it, or it uses at most four. The format is right, but it is most likely a
 * documentation placeholder, so rules report it with less confidence.
 */
export function looksFilled(text: string, start: number, end: number): boolean {
  const n = end - start;
  if (n < 8) return false;
  let top = 0;
  for (let i = start; i < end; i++) {
    const k = ++counts[text.charCodeAt(i)]!;
    if (k > top) top = k;
  }
  for (let i = start; i < end; i++) counts[text.charCodeAt(i)] = 0;
  return top * 5 >= n * 2 || distinct(text, start, end) <= 4;
}

const PLACEHOLDER_WORD =
  /^(?:my|your|the|a|some)?[-_ ]?(?:password|passwd|pwd|secret|token|api[-_]?key|key|value|string|changeme|change[-_]me|example|sample|dummy|fake|test|testing|demo|default|admin|root|guest|user|username|null|nil|none|undefined|true|false|redacted|hidden|masked|placeholder|foo|bar|baz|qwerty|letmein|abc123|12345678|123456789|1234567890|password1|password123)$/i;
const PLACEHOLDER_PART =
  /example|changeme|change[-_]me|placeholder|redacted|replace|insert[-_ ]|your[-_ ]|dummy|xxxxx|\*\*\*|\.\.\.|•|<[^<>]{0,64}>|\$\{|\$\(|\{[^{}]{0,64}\}|\{%|%\(|process\.env|os\.environ|getenv/i;

/**
 * A value that stands for a secret rather than being one: template syntax (`${VAR}`, `{{x}}`,
 * `<your-key>`, `$(VAR)`), a reference (`$VAR`, `%VAR%`), or a placeholder word (`changeme`,
 * `password`, `your_token`).
 */
export function isStandIn(value: string): boolean {
  if (value.length === 0) return true;
  const first = value.charCodeAt(0);
  if (first === 36 /* $ */ || (first === 37 /* % */ && value.endsWith('%'))) return true;
  return PLACEHOLDER_WORD.test(value) || PLACEHOLDER_PART.test(value) || PLACEHOLDER_WORD.test(unleet(value));
}

/** `p@$$w0rd` → `password`: the leet spellings of placeholder words are placeholders too. */
function unleet(value: string): string {
  return value.replace(/[@4$501!3]/g, (c) => LEET[c] ?? c);
}
const LEET: Readonly<Record<string, string>> = {
  '@': 'a',
  '4': 'a',
  $: 's',
  '5': 's',
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '3': 'e',
};

/** A stand-in, or one or two characters repeated (`xxxx`, `****`, `1111`, `abab`). */
export function isPlaceholder(value: string): boolean {
  return isStandIn(value) || (value.length > 1 && distinct(value, 0, value.length) <= 2);
}
