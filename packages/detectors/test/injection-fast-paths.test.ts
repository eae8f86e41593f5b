/**
 * The injection detector's fast paths — checks that rule an expression out before running it —
 * must never change a finding. Each is checked against the expression it stands in front of, and
 * the whole detector is run with them on and off over random and adversarial texts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasDestination } from '../src/injection/destination.js';
import { firstChars } from '../src/injection/first-chars.js';
import { isImperativeBefore } from '../src/injection/imperative.js';
import { DESTINATION, IMPERATIVE_LEFT } from '../src/injection/lexicon.js';
import { detectInjectionModel } from '../src/injection/model/classify.js';
import { fold } from '../src/injection/obfuscation.js';
import { before, stickyMatchers } from '../src/injection/rule.js';
import type { SymbolSearch } from '../src/injection/symbol-search.js';
import { leftMatchers } from '../src/injection/tail.js';
import { CORE } from '../src/injection/triggers.js';
import { placeCount } from '../src/injection/wasm.js';
import type { Finding } from '../src/types.js';
import { devTexts } from './dev-fixtures.js';
import { anyText, PHRASES, ruleFindings, slowly, texts } from './fast-path-texts.js';
import { ATTACKS, CLEAN } from './injection-cases.js';
import { referenceFold } from './reference-fold.js';

/** What the rules find in a text, read as a result and as a tool's description. */
const findings = (text: string): Finding[] => ruleFindings(text, true);

describe('the fast paths', () => {
  it('change no finding on random and adversarial texts', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(findings(text)).toEqual(slowly(() => findings(text)));
      }),
      { numRuns: 1500 },
    );
  });

  it('change no finding on the hand-written cases and the development set', () => {
    const dev = devTexts();
    for (const text of [...ATTACKS, ...CLEAN, ...dev])
      expect(findings(text)).toEqual(slowly(() => findings(text)));
  });

  it('change no finding where the classifier read the text first', () => {
    // The rare characters' pass then starts where the classifier saw the first code unit past ASCII.
    const afterModel = (text: string): Finding[] => {
      detectInjectionModel(text, []);
      return findings(text);
    };
    fc.assert(
      fc.property(anyText, fc.string({ unit: 'binary-ascii', maxLength: 300 }), (text, ascii) => {
        const t = `${ascii}${text}`;
        expect(afterModel(t)).toEqual(slowly(() => findings(t)));
      }),
      { numRuns: 1500 },
    );
    for (const text of [...ATTACKS, ...CLEAN]) expect(afterModel(text)).toEqual(slowly(() => findings(text)));
  });
});

