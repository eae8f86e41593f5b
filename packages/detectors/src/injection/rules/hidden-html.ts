/**
 * Hidden HTML: comments and elements styled out of sight (`display:none`, `visibility:hidden`,
 * `font-size:0`, `opacity:0`, white text, off-screen positioning). Hiding alone is common in web
 * pages; the rules only mark the region, and the region counts when another rule fires inside it.
 */
import { matchAt, type Rule, sticky } from '../rule.js';

const STYLE = sticky(String.raw`style\s*=\s*(?:"([^"<>]{0,400})"|'([^'<>]{0,400})')`);
const HIDDEN_CSS =
  /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*[01](?:\.\d+)?(?:px|pt|em|rem|%)?\s*(?:[;!]|$)|opacity\s*:\s*0(?:\.0\d*)?\s*(?:[;!]|$)|(?:^|[;\s])color\s*:\s*(?:#fff(?:fff)?\b|white\b|rgba?\(\s*255\s*,\s*255\s*,\s*255)|(?:^|[;\s])(?:height|width|max-height)\s*:\s*0(?:px)?\s*(?:[;!]|$)|(?:left|top|text-indent)\s*:\s*-\d{3,}|clip\s*:\s*rect\(\s*0/i;
const TAG_NAME = /^<([a-z][\w-]*)/i;
const VOID = /^(?:area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/i;
const SPAN = 8000;

/**
 * The next `-->` from `from`. Remembers the last answer for the same text, so a text of many
 * unclosed `<!--` costs one search, not one per opener.
 */
let memo: { text: string; from: number; close: number } | undefined;
function closeOf(text: string, from: number): number {
  if (
    memo !== undefined &&
    memo.text === text &&
    from >= memo.from &&
    (memo.close < 0 || from <= memo.close)
  ) {
    return memo.close;
  }
  const close = text.indexOf('-->', from);
  memo = { text, from, close };
  return close;
}

export const hiddenHtml: Rule = {
  words: ['style'],
  symbols: ['<!--'],
  check(ctx, at, _end, key) {
    const { text } = ctx;
    if (key === '<!--') {
      const close = closeOf(text, at + 4);
      const end = close < 0 || close - at > SPAN ? Math.min(text.length, at + SPAN) : close + 3;
      ctx.hide(at, end);
      // An unclosed comment hides the rest anyway: the openers inside it add nothing.
      return close < 0 ? end : undefined;
    }
    const m = matchAt(STYLE, text, at);
    if (m === null || !HIDDEN_CSS.test(m[1] ?? m[2] ?? '')) return undefined;
    const open = text.lastIndexOf('<', at);
    if (open < 0 || at - open > 400) return undefined;
    const name = TAG_NAME.exec(text.slice(open, at))?.[1];
    if (name === undefined || VOID.test(name)) return undefined;
    const openEnd = text.indexOf('>', at + m[0].length);
    if (openEnd < 0) return undefined;
    const inner = text
      .slice(openEnd, openEnd + SPAN)
      .toLowerCase()
      .indexOf(`</${name.toLowerCase()}`);
    const end = inner < 0 ? Math.min(text.length, openEnd + SPAN) : openEnd + inner;
    ctx.hide(open, end);
    return undefined;
  },
};
