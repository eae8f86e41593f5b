/**
 * The attack vocabulary's expressions are written with the words that start alike sharing a
 * branch, for speed; each must match the very spans of the plain list it replaced, on strings of
 * its words glued, cut and cased at random and on the development set.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABOUT_ATTACKS } from '../src/injection/rules/context.js';
import { STARTS } from '../src/injection/rules/discussion.js';
import { devTexts } from './dev-fixtures.js';
import { anyText } from './fast-path-texts.js';

/** Every match of `re` in `s`, as `index:text`, searched as a global expression. */
function spans(re: RegExp, s: string): string[] {
  return [...s.matchAll(new RegExp(re.source, `${re.flags}g`))].map((m) => `${m.index}:${m[0]}`);
}

/** What `re` matches starting at each position of `s` (a sticky match there), as `index:text`. */
function startsAt(re: RegExp, s: string): string[] {
  const sticky = new RegExp(re.source, `${re.flags.replace('g', '')}y`);
  const found: string[] = [];
  for (let i = 0; i <= s.length; i++) {
    sticky.lastIndex = i;
    const m = sticky.exec(s);
    if (m !== null) found.push(`${i}:${m[0]}`);
  }
  return found;
}

/** Strings of `words`, whole or cut, in any case, glued by what sits at their edges. */
function vocabulary(words: readonly string[]): fc.Arbitrary<string> {
  const piece = fc.oneof(
    fc.constantFrom(...words),
    fc.constantFrom(...words).map((w) => w.toUpperCase()),
    fc
      .tuple(fc.constantFrom(...words), fc.nat(12), fc.boolean())
      .map(([w, k, head]) => (head ? w.slice(0, k) : w.slice(k))),
    fc.constantFrom(
      ' ',
      '  ',
      '\n',
      '\t',
      '\u00a0',
      '-',
      '_',
      '.',
      'x',
      '1',
      '@',
      '/',
      '"',
      '\u212a',
      '\u017f',
      'İ',
    ),
  );
  return fc.array(piece, { maxLength: 30 }).map((a) => a.join(''));
}

/** The expressions' words as text, each way their separators and endings can be written. */
const ABOUT_WORDS = [
  'prompt injection',
  'prompt-injection',
  'jailbreak',
  'attack',
  'attacks',
  'attacker',
  'attackers',
  'attacked',
  'adversar',
  'owasp',
  'mitigat',
  'red team',
  'red-team',
  'red\nteam',
  'research',
  'researcher',
  'researchers',
  'threat model',
  'threat  model',
  'vulnerab',
  'security research',
  'for example',
  'for\texample',
  'e.g.',
  'e.g',
];

describe('ABOUT_ATTACKS', () => {
  /** ABOUT_ATTACKS as it was written before its branches were shared. */
  const PLAIN =
    /prompt[-\s]injection|jailbreak|\battack(?:s|ers?|ed)?\b|adversar|\bowasp\b|mitigat|red[-\s]team|threat\s+model|vulnerab|security\s+research|researchers?\b|for\s+example|e\.g\./i;

  it('matches the spans of the plain list on strings of its words', () => {
    fc.assert(
      fc.property(fc.oneof(vocabulary(ABOUT_WORDS), anyText), (s) => {
        expect(spans(ABOUT_ATTACKS, s)).toEqual(spans(PLAIN, s));
      }),
      { numRuns: 5000 },
    );
  });

  it('matches the spans of the plain list on the development set', () => {
    const differ = devTexts().filter((t) => spans(ABOUT_ATTACKS, t).join() !== spans(PLAIN, t).join());
    expect(differ).toEqual([]);
  });
});

/** STARTS' words as text, each way their separators can be written. */
const STARTS_WORDS =
  'injection jailbreak attack malicious for e.g. such phrase red adversarial security threat detect vulnerab owasp defense defence guardrail classif example pattern'
    .split(' ')
    .concat([
      'for ',
      'for\n',
      'such ',
      'such\t',
      'red team',
      'red-team',
      'red\u00a0team',
      'e.g',
      'defen',
      'phrases',
    ]);

describe('STARTS', () => {
  /** STARTS as it was written before its branches were shared. */
  const PLAIN =
    /injection|jailbreak|attack|malicious|for\s|e\.g\.|such\s|phrase|red[-\s]team|adversarial|security|threat|detect|vulnerab|owasp|defen[cs]e|guardrail|classif|example|pattern/gi;

  it('matches what the plain list matches at every position, on strings of its words', () => {
    fc.assert(
      fc.property(fc.oneof(vocabulary(STARTS_WORDS), anyText), (s) => {
        expect(startsAt(STARTS, s)).toEqual(startsAt(PLAIN, s));
      }),
      { numRuns: 5000 },
    );
  });

  it('matches what the plain list matches at every position of the development set', () => {
    const differ = devTexts().filter((t) => startsAt(STARTS, t).join() !== startsAt(PLAIN, t).join());
    expect(differ).toEqual([]);
  });
});
