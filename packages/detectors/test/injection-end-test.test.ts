/**
 * `endTest` runs an expression anchored at its end as a lookbehind from the end of the string:
 * each such expression must answer as the expression itself, on random strings, on strings of its
 * own words, and on the text before every word of the hand-written cases and the development set.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectInjection } from '../src/index.js';
import { before } from '../src/injection/rule.js';
import { endAnchoredOnly, endTests } from '../src/injection/tail.js';
import { devTexts } from './dev-fixtures.js';
import { anyText, PHRASES, texts } from './fast-path-texts.js';
import { ATTACKS, CLEAN } from './injection-cases.js';

// The rules make their end tests when they load.
detectInjection('', []);

/** Words the end-anchored expressions of the address and action rules end with. */
const ENDINGS = [
  ...PHRASES,
  ...'hey hi hello dear okay attention attn yo psst listen greetings note hola ola olá there to for the my all any every our whichever whatever or and / @ a an this some you, you( you— tell instruct ask remind let order direct address addresses targets told tricks aimed at directed at as the user’s as their person or human and users or reader or meant only solely for to at intended never not n’t don’t no one nobody won’t forget'.split(
    ' ',
  ),
];
const GAPS = [
  ' ',
  '  ',
  '\n',
  ' \t',
  '',
  ', ',
  ': ',
  '! ',
  '. ',
  ' — ',
  '- ',
  '* ',
  '> ',
  '(',
  '[',
  '"',
  '“',
];
const ends = fc
  .array(fc.tuple(fc.constantFrom(...ENDINGS), fc.constantFrom(...GAPS), fc.boolean()), { maxLength: 10 })
  .map((a) => a.map(([w, g, up]) => (up ? w.toUpperCase() : w) + g).join(''));
const strings = fc.oneof(
  ends,
  fc.tuple(texts, ends).map(([a, b]) => a + b),
  anyText,
);

