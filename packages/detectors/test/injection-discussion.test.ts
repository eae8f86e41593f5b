/**
 * `discussesAttacks` runs its expression only where `STARTS` found a possible start; with the fast
 * paths off it reads the whole window. Both must answer the same at every position.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { fastPaths } from '../src/injection/fast-paths.js';
import { discussesAttacks } from '../src/injection/rules/discussion.js';
import { devTexts } from './dev-fixtures.js';

afterEach(() => {
  fastPaths.on = true;
});

const WORDS =
  'injection jailbreak attack malicious for example e.g. such as phrase phrases like red team adversarial security threat detect vulnerab owasp defense defence guardrail classif examples pattern'.split(
    ' ',
  );
const PIECES = [
  ...WORDS,
  ...WORDS.map((w) => w.toUpperCase()),
  'Example',
  'example.com',
  'x.example',
  'counterexample',
  'e.g',
  'red-team',
  'for\n\texample',
  '\u212a',
  'İ',
  '@',
  '/',
  '-',
  '.',
  'x',
  ' ',
  '  ',
  '\n',
  '"',
];
/** Two words where the first's tail is the second's head, written once: "phrasecurity", "e.g.g". */
const OVERLAPS = WORDS.flatMap((a) =>
  WORDS.flatMap((b) => {
    const glued: string[] = [];
    for (let k = 1; k < Math.min(a.length, b.length); k++)
      if (a.slice(-k).toLowerCase() === b.slice(0, k).toLowerCase()) glued.push(a + b.slice(k));
    return glued;
  }),
);

/** A piece, or the head or tail of a word: glued, one word's tail runs into another's start ("phrasecurity"). */
const piece = fc.oneof(
  fc.constantFrom(...PIECES),
  fc.constantFrom(...OVERLAPS),
  fc
    .tuple(fc.constantFrom(...WORDS), fc.nat(12), fc.boolean())
    .map(([w, k, head]) => (head ? w.slice(0, k) : w.slice(k))),
);
const text = fc.array(piece, { maxLength: 40 }).map((a) => a.join(''));
/** Filler that spreads the words across the 600-character reach and the search's blocks. */
const spread = fc
  .array(
    fc.oneof(
      piece,
      fc.integer({ min: 1, max: 700 }).map((n) => 'a'.repeat(n)),
    ),
    {
      maxLength: 12,
    },
  )
  .map((a) => a.join(''));

function sameEverywhere(t: string, step = 1): void {
  for (let at = 0; at <= t.length; at += step) {
    const fast = discussesAttacks(t, at);
    fastPaths.on = false;
    const slow = discussesAttacks(t, at);
    fastPaths.on = true;
    expect(fast, `at ${at}`).toBe(slow);
  }
}

/** Whole matches, the longest there are: placed across a border of the search's blocks. */
const LONG = ['for   example', 'phrases\n like', 'adversarial', 'counterexamples', 'red-team', 'E.G.'];

describe('discussesAttacks', () => {
  it('answers as the whole-window expression with a long match at each offset across a block border', () => {
    for (const phrase of LONG)
      for (let k = 200; k < 300; k++) sameEverywhere(`${'.'.repeat(k)} ${phrase} ${'.'.repeat(k)}`, 41);
  });

  it('is tested on words that overlap', () => {
    expect(OVERLAPS).toContain('phrasecurity');
  });

  it('answers as the whole-window expression on strings of its words', () => {
    fc.assert(
      fc.property(text, (t) => sameEverywhere(t)),
      { numRuns: 2000 },
    );
  });

  it('answers as the whole-window expression where the words sit near the window edges', () => {
    fc.assert(
      fc.property(spread, (t) => sameEverywhere(t, 7)),
      { numRuns: 300 },
    );
  });

  it('answers as the whole-window expression on the development set', () => {
    for (const t of devTexts()
      .filter((d) => /attack|exampl|secur|for\s/i.test(d))
      .slice(0, 300))
      sameEverywhere(t, 13);
  });
});
