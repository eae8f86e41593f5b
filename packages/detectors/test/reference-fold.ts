/**
 * `fold` as it was first written, one character at a time: the reference the faster one is
 * checked against (`injection-fast-paths.test.ts`). The tables are the detector's own; the
 * algorithm is the reference.
 */
import type { Folded } from '../src/injection/obfuscation.js';
import { FOLD, INVISIBLE, LEET_FOLD, mathLetter } from '../src/injection/obfuscation.js';

const TOKEN = /[A-Za-z0-9@$!|]+/g;

export function referenceFold(text: string): Folded {
  const out: string[] = [];
  const map: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      out.push(text[i]!);
      map.push(i);
      continue;
    }
    if (INVISIBLE.test(text[i]!)) continue;
    const look = FOLD.get(c);
    if (look !== undefined) out.push(look);
    else if (c >= 0xff01 && c <= 0xff5e) out.push(String.fromCharCode(c - 0xfee0));
    else if (c === 0xd835 && i + 1 < text.length) {
      const cp = text.codePointAt(i)!;
      out.push(mathLetter(cp));
      map.push(i);
      i++;
      continue;
    } else out.push(text[i]!);
    map.push(i);
  }
  map.push(text.length);
  const folded = out.join('').replace(TOKEN, unleet);
  return { text: folded, map: Int32Array.from(map) };
}

function unleet(token: string): string {
  if (token.length > 24 || /^[A-Za-z]+$/.test(token) || /^[0-9@$!|]+$/.test(token)) return token;
  const letters = token.replace(/[^A-Za-z]/g, '').length;
  if (letters < 2 || letters / token.length < 0.4) return token;
  return token.replace(/[013457@$!|9]/g, (d) => LEET_FOLD[d] ?? d);
}
