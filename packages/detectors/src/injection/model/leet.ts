/**
 * Leetspeak reading of a word that mixes letters and digits, for the scanner's rare slow path:
 * digits read as the letters they imitate (0→o 1→i 3→e 4→a 5→s 7→t). A digit between two letters
 * ("1gn0r3", "p4ssw0rd") makes the word leetspeak: it is read only that way. A digit beside
 * letters but not between them ("th3", "mp3", "3pm") is ambiguous: the scanner adds the reading
 * as a second feature. Results are left in `leetWord` and `leetStem` (no allocation).
 */
import { CLASS, decode, FOLD, MATH, SKIP, TAGGED, WORD, width } from './chars.js';

const FNV = 0x811c9dc5 | 0;
const PRIME = 0x01000193;
/** Salt of the second, ambiguous reading. */
export const LEET_ALT = 0x1b873593;

/** The letter each digit reads as (`0`–`9`; other digits as themselves). */
export const LEET = new Uint16Array(58);
for (let d = 48; d < 58; d++) LEET[d] = d;
for (const [d, l] of ['0o', '1i', '3e', '4a', '5s', '7t']) LEET[d!.charCodeAt(0)] = l!.charCodeAt(0);

/** The last word `leetRead` read had a digit between two letters. */
export let leetWord = false;
/** FNV-1a of the first five characters of that reading. */
export let leetStem = 0;

/** FNV-1a of the leetspeak reading of the word at [from, to) of a text that ends at `end`. */
export function leetRead(text: string, from: number, to: number, end = text.length): number {
  let h = FNV;
  let len = 0;
  let last = 0; // 1 after a letter, 2 after a digit that follows a letter, 3 after other digits
  leetWord = false;
  leetStem = 0;
  for (let i = from; i < to; i += width) {
    let c = decode(text, i, end);
    if (c >= TAGGED && c < MATH) c -= TAGGED;
    const cls = c < TAGGED ? CLASS[c]! : WORD;
    if (cls === SKIP || cls !== WORD) continue;
    let f = c < TAGGED ? FOLD[c]! : c - MATH;
    if (f >= 48 && f < 58) {
      f = LEET[f]!;
      last = last === 1 || last === 2 ? 2 : 3;
    } else {
      if (last === 2) leetWord = true;
      last = 1;
    }
    h = Math.imul(h ^ f, PRIME);
    if (++len === 5) leetStem = h;
  }
  return h;
}
