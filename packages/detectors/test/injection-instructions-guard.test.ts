/**
 * The new-instructions rule reads the characters after its noun before it runs `CHANGED` there
 * ("… have been updated"); with the fast paths off it always runs it. The guard must pass wherever
 * the expression matches, and both must find the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANGED, mayChange } from '../src/injection/rules/instructions.js';
import { assertSameAsSlowPath, glued } from './fast-path-texts.js';

const PIECES = [
  ...'your the new instructions instruction prompt task rules s S have has is are now been updated changed replaced outdated void no longer valid HAVE Has IS Are x'.split(
    ' ',
  ),
];
const GLUE = [' ', ' ', '  ', '\n', '\t', '\u00a0', '\u2028', '', '.', ':', ','];
const text = glued(PIECES, GLUE, 20);

describe('the changed-instructions guard', () => {
  it('passes wherever CHANGED matches', () => {
    fc.assert(
      fc.property(text, (t) => {
        for (let i = 0; i <= t.length; i++)
          if (CHANGED.test(t.slice(i, i + 48))) expect(mayChange(t, i)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(text, 1500);
  });
});
