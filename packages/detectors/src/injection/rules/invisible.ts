/**
 * Text a person cannot see: Unicode tag characters (U+E0000–E007F, ASCII smuggled invisibly),
 * zero-width characters inside words or in runs, bidi overrides and isolates (Trojan Source).
 * Zero-width joiners inside emoji and non-Latin scripts, a leading BOM and flag emoji are normal.
 */
import { excerpt, type Rule } from '../rule.js';

const TAG_RUN = /(?:\udb40[\udc00-\udc7f])+/y;
const ZERO_WIDTH = /[\u180e\u200b-\u200d\u2060-\u2064\ufeff]/;
const ZERO_WIDTH_RUN = /[\u180e\u200b-\u200d\u2060-\u2064\ufeff]+/y;
/** Zero-width characters between ASCII letters or digits, within the next stretch of text. */
const IN_WORD = /[A-Za-z0-9][\u180e\u200b-\u200d\u2060-\u2064\ufeff]+(?=[A-Za-z0-9])/g;
const BIDI = /[\u202d\u202e\u2066-\u2069]/g;
const STRETCH = 4000;
const MINE = /[\u180e\u200b-\u200d\u2060-\u2064\ufeff\u202d\u202e\u2066-\u2069]/;

function tagChars(
  text: string,
  at: number,
  add: (s: number, e: number, score: number, msg: string) => void,
): number {
  TAG_RUN.lastIndex = at;
  const m = TAG_RUN.exec(text);
  if (m === null) return at + 1;
  const end = at + m[0].length;
  const n = m[0].length / 2;
  // A subdivision flag (🏴 + a few tags + cancel tag) is the one legitimate use.
  const flag = text.slice(at - 2, at) === '\ud83c\udff4' && n <= 7 && text.charCodeAt(end - 1) === 0xdc7f;
  if (!flag) {
    let decoded = '';
    for (let i = 0; i < m[0].length && decoded.length < 60; i += 2) {
      const c = m[0].charCodeAt(i + 1) - 0xdc00;
      if (c >= 0x20 && c < 0x7f) decoded += String.fromCharCode(c);
    }
    add(
      at,
      end,
      n >= 4 ? 0.9 : 0.5,
      `${n} invisible Unicode tag characters spelling ${excerpt(decoded, 0, decoded.length)}`,
    );
  }
  return end;
}

export const invisible: Rule = {
  chars: String.raw`\u180e\u200b-\u200d\u2060-\u2064\ufeff\u202d\u202e\u2066-\u2069\udb40`,
  check(ctx, at) {
    const { text } = ctx;
    const c = text.charCodeAt(at);
    // The characters pass is shared: another rule's character (a Cyrillic letter, say) is not ours.
    if (c !== 0xdb40 && !MINE.test(text.charAt(at))) return undefined;
    const add = (s: number, e: number, score: number, msg: string): void =>
      ctx.add('invisible-text', s, e, score, msg);
    if (c === 0xdb40) return tagChars(text, at, add);
    const to = Math.min(text.length, at + STRETCH);
    const base = Math.max(0, at - 1);
    const stretch = text.slice(base, to);
    if (ZERO_WIDTH.test(text.charAt(at))) {
      ZERO_WIDTH_RUN.lastIndex = at;
      const run = ZERO_WIDTH_RUN.exec(text);
      const runEnd = at + (run?.[0].length ?? 1);
      if (runEnd - at >= 3) {
        add(at, runEnd, runEnd - at >= 16 ? 0.55 : 0.4, `${runEnd - at} zero-width characters in a row`);
        return runEnd;
      }
      let n = 0;
      let last = at;
      for (const m of stretch.matchAll(IN_WORD)) {
        n += m[0].length - 1;
        last = base + m.index + m[0].length;
      }
      if (n > 0) ctx.suspect(at);
      if (n >= 3) add(at, last, n >= 8 ? 0.45 : 0.3, `${n} zero-width characters hidden inside words`);
      return Math.max(runEnd, last);
    }
    let n = 0;
    let last = at;
    for (const m of stretch.matchAll(BIDI)) {
      n++;
      last = base + m.index + 1;
    }
    add(
      at,
      last,
      n >= 3 ? 0.45 : 0.3,
      `${n} bidirectional override or isolate characters (text may read differently than it runs)`,
    );
    return last;
  },
};