/** The words of an expression's source, in the cases and with the marks the texts around them use. */
function wordsOf(re: RegExp): string[] {
  const words = re.source.match(/[a-z]+(?:['’][a-z]+)?/gi) ?? [];
  return words.flatMap((w) => [w, w.toUpperCase(), `${w[0]!.toUpperCase()}${w.slice(1)}`, `x${w}`, `${w}s`]);
}
/** Between those words: spaces of every kind, quotation marks, and a sign `\b` does not count as a letter. */
const SEPARATORS = [
  ' ',
  '  ',
  '\n',
  '\t',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '',
  ':',
  ',',
  ' : ',
  '"',
  '“',
  "'",
  '«',
  '`',
  '.',
  '-',
  '\u212a',
];

describe('endTest', () => {
  it('runs at least the expressions of the address rule, and those of four others', () => {
    expect(endTests().length).toBeGreaterThan(20);
  });

  it('answers as the expression on strings of its own words', () => {
    for (const { re, test } of endTests()) {
      const words = fc
        .array(fc.tuple(fc.constantFrom(...wordsOf(re)), fc.constantFrom(...SEPARATORS)), { maxLength: 8 })
        .map((a) => a.flat().join(''));
      fc.assert(
        fc.property(words, (s) => {
          expect(test(s), `${re}`).toBe(re.test(s));
        }),
        { numRuns: 500 },
      );
    }
  });

  it('answers as the expression on random strings', () => {
    fc.assert(
      fc.property(strings, (s) => {
        for (const { re, test } of endTests()) expect(test(s), `${re}`).toBe(re.test(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('answers as the expression before each word of the hand-written cases and the development set', () => {
    const differ: string[] = [];
    const cases = new Set([...ATTACKS, ...CLEAN]);
    for (const text of [...cases, ...devTexts()])
      for (const m of text.matchAll(/(?<=\s)\S/g))
        for (const n of cases.has(text) ? [56, 160] : [56]) {
          const s = before(text, m.index, n);
          for (const { re, test } of endTests())
            if (test(s) !== re.test(s)) differ.push(`${re} ${JSON.stringify(s)}`);
        }
    expect(differ).toEqual([]);
  }, 120_000);

  it("reads the address rule's words as `[\\w-]+\\s+` did, with its guard against a letter before them", () => {
    // rules/address.ts guards each word between a greeting, "to" or a determiner and the name.
    const GUARD = String.raw`(?<!\w)[\w-]+\s+`;
    const pairs = endTests()
      .map(({ re }) => re)
      .filter((re) => re.source.includes(GUARD))
      .map((re) => [re, new RegExp(re.source.split(GUARD).join(String.raw`[\w-]+\s+`), re.flags)] as const);
    expect(pairs.length).toBeGreaterThanOrEqual(5);
    // Words that start or end with a hyphen, glued to a greeting or a mark ("Hey-ai", "to--x").
    const hyphened = fc
      .array(
        fc.tuple(
          fc.constantFrom(...ENDINGS, '-', '--', '---', '-ai', '--x', 'ai-', 'ai-powered', 'x'),
          fc.constantFrom(...GAPS, '-', ',-', '…'),
          fc.boolean(),
        ),
        { maxLength: 10 },
      )
      .map((a) => a.map(([w, g, up]) => (up ? w.toUpperCase() : w) + g).join(''));
    fc.assert(
      fc.property(fc.oneof(hyphened, strings), (s) => {
        for (const [re, plain] of pairs) expect(re.test(s), `${re}`).toBe(plain.test(s));
      }),
      { numRuns: 20_000 },
    );
  });

  it("answers as the address rule's expressions did before their alternatives shared their spaces", () => {
    // As they were written before: each alternative with its own `\s+`, a greeting's marks between
    // two runs of spaces, and no guard before a word.
    const ADJ = String.raw`(?:[\w-]+\s+){0,2}`;
    const before = [
      new RegExp(
        String.raw`(?:[\n.!?:>\]\-*#(—–]\s*(?:[\w'’-]+\s+)?|\b(?:a|an|this|my|our|quick|important|urgent|special|personal|final|more|security|system|admin|official|private|secret|hidden|new|additional|extra|further|some)\s+)(?:note|message|reminder|instructions?|request|memo|directive|notice|warning|p\.?s\.?|info(?:rmation)?|update|heads[-\s]up|tip|policy|rules?|task|context|guidance)\s+(?:is\s+|are\s+)?(?:to|for)\s+(?:the\s+|all\s+|any\s+|every\s+|each\s+|our\s+|whichever\s+|whatever\s+|you,?\s+(?:the\s+)?)?${ADJ}$`,
        'i',
      ),
      /\b(?:if\s+you(?:\s+are|['’]re)|are\s+you)\s+(?:an?\s+|the\s+|some\s+)?(?:[\w-]+\s+)?$/i,
      /\b(?:(?:to|for)\s+you,?|you\s*[,(—–])\s*(?:the\s+|my\s+|dear\s+)?$/i,
      /\b(?:meant|intended|written|addressed|directed|aimed)\s+(?:only\s+|solely\s+|specifically\s+)?(?:for|to|at)\s+(?:the\s+|any\s+|all\s+|you,?\s+(?:the\s+)?)?$/i,
      /\b(?:person|human|people|humans|reader|readers|visitor|visitors|someone|user|users)\s+(?:or|and|\/)\s*(?:an?\s+|the\s+|any\s+)?(?:[\w-]+\s+)?$/i,
      ...[String.raw`(?:^|[\n.!?;:>\]"“(—–*#-]\s*)(?:to|for)`, '(?!)', String.raw`\b(?:to|for)`].map(
        (to) =>
          new RegExp(
            String.raw`(?:\b(?:hey|hi|hello|dear|ok(?:ay)?|attention|attn|yo|psst|listen|greetings|note|hola|bonjour|salut|hallo|ciao|ol[aá])|${to})\b(?:\s+there)?\s*[,:!.…-]{0,3}\s*(?:(?:the|my|dear|all|any|every|our|whichever|whatever)\s+)?${ADJ}(?:(?:or|and|\/)\s+(?:[\w-]+\s+)?)?@?$`,
            'i',
          ),
      ),
    ];
    // Each is now the end test whose source starts as its own did, at least up to its first space
    // class, and shares the longest start with it (other rules' tests may start alike).
    const shared = (x: string, y: string): number => {
      let k = 0;
      while (k < x.length && x[k] === y[k]) k++;
      return k;
    };
    const pairs = before.map((old) => {
      const start = old.source.slice(0, old.source.indexOf(String.raw`\s`));
      const alike = endTests().filter(({ re }) => re.source.startsWith(start));
      const most = Math.max(...alike.map(({ re }) => shared(re.source, old.source)));
      const now = alike.filter(({ re }) => shared(re.source, old.source) === most);
      expect(now, start).toHaveLength(1);
      expect(now[0]!.re.source).not.toBe(old.source);
      return [now[0]!.re, old] as const;
    });
    for (const [re, old] of pairs) {
      const words = fc
        .array(fc.tuple(fc.constantFrom(...wordsOf(old)), fc.constantFrom(...SEPARATORS)), { maxLength: 8 })
        .map((a) => a.flat().join(''));
      // Strings the old expression matches but for its `\b` (and an alternative that never matches)
      // and its case, in any case, and then cut short: matches and near misses.
      const near = fc
        .tuple(
          fc.stringMatching(new RegExp(old.source.replaceAll(String.raw`\b`, '').replace('|(?!)', ''))),
          fc.boolean(),
          fc.nat({ max: 3 }),
        )
        .map(([s, up, cut]) => (up ? s.toUpperCase() : s).slice(0, s.length - cut));
      fc.assert(
        fc.property(fc.oneof(near, words, strings), (s) => {
          // The same answer, and where the rule reads the index, the same match.
          expect(re.exec(s)?.index, `${old}`).toBe(old.exec(s)?.index);
        }),
        { numRuns: 5000 },
      );
    }
  });

  it('refuses an expression whose `$` does not anchor all of it', () => {
    expect(endAnchoredOnly(/a\s+$/i)).toBe(true);
    expect(endAnchoredOnly(/(?:a|b)\s+$/i)).toBe(true);
    expect(endAnchoredOnly(/[|$]x$/)).toBe(true);
    expect(endAnchoredOnly(/a|b$/)).toBe(false);
    expect(endAnchoredOnly(/a\$/)).toBe(false);
    expect(endAnchoredOnly(/a$/m)).toBe(false);
    expect(endAnchoredOnly(/(a)\1$/)).toBe(false);
    expect(endAnchoredOnly(/a$/g)).toBe(false);
    expect(endAnchoredOnly(/a/)).toBe(false);
  });
});
