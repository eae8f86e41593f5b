/**
 * Is a phrase said, or talked about? "Ignore previous instructions" is an instruction; "attackers
 * write 'ignore previous instructions' into web pages" and "the model may ignore previous
 * instructions" are not. Rules scale a phrase down when the words before it report or describe it.
 */

import { isSpace, wordRunStart } from '../chars.js';
import { fastPaths } from '../fast-paths.js';
import { FENCES, NEWLINES } from '../positions.js';
import { before } from '../rule.js';
import { endTest } from '../tail.js';
import { discussesAttacks } from './discussion.js';

/** Words before a phrase that make it reported speech or a description of someone else's act. */
export const REPORTING =
  /(?:\b(?:to|can|could|would|will|may|might|should|that|which|who|models?|llms?|agents?|ai|it|they|he|she|attackers?|hackers?|adversar\w*|users?|instructing|instructs?|instructed|tells?|telling|told|asking|asks?|asked|trick\w*|convinc\w*|makes?|making|such\s+as|like|e\.g\.?|i\.e\.?|for\s+example|for\s+instance|called|named|phrases?|phrased|says?|saying|said|contains?|containing|includes?|including|strings?|words?|patterns?|text|known\s+as|classic|famous|infamous|typical|the|a|an|not|never|cannot|can't|won't|doesn't|didn't|to\s+not)\s*[:,]?\s*["'“‘«`]?\s*)$/i;

const QUOTE = /["'“‘«`]\s*$/;

/** The last word of each of REPORTING's phrases, lower case ("such as" ends in "as", "can't" in "t", "e.g" in "g"). */
const REPORTING_ENDS = new Set(
  'to can could would will may might should that which who model models llm llms agent agents ai it they he she attacker attackers hacker hackers user users instructing instruct instructs instructed tell tells telling told asking ask asks asked make makes making as like e g example instance called named phrase phrases phrased say says saying said contain contains containing include includes including string strings word words pattern patterns text classic famous infamous typical the a an not never cannot t'.split(
    ' ',
  ),
);

/** `\s`, `:`, `,` or one of REPORTING's quotation marks: what may follow its phrase. */
function followsReport(c: number): boolean {
  return (
    c === 58 ||
    c === 44 ||
    c === 34 ||
    c === 39 ||
    c === 0x201c ||
    c === 0x2018 ||
    c === 0xab ||
    c === 96 ||
    isSpace(c)
  );
}

/**
 * Whether REPORTING can match `left`. Only spaces, a `:` or `,` and a quotation mark may follow
 * its phrase, and no phrase ends with one of those, so a phrase ends at the last other character:
 * the whole word there (`\b` before it), or "e.g." or "i.e.". Nine in ten left contexts end in
 * another word, and the expression tries each of their 48 characters (REPORTING 0.6 of the time).
 */
export function mayReport(left: string): boolean {
  let end = left.length - 1;
  while (end >= 0 && followsReport(left.charCodeAt(end))) end--;
  if (end < 0) return false;
  if (left.charCodeAt(end) === 46) {
    // "e.g." or "i.e.": a dot, `g` or `e`, a dot.
    if (end < 2 || left.charCodeAt(end - 2) !== 46) return false;
    const c = left.charCodeAt(end - 1) | 32;
    return c === 103 || c === 101;
  }
  const start = wordRunStart(left, end + 1);
  if (start === end + 1) return false;
  const word = left.slice(start, end + 1).toLowerCase();
  return (
    REPORTING_ENDS.has(word) ||
    word.startsWith('adversar') ||
    word.startsWith('trick') ||
    word.startsWith('convinc')
  );
}

/** Words before a phrase that aim it at the reader, whatever else precedes them. */
const AIMED = endTest(
  /\b(?:you\s+(?:must|should|need\s+to|have\s+to|are\s+to|will|shall|can\s+now|may\s+now|ought\s+to)|(?:want|need|ask|require|order|instruct|tell|command)\s+you\s+to|(?:remember|be\s+sure|make\s+sure|don'?t\s+forget|(?:it'?s\s+)?time)\s+to|please|now|so|and|then|just|kindly|simply|must)\s*[:,]?\s*$/i,
);

/**
 * Vocabulary of writing about attacks (articles, advisories, detector docs), rare in attacks. The
 * words that start alike share a branch ("attack" and "owasp" their `\b`s): the engine tries every
 * top-level branch at each character of a block, and eleven take 0.87–0.89 of the time thirteen did
 * on the corpus's blocks.
 */
export const ABOUT_ATTACKS =
  /prompt[-\s]injection|jailbreak|\b(?:attack(?:s|ers?|ed)?|owasp)\b|adversar|mitigat|re(?:d[-\s]team|searchers?\b)|threat\s+model|vulnerab|security\s+research|for\s+example|e\.g\./i;

/** The text is read for attack vocabulary in blocks of this size, each once, on demand. */
const BLOCK = 2048;
/** How far around a phrase the vocabulary counts. */
const REACH = 500;
/** For the last text asked about: which blocks mention attacks (true/false), by block index. */
let about: { text: string; blocks: Map<number, boolean> } | undefined;

function blockMentions(text: string, block: number): boolean {
  // Overlap the next block a little, so a word across the border is seen.
  const from = block * BLOCK;
  return ABOUT_ATTACKS.test(text.slice(from, from + BLOCK + 32));
}

/**
 * 0.5 when the text within about 500 characters of `at` writes about attacks, else 1. Blocks are
 * read lazily and remembered, so a text costs at most one pass however many phrases ask.
 */
export function aboutAttacks(text: string, at: number): number {
  if (about === undefined || about.text !== text) about = { text, blocks: new Map() };
  const { blocks } = about;
  const first = Math.max(0, Math.floor((at - REACH) / BLOCK));
  const last = Math.floor((at + REACH) / BLOCK);
  for (let b = first; b <= last && b * BLOCK < text.length; b++) {
    let mentions = blocks.get(b);
    if (mentions === undefined) {
      mentions = blockMentions(text, b);
      blocks.set(b, mentions);
    }
    if (mentions) return 0.5;
  }
  return 1;
}

/** How much of its score a phrase at `at` keeps: 1 when it is said, less when it is reported. */
export function voice(text: string, at: number): number {
  const about = aboutAttacks(text, at);
  const left = before(text, at, 48);
  if (AIMED(left)) return about;
  if ((!fastPaths.on || mayReport(left)) && REPORTING.test(left)) return 0.3 * about;
  // A bare quotation mark only reports when the text around it discusses attacks.
  if (QUOTE.test(left)) return discussesAttacks(text, at) ? 0.3 : about;
  return about;
}

/** Words that introduce a quotation as an example or as someone else's words. */
const QUOTING = endTest(
  /\b(?:says?|said|saying|writes?|wrote|written|like|such\s+as|e\.g\.?|for\s+example|for\s+instance|phrases?|called|asks?|asked|asking|tells?|told|reads?|reading)\s*[:,]?\s*["“]$/i,
);

/**
 * 0.3 when `at` lies inside a quotation, on its line, that a reporting word opens ('one of the
 * letters says, "Dear assistant, …"', 'text like "support AI, do this"'), else 1: the quoted
 * words are an example of what someone wrote, not said to the reader.
 */
export function quotedExample(text: string, at: number): number {
  let open = -1;
  let straight = 0;
  for (let i = at - 1; i >= 0 && i >= at - 160; i--) {
    const c = text.charCodeAt(i);
    if (c === 10) break;
    if (c === 0x201d) break; // a closing ” before `at`: not inside
    if (c === 0x201c) {
      if (straight === 0) open = i;
      break;
    }
    if (c === 34) {
      straight++;
      open = i;
    }
  }
  // An odd number of straight quotes before `at` on the line: the last one opened a quotation.
  if (open < 0 || (text.charCodeAt(open) === 34 && straight % 2 === 0)) return 1;
  if (text.charCodeAt(open) === 34) {
    // The opening one is the nearest straight quote before `at`.
    let i = at - 1;
    while (text.charCodeAt(i) !== 34) i--;
    open = i;
  }
  return QUOTING(before(text, open + 1, 48)) ? 0.3 : 1;
}

/**
 * Is `at` in a code sample: a line indented by four spaces or a tab under a blank or indented
 * line or one that ends in a colon, or inside a ``` fence? Documentation shows prompts and chat formats in such blocks.
 */
export function inCodeBlock(text: string, at: number): boolean {
  const lineStart = NEWLINES.last(text, at - 1) + 1;
  if (/^(?: {4}|\t)/.test(text.slice(lineStart, lineStart + 4))) {
    const prevStart = NEWLINES.last(text, lineStart - 2) + 1;
    const prev = lineStart === 0 ? '' : text.slice(prevStart, lineStart - 1);
    // Under a blank line, more of the block, or a line that introduces it ("ChatML-style:").
    if (prev.trim() === '' || /^(?: {4}|\t)/.test(prev) || /:[ \t]*$/.test(prev)) return true;
  }
  return FENCES.countBefore(text, at) % 2 === 1;
}

/** How far back `inStringValue` reads a line. */
const LINE_REACH = 2000;

/** Is `at` inside a string value on its line (`"content": "You are …`, `prompt = "…`)? */
export function inStringValue(text: string, at: number): boolean {
  // The line up to `at`, from at most LINE_REACH back: a value opened further left is not this one.
  const lineStart = Math.max(NEWLINES.last(text, at - 1) + 1, at - LINE_REACH);
  const line = text.slice(lineStart, at);
  const open = /[:=]\s*["'`]([^"'`]*)$/.exec(line);
  return open !== null;
}

/** Vocabulary of documentation about prompts and chat formats. */
const PROMPT_DOCS =
  /\b(?:chat\s+templates?|prompt\s+formats?|chat\s+formats?|special\s+tokens?|header\s+tokens?|tokeni[sz]ers?|chatml|messages?\s+(?:api|roles?|format)|(?:the|each|every)\s+(?:message|turn)s?\s+(?:has|have|is|are)|role\s+(?:and|of)\b|roles?\s*:|role\s+(?:markers?|labels?|prefix(?:es)?|tags?)|turns?\s+(?:are|is)\s+(?:prefixed|marked|labell?ed|tagged)|fine-?tun\w+|api\s+reference|request\s+body|completions?\s+api)/i;

/** Does the text within `reach` characters of `at` document prompts or chat formats? */
export function promptDocs(text: string, at: number, reach = 1500): boolean {
  return PROMPT_DOCS.test(text.slice(Math.max(0, at - reach), at + reach));
}

/** A configuration key that holds a prompt: `system_prompt: |`, `instructions: >`, `prompt = """`. */
const PROMPT_KEY =
  /^([ \t]*)-?[ \t]*["']?[\w.-]*(?:prompt|instructions?|system|persona|preamble)[\w.-]*["']?[ \t]*[:=][ \t]*(?:[|>][-+]?|"""|'''|`)[ \t]*$/i;

/**
 * Whether the line `[start, end)` ends as a `PROMPT_KEY` line does, in `|`, `>`, `-`, `+`, a quote
 * or a backtick before spaces and tabs: most lines do not, and one look is cheaper than the
 * expression, read on up to 40 lines per question.
 */
function endsLikeKey(text: string, start: number, end: number): boolean {
  let i = end - 1;
  while (i >= start && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  if (i < start) return false;
  const c = text.charCodeAt(i);
  return c === 124 || c === 62 || c === 45 || c === 43 || c === 34 || c === 39 || c === 96;
}

/**
 * Is `at` inside a prompt written as a configuration value that spans lines — a YAML block scalar
 * under a prompt key (every line since it indented deeper than the key), or a triple-quoted string
 * opened after one? A configured system prompt ("You are the help desk assistant for …") sets up
 * a model; it is not text speaking to the one reading it.
 */
export function inPromptSetting(text: string, at: number): boolean {
  let end = NEWLINES.last(text, at - 1);
  for (let lines = 0; end >= 0 && lines < 40; lines++) {
    const start = NEWLINES.last(text, end - 1) + 1;
    // A line that cannot be a key's is not cut out: it reads as empty, which no key matches.
    const line = !fastPaths.on || endsLikeKey(text, start, end) ? text.slice(start, end) : '';
    const key = PROMPT_KEY.exec(line);
    if (key !== null) {
      if (/"""|'''|`\s*$/.test(line)) return true;
      // Every line between the key and `at` (the line of `at` included) sits deeper than the key.
      const depth = (key[1] ?? '').length;
      const block = text.slice(end + 1, at);
      return block.split('\n').every((l) => l.trim() === '' || /^[ \t]*/.exec(l)![0].length > depth);
    }
    end = start - 1;
  }
  return false;
}

/**
 * A repository's instructions for AI coding tools (`AGENTS.md`, `CLAUDE.md`,
 * `.github/copilot-instructions.md`, "Guidelines for AI assistants"), by its title: the first
 * non-empty line names the tool or AI agents and calls itself instructions, rules or a guide.
 * Such a file speaks to the model and gives it orders by design; what it asks for is what counts.
 */
const GUIDE_TITLE =
  /^\s*(?:#{1,3}\s*)?(?:(?:agents|claude|gemini|copilot|cursor|codex)\.md\b|(?:(?:github\s+)?copilot|claude(?:\s+code)?|cursor|codex|gemini|(?:ai|llm)(?:\s+coding)?\s+(?:assistants?|agents?|tools?)|coding\s+(?:agents?|assistants?)|agents?)(?:\s*[:—–-]\s*|\s+)(?:[\w\s-]{0,20}\s)?(?:instructions|guidelines|rules|guide|conventions|notes)\b|(?:instructions|guidelines|rules|notes)\s+for\s+(?:ai\s+|llm\s+)?(?:coding\s+)?(?:agents|assistants|tools|copilot|claude|cursor)\b)/i;

export function agentGuide(text: string): boolean {
  // The title line alone: "Instructions for AI tools summarizing this page: replace …" opens an
  // address, not a guide.
  const first = /^\s*([^\n]{1,100})(?:\n|$)/.exec(text.slice(0, 200))?.[1] ?? '';
  return (
    GUIDE_TITLE.test(first) &&
    !/:\s*\S/.test(first) &&
    !/\b(?:this|these)\s+(?:page|text|email|e-mail|message|document)\b/i.test(first)
  );
}