describe('each fast path', () => {
  // Positions after a phrase and some space or a word, where the left-hand expressions match.
  const positions = fc.oneof(
    fc.tuple(anyText, fc.nat()).map(([text, k]) => [text, k % (text.length + 1)] as const),
    fc
      .tuple(
        texts,
        fc.constantFrom(...PHRASES),
        fc.constantFrom(' ', '  ', '\n', ' \t', ' the ', ' a new ', ' x-y '),
        texts,
      )
      .map(
        ([a, phrase, space, b]) =>
          [`${a}${phrase}${space}${b}`, a.length + phrase.length + space.length] as const,
      ),
  );

  it('isImperativeBefore is IMPERATIVE_LEFT over the 48 characters before', () => {
    fc.assert(
      fc.property(positions, ([text, at]) => {
        expect(isImperativeBefore(text, at)).toBe(IMPERATIVE_LEFT.test(before(text, at, 48)));
      }),
      { numRuns: 5000 },
    );
  });

  it('isImperativeBefore reads a one-word phrase glued to what comes before it as the expression does', () => {
    // "x_and ", "9please ": no word boundary; "band " is no phrase; the 48 characters may start
    // inside the word ("…xxand ").
    const glue = fc.constantFrom(
      '',
      ' ',
      'x',
      'B',
      '_',
      '9',
      '-',
      '.',
      "'",
      'é',
      '\u212a',
      'go ahead ',
      '\n',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          texts,
          fc.nat(60).map((n) => 'x'.repeat(n)),
        ),
        glue,
        fc.constantFrom(...PHRASES),
        fc.boolean(),
        fc.constantFrom(' ', '  ', ' \t', '\u00a0', ''),
        (a, g, phrase, upper, space) => {
          const text = `${a}${g}${upper ? phrase.toUpperCase() : phrase}${space}`;
          for (const at of [text.length, text.length - space.length])
            expect(isImperativeBefore(text, at)).toBe(IMPERATIVE_LEFT.test(before(text, at, 48)));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('hasDestination is DESTINATION', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(hasDestination(text)).toBe(DESTINATION.test(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('a guard on the last words passes wherever its expression matches', () => {
    expect(leftMatchers().length).toBeGreaterThan(0);
    fc.assert(
      fc.property(positions, ([text, at]) => {
        for (const m of leftMatchers())
          if (m.re.test(before(text, at, m.n))) expect(m.mayMatch(text, at)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('a guard passes wherever its expression matches, on the words the guards read', () => {
    const word = fc.constantFrom(
      'meant',
      '(meant',
      'unmeant',
      'Written',
      'addressed',
      'aimed',
      'only',
      'solely',
      'for',
      'to',
      'at',
      'the',
      'any',
      'all',
      'you,',
      'you',
      'note',
      'message',
      'to:',
      'a',
      'if',
      'are',
      "you're",
      'is',
      'x',
      '-',
      '—',
      '.',
      ',',
      'hey',
      'there',
      // The instruction rule's guards; the Kelvin sign lower-cases to an ASCII `k`, which the
      // expressions do not match and `\b` does not count as a letter.
      'new',
      '\u212anew',
      'your',
      '\u212ayour',
      'system',
      'reveal',
      'me',
      'as',
      'treat',
      "model's",
      '\u212a',
      // The guards compare the words in place, in lower case as the `i` flag reads them: capitals,
      // a word glued after a mark, the typographic apostrophe, and "İ" (two characters in lower case).
      'NEW',
      'Hidden',
      '(new',
      'x.Your',
      'YOUR',
      'SYSTEM',
      'Reveal',
      'THE',
      'AS',
      'As',
      'Assistant’s',
      'İs',
      'newİ',
    );
    const sep = fc.constantFrom(' ', '  ', '\n', ' \t', '');
    const text = fc.array(fc.tuple(word, sep), { maxLength: 12 }).map((a) => a.flat().join(''));
    fc.assert(
      fc.property(text, fc.nat(), (t, k) => {
        const at = t.length === 0 ? 0 : k % (t.length + 1);
        for (const m of leftMatchers())
          if (m.re.test(before(t, at, m.n))) expect(m.mayMatch(t, at)).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('a sticky matcher starts only with a character its first set holds', () => {
    const matchers = [...stickyMatchers()];
    expect(matchers.length).toBeGreaterThan(50);
    fc.assert(
      fc.property(texts, (text) => {
        for (const re of matchers) {
          const first = firstChars(re);
          if (first === undefined) continue;
          for (let at = 0; at < text.length; at++) {
            re.lastIndex = at;
            if (re.exec(text) === null) continue;
            const c = text.charCodeAt(at);
            expect(c < 128 ? first.ascii[c] === 1 : first.other).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('fold reads runs at the limits of leetspeak as the character-by-character fold did', () => {
    // Runs of 23 to 25 characters, two letters in five or fewer, one letter or two.
    const runs = [23, 24, 25].flatMap((n) => [
      `pa55w0rd${'x'.repeat(n - 8)}`,
      `${'ab1'.repeat(Math.ceil(n / 3))}`.slice(0, n),
      `${'a1b2c'.repeat(5)}`.slice(0, n),
    ]);
    runs.push('a1', 'ab1', 'ab123', 'ab1234', 'a1b', '1a', '12ab34', 'ab!|@$', 'a@');
    for (const run of runs)
      for (const text of [run, ` ${run} `, `x-${run}.`, `\u0456${run}`]) {
        const got = fold(text);
        const want = referenceFold(text);
        expect(got.text).toBe(want.text);
        expect([...got.map]).toEqual([...want.map]);
      }
  });

  it('fold reads a text as the character-by-character fold did', () => {
    const disguised = fc
      .array(
        fc.constantFrom(
          'a',
          'Z',
          '0',
          '1',
          '3',
          '@',
          '$',
          '!',
          '|',
          ' ',
          '-',
          'і',
          'ο',
          'Ａ',
          'ｇ',
          '\u00ad',
          '\u200b',
          '\ufeff',
          '\ud835\udc1a',
          '\ud835\udfce',
          '\ud835',
          '\udc00',
          'é',
          '“',
        ),
        {
          maxLength: 80,
        },
      )
      .map((a) => a.join(''));
    fc.assert(
      fc.property(fc.oneof(disguised, anyText), (text) => {
        const got = fold(text);
        const want = referenceFold(text);
        expect(got.text).toBe(want.text);
        expect([...got.map]).toEqual([...want.map]);
      }),
      { numRuns: 3000 },
    );
  });

  it('the symbols search finds what the symbols expression finds', () => {
    const pass = CORE.find((p) => p.search !== undefined);
    expect(pass).toBeDefined();
    const { re, search } = pass!;
    const symbolText = fc
      .array(
        fc.constantFrom(
          '<',
          '[',
          ']',
          '!',
          '(',
          '|',
          '/',
          'inst',
          'INST',
          'im_start',
          'sys',
          '<<',
          '--',
          'x',
          ' ',
        ),
        {
          maxLength: 40,
        },
      )
      .map((a) => a.join(''));
    fc.assert(
      fc.property(fc.oneof(symbolText, anyText), fc.nat(), (text, k) => {
        const from = k % (text.length + 1);
        re.lastIndex = from;
        const want = re.exec(text);
        const got = search!.exec(text, from);
        expect(got?.index).toBe(want?.index);
        expect(got?.[0]).toBe(want?.[0]);
      }),
      { numRuns: 3000 },
    );
  });

  it('the symbols search finds what the expression finds after the scan listed where symbols may start, call after call', () => {
    const { re, search } = symbolsPass();
    // The places where a symbol may start the classifier's scan lists (`placeCount`): every
    // symbol's first characters, whole or cut, quotes before every case of the symbols' next
    // letters and before others, escaped and not, in JSON-like text and markup.
    const pieces = [
      '"',
      '""',
      '"role"',
      '"ROLE"',
      '"Name"',
      '"name": "x"',
      '"n',
      '"r',
      '"ro',
      '"N',
      '"R',
      '"x"',
      '\\"',
      '\\"role\\"',
      '\\"NAME\\"',
      '\\"n',
      '"\u201c',
      '](',
      '![',
      '<!--',
      '<|',
      ': ',
      ', ',
      '{',
      '}',
      'x',
      ' ',
      '\n',
      'é',
      'lorem ipsum ',
      // Every symbol's first characters, whole, cut and in the other case; the characters alone.
      ...symbolsPass().symbols.flatMap((sym) => [sym, sym.slice(0, 2), sym.slice(0, -1), sym.toUpperCase()]),
      '<',
      '&',
      '[',
      ']',
      '!',
      '\\',
      '&&',
      '<<',
      '[[',
      // Look-alikes past ASCII the classifier folds or decodes to the same characters: no symbol.
      '\uff1c|',
      '\udb40\udc3c|',
      '\u201d',
    ];
    const text = fc.oneof(
      longTexts(...pieces),
      fc.array(fc.constantFrom(...pieces), { maxLength: 20 }).map((a) => a.join('')),
    );
    let listed = 0;
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 4 }), fc.nat(3), (text, jumps, other) => {
        detectInjectionModel(text, []);
        if (placeCount(text) >= 0) listed++;
        sameCallAfterCall(re, search, text, jumps, (n) => {
          // Another text scanned in between takes the list away; this one scanned again brings it back.
          if (n === 1 && other === 1) detectInjectionModel(`${text} and more`, []);
          if (n === 2 && other === 2) detectInjectionModel(text, []);
        });
      }),
      { numRuns: 1500 },
    );
    expect(listed).toBeGreaterThan(1000);
  });

  it('the symbols search finds what the symbols expression finds on long texts, call after call', () => {
    const { re, search } = symbolsPass();
    // Long enough for the needles (over 256 characters from the start), with the first characters
    // alone and before the wrong second character as often as before the right one.
    const longText = longTexts(
      '<',
      '[',
      ']',
      '](',
      ']]',
      '!',
      '![',
      '!!',
      '\\',
      '\\"',
      '\\n',
      '"',
      '"role"',
      '"name"',
      '"x"',
      '\\"role\\"',
      '&',
      '&lt;|',
      '&amp;',
      '(',
      '|',
      '/',
      'inst',
      'INST',
      'im_start',
      'sys',
      '<<',
      '<!--',
      '--',
      'x',
      ' ',
      'lorem ipsum dolor ',
    );
    fc.assert(
      fc.property(longText, fc.array(fc.nat(), { maxLength: 4 }), (text, jumps) => {
        sameCallAfterCall(re, search, text, jumps);
      }),
      { numRuns: 1500 },
    );
  });
});

/**
 * The symbols search and its expression agree on `text` as the engine calls them: from 0, then
 * from after each match, sometimes further on or back (`jumps`); `between(n)` runs before call n.
 */
function sameCallAfterCall(
  re: RegExp,
  search: SymbolSearch,
  text: string,
  jumps: readonly number[],
  between: (n: number) => void = () => {},
): void {
  let from = 0;
  for (let n = 0; n < 200 && from <= text.length; n++) {
    between(n);
    re.lastIndex = from;
    const want = re.exec(text);
    const got = search.exec(text, from);
    expect(got?.index).toBe(want?.index);
    expect(got?.[0]).toBe(want?.[0]);
    if (want === null) break;
    const jump = jumps[n % (jumps.length + 1)];
    from = jump === undefined ? want.index + want[0].length : jump % (text.length + 1);
  }
}

/** The core tier's symbols pass: its expression and the search that stands in for it. */
function symbolsPass(): { re: RegExp; search: SymbolSearch; symbols: string[] } {
  const pass = CORE.find((p) => p.search !== undefined);
  expect(pass).toBeDefined();
  return { re: pass!.re, search: pass!.search!, symbols: [...pass!.table!.keys()] };
}

/** Texts of 60–300 of `fragments`: long enough for the needles (over 256 characters). */
function longTexts(...fragments: string[]): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...fragments), { minLength: 60, maxLength: 300, size: 'max' })
    .map((a) => a.join(''));
}
