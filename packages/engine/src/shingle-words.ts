/**
 * The words of a text for shingling, hashed in one pass over its characters: two 32-bit hashes
 * per word and whether it is a content word (not a stop word). No regex and no word strings:
 * the results go to scratch arrays (`WORDS`) reused from call to call and grown on demand.
 * Callers read them before hashing other text.
 */

const STOP = new Set(
  `a an the and or but if then so as of to in on at by for from with without into onto over under
  about after before between through during up down out off again further once here there when where
  why how all any both each few more most other some such no nor not only own same than too very can
  will just should would could may might must shall do does did done doing have has had having be
  is am are was were been being i me my mine we us our ours you your yours he him his she her hers it
  its they them their theirs this that these those what which who whom whose let know please thanks
  thank hi hello dear regards best hope like get got also make made see new one two time today
  tomorrow yes ok okay`.split(/\s+/),
);

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const MAX_STOP = 9; // no stop word is longer

/**
 * Stop words by the first hash of their chars (open addressing over typed arrays), so a word is
 * checked without cutting it out of the text, and without boxing its 32-bit hash for a Map.
 */
const STOP_LIST = [...STOP];
const STOP_HASH = new Uint32Array(STOP_LIST.length);
const STOP_SLOTS = new Int16Array(1024).fill(-1);
STOP_LIST.forEach((w, k) => {
  const a = wordHash(w);
  STOP_HASH[k] = a;
  let slot = a & 1023;
  while (STOP_SLOTS[slot] !== -1) slot = (slot + 1) & 1023;
  STOP_SLOTS[slot] = k;
});

function wordHash(w: string): number {
  let a = 0x811c9dc5;
  for (let i = 0; i < w.length; i++) a = Math.imul(a ^ w.charCodeAt(i), 0x01000193);
  return a >>> 0;
}

/** Whether `text[start, end)`, whose first hash is `a`, is a stop word. */
function isStop(text: string, start: number, end: number, a: number): boolean {
  if (end - start > MAX_STOP) return false;
  for (let slot = a & 1023; STOP_SLOTS[slot] !== -1; slot = (slot + 1) & 1023) {
    const k = STOP_SLOTS[slot]!;
    if (STOP_HASH[k] !== a) continue;
    const w = STOP_LIST[k]!;
    if (w.length === end - start && text.startsWith(w, start)) return true;
  }
  return false;
}

function isWordChar(c: number, text: string, i: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
  return LETTER_OR_DIGIT.test(text[i]!);
}

/** Word chars of lower-case ASCII text: a-z and 0-9. */
const ASCII_WORD = new Uint8Array(128);
for (let c = 97; c <= 122; c++) ASCII_WORD[c] = 1;
for (let c = 48; c <= 57; c++) ASCII_WORD[c] = 1;

/** The last text's words: hashes `a` and `b`, and 1 for a content word, 0 for a stop word. */
export const WORDS = {
  a: new Uint32Array(256),
  b: new Uint32Array(256),
  content: new Uint8Array(256),
};

function grow(): void {
  const size = WORDS.a.length * 2;
  const a = new Uint32Array(size);
  const b = new Uint32Array(size);
  const content = new Uint8Array(size);
  a.set(WORDS.a);
  b.set(WORDS.b);
  content.set(WORDS.content);
  WORDS.a = a;
  WORDS.b = b;
  WORDS.content = content;
}

/**
 * Hash the words of `raw` into WORDS; returns how many. `lower` is `asciiLower(raw)` when the
 * caller has it already (null: not ASCII).
 */
export function hashWords(raw: string, lower: string | null | undefined): number {
  return typeof lower === 'string' ? asciiWords(lower) : anyWords(raw.toLowerCase());
}

/** The words of lower-case ASCII text, hashed into WORDS; returns how many. */
function asciiWords(text: string): number {
  let words = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (ASCII_WORD[c] !== 1) {
      i++;
      continue;
    }
    const start = i;
    let a = 0x811c9dc5;
    let b = 0x9747b28c;
    do {
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 13;
      c = ++i < n ? text.charCodeAt(i) : 0;
    } while (ASCII_WORD[c] === 1);
    if (words === WORDS.a.length) grow();
    WORDS.a[words] = a >>> 0;
    WORDS.b[words] = b >>> 0;
    WORDS.content[words] = isStop(text, start, i, a >>> 0) ? 0 : 1;
    words++;
  }
  return words;
}

/** The words of any lower-cased text (letters and digits of every script), as asciiWords. */
function anyWords(text: string): number {
  let words = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && !isWordChar(text.charCodeAt(i), text, i)) i++;
    if (i >= n) break;
    const start = i;
    let a = 0x811c9dc5;
    let b = 0x9747b28c;
    for (let c = text.charCodeAt(i); i < n && isWordChar(c, text, i); c = text.charCodeAt(++i)) {
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 13;
    }
    if (words === WORDS.a.length) grow();
    WORDS.a[words] = a >>> 0;
    WORDS.b[words] = b >>> 0;
    WORDS.content[words] = isStop(text, start, i, a >>> 0) ? 0 : 1;
    words++;
  }
  return words;
}
