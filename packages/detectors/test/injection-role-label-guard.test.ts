/**
 * The role-label rule turns away a word in a line of prose (no decoration before it, not shouted)
 * before its expressions run; with the fast paths off it runs them at every word. Both must find
 * the same, and `decorated` must answer as the expression it stands for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { before } from '../src/injection/rule.js';
import { decorated } from '../src/injection/rules/roles.js';
import { assertSameAsSlowPath } from './fast-path-texts.js';

/** The expression `decorated` reads without (roles.ts, `DECORATION`). */
const DECORATION = /\n([ \t>#*[({=<|-]*)$/;

const PIECES = [
  ...'system developer admin operator assistant ai chatgpt gpt-4o claude human user instructions response message note prompt override you must ignore'.split(
    ' ',
  ),
  'System',
  'SYSTEM',
  'sYSTEM',
  'AI',
  'Ai',
  'aI',
  'system_prompt',
  'system-note',
  '[system](#error)',
  '{system}',
];
const GLUE = [
  ' ',
  ' ',
  '\n',
  '\n\n',
  '\t',
  '',
  ':',
  ' :',
  ']:',
  '>',
  '->',
  '—',
  ' --- ',
  '### ',
  '> ',
  '- ',
  '* ',
  '[',
  '(',
  '<',
  '{',
  '=',
  '|',
  '#',
  'x',
  '.',
  '\u00a0',
  '\r\n',
];
const text = fc
  .array(fc.tuple(fc.constantFrom(...GLUE), fc.constantFrom(...PIECES)), { maxLength: 30 })
  .map((a) => a.flat().join(''));

describe('the role-label guard', () => {
  it('decorated is DECORATION over the 24 characters before', () => {
    const decoration = fc
      .array(
        fc.constantFrom(
          ' ',
          '\t',
          '>',
          '#',
          '*',
          '[',
          '(',
          '{',
          '=',
          '<',
          '|',
          '-',
          '\n',
          'x',
          '\r',
          '\u00a0',
        ),
        {
          maxLength: 40,
        },
      )
      .map((a) => a.join(''));
    // Runs of decoration around the window's 24 characters, after a line break or another character.
    const edge = fc
      .tuple(
        decoration,
        fc.constantFrom('\n', 'x', ''),
        fc.integer({ min: 20, max: 28 }),
        fc.constantFrom(' ', '#'),
      )
      .map(([a, b, n, c]) => `${a}${b}${c.repeat(n)}`);
    fc.assert(
      fc.property(fc.oneof(decoration, edge), fc.nat(), (t, k) => {
        for (const at of [t.length, k % (t.length + 1)])
          expect(decorated(t, at)).toBe(DECORATION.test(before(t, at, 24)));
      }),
      { numRuns: 5000 },
    );
  });

  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(text, 2000);
  });
});
