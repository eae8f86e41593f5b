/**
 * Does the text around a phrase discuss attacks? `voice` asks where a bare quotation mark precedes
 * a phrase, and each answer reads 1,200 characters with an expression of twenty words, at about
 * 7 ns a character. The phrases that ask cluster: on the bench corpus, 376 asks fell in 29 texts,
 * 92 in one, their windows a hundred characters apart. So the text is searched once for where a
 * match could start, and the expression runs only there.
 */
import { fastPaths } from '../fast-paths.js';

/**
 * Vocabulary of a text that discusses attacks rather than makes one ("example" as a word, not the
 * reserved domains `example.com` and `.example` that made-up addresses use).
 */
const SOURCE = String.raw`injection|jailbreak|attack|malicious|for\s+example|e\.g\.|such\s+as|phrases?\s+like|red[-\s]team|adversarial|security|threat|detect|vulnerab|owasp|defen[cs]e|guardrail|classif|(?<![\w.@/-])examples?\b(?![.-]\w)|pattern`;
const DISCUSSION = new RegExp(SOURCE, 'i');
/** The same, matched at one position. */
const DISCUSSION_AT = new RegExp(SOURCE, 'iy');

/**
 * How each of DISCUSSION's branches starts, a bounded stretch of it, without what it asserts
 * around it: where none of these starts, no match does. The ones that start alike share a branch:
 * the engine tries every top-level branch at each character, and fifteen take 0.9 of the time
 * twenty did.
 */
export const STARTS =
  /injection|jailbreak|a(?:ttack|dversarial)|malicious|for\s|e(?:\.g\.|xample)|s(?:uch\s|ecurity)|p(?:hrase|attern)|red[-\s]team|threat|de(?:tect|fen[cs]e)|vulnerab|owasp|guardrail|classif/gi;
/** The longest of STARTS ("adversarial") less one: how far one begun in a block may reach past it. */
const OVERHANG = 10;

/** How far around a phrase the vocabulary counts. */
const REACH = 600;
/** The text is searched for STARTS in blocks of this size, each once, on demand. */
const BLOCK = 256;
/** For the last text asked about: by block, where STARTS match in it. */
let found: { text: string; blocks: (number[] | undefined)[] } | undefined;

/** Every position in block `block` where one of STARTS matches (each one, overlapping or not). */
function startsIn(text: string, block: number): number[] {
  const from = block * BLOCK;
  const s = text.slice(from, from + BLOCK + OVERHANG);
  const at: number[] = [];
  STARTS.lastIndex = 0;
  for (let m = STARTS.exec(s); m !== null && m.index < BLOCK; m = STARTS.exec(s)) {
    at.push(from + m.index);
    STARTS.lastIndex = m.index + 1;
  }
  return at;
}

/** `DISCUSSION.test(text.slice(lo, hi))`, tried only where STARTS found a possible start. */
function testAtStarts(text: string, lo: number, hi: number): boolean {
  if (found === undefined || found.text !== text) found = { text, blocks: [] };
  const { blocks } = found;
  let slice: string | undefined;
  for (let b = Math.floor(lo / BLOCK); b * BLOCK < hi; b++) {
    let starts = blocks[b];
    if (starts === undefined) {
      starts = startsIn(text, b);
      blocks[b] = starts;
    }
    for (const p of starts) {
      if (p < lo || p >= hi) continue;
      slice ??= text.slice(lo, hi);
      DISCUSSION_AT.lastIndex = p - lo;
      if (DISCUSSION_AT.test(slice)) return true;
    }
  }
  return false;
}

/** Whether the text within 600 characters of `at` uses the vocabulary of writing about attacks. */
export function discussesAttacks(text: string, at: number): boolean {
  const lo = Math.max(0, at - REACH);
  if (fastPaths.on) return testAtStarts(text, lo, Math.min(text.length, at + REACH));
  return DISCUSSION.test(text.slice(lo, at + REACH));
}
