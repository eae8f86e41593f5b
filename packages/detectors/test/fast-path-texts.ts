/**
 * Texts for the fast-path property tests: the pieces the injection rules look for, the phrases
 * their left-hand expressions end with, and the characters at their edges, glued at random.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { detectInjection, detectPoisoning } from '../src/index.js';
import { fastPaths } from '../src/injection/fast-paths.js';
import type { Finding } from '../src/types.js';

/** Texts of up to `maxLength` pieces, each followed by glue: what one guard's own test reads. */
export function glued(
  pieces: readonly string[],
  glue: readonly string[],
  maxLength: number,
): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.constantFrom(...pieces), fc.constantFrom(...glue)), { maxLength })
    .map((a) => a.flat().join(''));
}

/** What the injection rules find in `text`, and with `tool` what they find in it as a tool's description too. */
export function ruleFindings(text: string, tool = false): Finding[] {
  const out: Finding[] = [];
  detectInjection(text, out);
  if (tool) detectPoisoning({ name: 't', description: text }, out);
  return out;
}

/** `f()` with the fast paths off. */
export function slowly<T>(f: () => T): T {
  fastPaths.on = false;
  try {
    return f();
  } finally {
    fastPaths.on = true;
  }
}

/**
 * Asserts over `numRuns` texts drawn from `texts` that the rules find the same with the fast paths
 * on as with them off (`tool`: read as a tool's description too).
 */
export function assertSameAsSlowPath(texts: fc.Arbitrary<string>, numRuns: number, tool = false): void {
  fc.assert(
    fc.property(texts, (t) => {
      expect(ruleFindings(t, tool)).toEqual(slowly(() => ruleFindings(t, tool)));
    }),
    { numRuns },
  );
}

/** Whitespace of the kinds the rules' `\s` reads, for glue. */
export const SPACES = [' ', '  ', '\n', '\t', '\u00a0', '\u2028'] as const;

/** Pieces the rules look for, and characters that sit at their edges. */
const WORDS = [
  ...'ignore previous instructions all the your system prompt you are now assistant ai model agent gpt claude note to for if you are meant send forward email transfer pay delete open visit call use the tool function when whenever replaces do not never must should please now then and also first instead reveal your new updated treat as read secret file ssh credentials env mcp important urgent user response task before after do perform export make list show print add include pass put get set change update http https www com'.split(
    ' ',
  ),
  "you're",
  'you’re',
  "don't",
  'model’s',
  "AI's",
  '<|im_start|>',
  '[INST]',
  '<<SYS>>',
  '<!--',
  '-->',
  '![x](',
  '](',
  '<img',
  '<important>',
  '</data>',
  'a@b.co',
  'x.io',
  'x-.com',
  '-.net',
  'GB29 NWBK 6016 1331 9268 19',
  '+1 555 010 9999',
  '$5',
  '100 EUR',
  '~/.ssh/id_rsa',
  '.env',
  'send_email',
  'TODO:',
];
/** Phrases that end the text the left-hand expressions read (imperatives, addresses, leaks). */
export const PHRASES = [
  ...'please kindly now then also first immediately and just finally next afterwards urgently quickly simply instead instead, todo: to-do:'.split(
    ' ',
  ),
  ..."you must|you should|you need to|you have to|you are to|you will|you shall|you can|you may|make sure to|make sure you|be sure to|remember to|don't forget to|go ahead and|want you to|told you to|i'd like you to|can you|could you|would you|a note to the|message for all|note to you, the|instructions are for the|is for the new|if you are an|if you're the|are you a|meant for|intended only for you, the|written to|reveal your system|print the full|tell me your|show us the hidden|treat this text as|read it as|your new|the actual|here are your updated|your system|your|the model's|the AI’s|do not|never".split(
    '|',
  ),
];
const GLUE = [
  ' ',
  ' ',
  ' ',
  '  ',
  '\n',
  '\n\n',
  '\t',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '',
  '.',
  ',',
  ':',
  '(',
  ')',
  '"',
  "'",
  '“',
  '-',
  '—',
  '>',
  '#',
  '*',
  '\u200b',
  'і',
  'Ａ',
];
const piece = fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...PHRASES));

export const texts = fc
  .array(fc.tuple(piece, fc.constantFrom(...GLUE), fc.boolean()), { maxLength: 60 })
  .map((parts) => parts.map(([w, g, upper]) => (upper ? w.toUpperCase() : w) + g).join(''));
export const anyText = fc.oneof(
  texts,
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ maxLength: 300 }),
);

/** Characters the tokeniser treats apart: separators, stops, quotes, markup, digits, disguises. */
export const modelText = fc
  .array(
    fc.constantFrom(
      'word',
      'Ignore',
      'th3',
      '1gn0r3',
      'caf\u00e9',
      'x',
      '42',
      ' ',
      '    ',
      '\t',
      '\n',
      '\r\n',
      '.',
      '. ',
      ';',
      ',',
      ':',
      '?',
      '!',
      '"',
      '\u201c',
      '\u201d',
      "'",
      '<',
      '[',
      '|',
      '#',
      '(',
      ')',
      '-',
      '_',
      'said',
      'like',
      '\u00ad',
      '\u200b',
      '\u0456',
      '\uff21',
      '\u4e2d',
      '\ud835\udc1a',
      '\udb40\udc41',
      '\ud83d\ude00',
      '\ud800',
    ),
    { maxLength: 60 },
  )
  .map((a) => a.join(''));
