/**
 * `fold` as it was first written, one character at a time: the reference the faster one is
 * checked against (`injection-fast-paths.test.ts`).
 */
import type { Folded } from '../src/injection/obfuscation.js';

const FOLD = new Map<number, string>();
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
const LEET_FOLD: Record<string, string> = {
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
const INVISIBLE = /[\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff]/;
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

function mathLetter(cp: number): string {
  if (cp >= 0x1d7ce && cp <= 0x1d7ff) return String.fromCharCode(48 + ((cp - 0x1d7ce) % 10));
  if (cp >= 0x1d400 && cp <= 0x1d6a3) {
    const k = (cp - 0x1d400) % 52;
    return String.fromCharCode(k < 26 ? 65 + k : 97 + k - 26);
  }
  return '?';
}
