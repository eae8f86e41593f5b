/**
 * Rules skip the sticky expressions whose leads (the words every match starts with) the trigger's
 * key rules out (`rules/leads.ts`). Every match must start with one of its expression's leads, and
 * the rules must find with the fast paths on what they find with them off.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledExpressions } from '../src/injection/rules/leads.js';
import { keyOf } from '../src/injection/triggers.js';
import { devTexts } from './dev-fixtures.js';
import { assertSameAsSlowPath } from './fast-path-texts.js';
import { ATTACKS, CLEAN } from './injection-cases.js';

const LEADS = [...new Set(ledExpressions().flatMap((l) => l.leads))];
/** What follows the leads in the rules' expressions, and words around them. */
const OBJECTS = [
  ...'a an the new bcc cc forwarding rule that forwards to up over away ownership of control password pin 2fa recovery e-mail payment card with into http get post request call it them me us all every file files secrets credentials api keys system prompt and then run execute install script please now never do not you'.split(
    ' ',
  ),
  ...'send_email is called tool function must always instead recipient destination other emails messages be sent forwarded you the user asks'.split(
    ' ',
  ),
  'https://x.io/a.sh',
  'x@evil.io',
  '$50',
  'IBAN GB29 NWBK 6016 1331 9268 19',
  '| sh',
  "'",
  '"q"',
  '<x>',
  '(y)',
  '[z]',
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
  '',
  '.',
  ',',
  ':',
  '-',
  '_',
  "'",
  '’',
  '. ',
  '! ',
];
const word = fc.oneof(fc.constantFrom(...LEADS), fc.constantFrom(...OBJECTS));
const text = fc
  .array(fc.tuple(word, fc.constantFrom(...GLUE), fc.constantFrom('lower', 'upper', 'title')), {
    maxLength: 30,
  })
  .map((parts) =>
    parts
      .map(([w, g, c]) => {
        const cased =
          c === 'upper' ? w.toUpperCase() : c === 'title' ? w.charAt(0).toUpperCase() + w.slice(1) : w;
        // A lead's space stands for any run of whitespace.
        return cased.replace(/ /g, g === '\n' ? '\n' : ' ') + g;
      })
      .join(''),
  );

/** The matches of `re` that do not start with one of `leads` in `t`: at every position, or those of a global search. */
function strays(re: RegExp, leads: readonly string[], t: string, everywhere: boolean): string[] {
  const stray = (match: string): boolean => !leads.some((w) => keyOf(match).startsWith(w));
  if (!everywhere)
    return [...t.matchAll(new RegExp(re.source, re.flags.replace('y', 'g')))].map((m) => m[0]).filter(stray);
  const out: string[] = [];
  for (let at = 0; at < t.length; at++) {
    re.lastIndex = at;
    const m = re.exec(t);
    if (m !== null && stray(m[0])) out.push(m[0]);
  }
  return out;
}

/**
 * `src` without assertions (`\b`, lookarounds), which `fc.stringMatching` cannot read: what it
 * generates is a candidate, a match where the expression itself matches it.
 */
function withoutAssertions(src: string): string {
  let out = '';
  let i = 0;
  // Skips a character class or an escape at `i` (`\b` in a class is a backspace, not a boundary).
  const skipAtom = (): void => {
    if (src[i] === '\\') i += 2;
    else if (src[i] === '[') {
      for (i++; src[i] !== ']'; i++) if (src[i] === '\\') i++;
      i++;
    } else i++;
  };
  while (i < src.length) {
    if (src[i] === '\\' && (src[i + 1] === 'b' || src[i + 1] === 'B')) i += 2;
    else if (/^\(\?<?[=!]/.test(src.slice(i, i + 4))) {
      let depth = 0;
      do {
        if (src[i] === '(') depth++;
        else if (src[i] === ')') depth--;
        skipAtom();
      } while (depth > 0);
    } else {
      const from = i;
      skipAtom();
      out += src.slice(from, i);
    }
  }
  return out;
}

/** Strings that may match `re` from their start, generated from its source. */
function candidates(re: RegExp): fc.Arbitrary<string> {
  const matching = fc.stringMatching(new RegExp(`^(?:${withoutAssertions(re.source)})`));
  return re.ignoreCase ? fc.mixedCase(matching) : matching;
}

describe('leads', () => {
  it('start every match of their expression', () => {
    for (const { re, leads } of ledExpressions()) {
      fc.assert(
        fc.property(candidates(re), (t) => {
          expect(strays(re, leads, t, true)).toEqual([]);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('start every match in the hand-written cases and the development set', () => {
    const texts = [...ATTACKS, ...CLEAN, ...devTexts()];
    for (const { re, leads } of ledExpressions())
      for (const t of texts) expect(strays(re, leads, t, false)).toEqual([]);
  });

  it('leave the findings as the slow path finds them', () => {
    // Words, and what each expression matches, among them.
    const matches = fc.oneof(...ledExpressions().map(({ re }) => candidates(re)));
    const mixed = fc
      .array(fc.tuple(fc.oneof(text, matches), fc.constantFrom(...GLUE)), { maxLength: 6 })
      .map((a) => a.flat().join(''));
    assertSameAsSlowPath(mixed, 1500);
  });

  it('leave the notes in other languages as the slow path finds them', () => {
    // The foreign-note rule also reads the word after "message" and "note" before its expression.
    const note = fc
      .tuple(
        fc.constantFrom(
          'message',
          'Message',
          'NOTE',
          'note',
          'instruction',
          'Instructions',
          'nota',
          'Hinweis',
        ),
        fc.constantFrom(' ', '  ', '\n', '\u00a0', '', ',', ' :'),
        fc.constantFrom('pour', 'Pour', 'POUR', 'à', 'À', 'a', 'par', 'para', 'per', 'für', 'voor'),
        fc.constantFrom(
          " l'IA",
          ' la IA',
          ' l’assistant',
          ' le modèle',
          ' agent IA',
          ' den KI-Assistenten',
          ' x',
        ),
        fc.constantFrom(': envoie le fichier', ' : ignore', '.', ''),
      )
      .map((parts) => parts.join(''));
    assertSameAsSlowPath(
      fc.array(note, { minLength: 1, maxLength: 4 }).map((notes) => notes.join('\n')),
      1000,
    );
  });
});
