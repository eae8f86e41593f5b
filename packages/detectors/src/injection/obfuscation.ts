/**
 * Disguised words: Cyrillic or Greek look-alikes inside Latin words ("іgnоre"), fullwidth and
 * mathematical letters, soft hyphens or zero-width characters inside words, leetspeak ("1gn0r3").
 * A cheap trigger notices them; the text is then read a second time folded to plain letters, and
 * what that reading finds is mapped back to the original offsets.
 */
import type { Rule } from './rule.js';

const CONFUSABLE = String.raw`\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456\u0458\u0455\u04bb\u0501\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0406\u03b1\u03b5\u03b9\u03ba\u03bd\u03bf\u03c1\u03c4\u03c5\u0391\u0392\u0395\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7`;
/** Leet spellings of the words that carry an injection (the common substitutions). */
// Only spellings that start with a letter: a trigger starting with a digit slows the word pass.
const LEET = [
  'ign0r',
  'd1sregard',
  'disr3gard',
  'd1sr3g4rd',
  'pr3vious',
  'prev1ous',
  'pr3v10us',
  'prev10us',
  'instruct10n',
  'syst3m',
  'pr0mpt',
  'f0rget',
  'forg3t',
  'f0rg3t',
  'overr1d',
  'ass1stant',
  'p4ssw0rd',
  'passw0rd',
];

const LATIN = /^[A-Za-z]$/;
const CHARS = new RegExp(String.raw`^[${CONFUSABLE}\u00ad\uff21-\uff3a\uff41-\uff5a]$`);
/** Where a word of another script ends: at an ASCII character or one another rule may want to see. */
function endOfForeignWord(text: string, at: number): number {
  let i = at;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const seen =
      c < 0x80 ||
      c === 0x180e ||
      (c >= 0x200b && c <= 0x206f) ||
      c === 0xfeff ||
      (c >= 0xd800 && c <= 0xdfff);
    if (seen) break;
    i++;
  }
  return i;
}

export const disguise: Rule = {
  words: LEET,
  // Whole blocks, not the look-alikes one by one: a class of ranges is scanned much faster.
  chars: String.raw`\u0370-\u04ff\u00ad\uff21-\uff3a\uff41-\uff5a\ud835`,
  check(ctx, at, end, key) {
    const { text } = ctx;
    const c = text.charCodeAt(at);
    // A leet spelling, a fullwidth or mathematical letter: always a disguise.
    if (key.length > 1 || c >= 0xff00) ctx.suspect(at);
    else if (c === 0xd835) {
      if (/[\udc00-\udfff]/.test(text.charAt(at + 1))) ctx.suspect(at);
    } else if (LATIN.test(text.charAt(at - 1)) || LATIN.test(text.charAt(end))) {
      // A look-alike or soft hyphen against a Latin letter hides a Latin word.
      if (c === 0xad || CHARS.test(text.charAt(at))) ctx.suspect(at);
    } else {
      // A word of another script: skip the rest of it.
      return Math.max(end, endOfForeignWord(text, at));
    }
    return undefined;
  },
};

/** Look-alike letters (Cyrillic, Greek) by code unit → the Latin letter they pass for. */
export const FOLD = new Map<number, string>();
const LOOKALIKES: [string, string][] = [
  ['\u0430\u0410\u03b1\u0391', 'a'],
  ['\u0412\u0392', 'b'],
  ['\u0441\u0421\u03f2', 'c'],
  ['\u0501', 'd'],
  ['\u0435\u0415\u03b5\u0395', 'e'],
  ['\u04bb\u0397', 'h'],
  ['\u0456\u0406\u03b9\u0399', 'i'],
  ['\u0458', 'j'],
  ['\u041a\u03ba\u039a', 'k'],
  ['\u041c\u039c', 'm'],
  ['\u041d\u03bd\u039d', 'n'],
  ['\u043e\u041e\u03bf\u039f', 'o'],
  ['\u0440\u0420\u03c1\u03a1', 'p'],
  ['\u0455', 's'],
  ['\u0422\u03c4\u03a4', 't'],
  ['\u03c5\u03a5', 'u'],
  ['\u0445\u0425\u03a7', 'x'],
  ['\u0443', 'y'],
];
for (const [chars, to] of LOOKALIKES) for (const c of chars) FOLD.set(c.charCodeAt(0), to);
export const LEET_FOLD: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
};
export const INVISIBLE = /[\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff]/;
/** ASCII letters (1) and the characters leetspeak spells them with (2): `[A-Za-z]`, `[0-9@$!|]`. */
const LEETISH = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  LEETISH[c] = /[A-Za-z]/.test(ch) ? 1 : /[0-9@$!|]/.test(ch) ? 2 : 0;
}

export interface Folded {
  text: string;
  /** For each index of `text`, the index in the original it came from (one more entry: the end). */
  map: Int32Array;
}

/** The text with disguised letters folded to ASCII and hiding characters dropped. */
export function fold(text: string): Folded {
  const parts: string[] = [];
  const map = new Int32Array(text.length + 1);
  let n = 0;
  // ASCII is copied a run at a time; only the other characters are looked at one by one.
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      map[n++] = i;
      continue;
    }
    if (i > run) parts.push(text.slice(run, i));
    run = i + 1;
    if (INVISIBLE.test(text[i]!)) continue;
    const look = FOLD.get(c);
    if (look !== undefined) parts.push(look);
    else if (c >= 0xff01 && c <= 0xff5e) parts.push(String.fromCharCode(c - 0xfee0));
    else if (c === 0xd835 && i + 1 < text.length) {
      parts.push(mathLetter(text.codePointAt(i)!));
      map[n++] = i;
      i++;
      run = i + 1;
      continue;
    } else parts.push(text[i]!);
    map[n++] = i;
  }
  if (text.length > run) parts.push(text.slice(run));
  map[n++] = text.length;
  return { text: unleet(parts.join('')), map: map.slice(0, n) };
}

/**
 * The text with each run of letters and leet characters that mixes both spelled with letters
 * (same length), when it is short and mostly letters; every other run as it is. One pass, no
 * expression: most texts hold many runs, and few mixed ones.
 */
function unleet(text: string): string {
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c >= 128 || LEETISH[c] === 0) {
      i++;
      continue;
    }
    let j = i;
    let letters = 0;
    for (; j < text.length; j++) {
      const d = text.charCodeAt(j);
      const kind = d < 128 ? LEETISH[d]! : 0;
      if (kind === 0) break;
      if (kind === 1) letters++;
    }
    const length = j - i;
    if (letters !== length && letters >= 2 && length <= 24 && letters / length >= 0.4) {
      out += text.slice(copied, i);
      for (let k = i; k < j; k++) out += LEET_FOLD[text.charAt(k)] ?? text.charAt(k);
      copied = j;
    }
    i = j;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The plain letter or digit a Mathematical Alphanumeric Symbol stands for. */
export function mathLetter(cp: number): string {
  if (cp >= 0x1d7ce && cp <= 0x1d7ff) return String.fromCharCode(48 + ((cp - 0x1d7ce) % 10));
  if (cp >= 0x1d400 && cp <= 0x1d6a3) {
    const k = (cp - 0x1d400) % 52;
    return String.fromCharCode(k < 26 ? 65 + k : 97 + k - 26);
  }
  return '?';
}
