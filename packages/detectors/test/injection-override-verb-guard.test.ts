/**
 * The override rule runs its expressions at a trigger word only where the word goes on into one
 * of their verbs and a gap ("ignor" into "ignore ", "overrid" into "overrides_"); "ignored" or
 * "override:" is left to the role claim alone. With the fast paths off every trigger runs them all.
 */
import { describe, it } from 'vitest';
import { assertSameAsSlowPath, glued, SPACES } from './fast-path-texts.js';

const PIECES = [
  ...'ignor ignore Ignored IGNORE ignores ignoreCase override Overrides overriden overridden OVERRIDE supersede supersedes superseded forget forgets disregard disregarded bypass bypasses neglect discard abandon nevermind never mind follow obey do not stop'.split(
    ' ',
  ),
  ...'all any your previous prior above everything anything whatever the instructions instruction rules guidance prompt directive system admin developer emergency user asked you to said before else'.split(
    ' ',
  ),
  'the user asked you to',
  'this directive',
  // What the verbs' objects are, whole: the pieces alone seldom line up into one.
  'all previous instructions',
  'all prior guidance',
  'everything above',
  'anything the user said',
  'whatever the user asked you to do',
];
/** The characters of the gap after a verb, and what else may follow a trigger word. */
const GLUE = [
  ' ',
  ...SPACES,
  '',
  '_',
  '*',
  '~',
  '"',
  "'",
  '`',
  '’',
  ':',
  '-',
  '.',
  's',
  'e',
  'es',
  'x',
  'K',
  '\u212a',
];
const text = glued(PIECES, GLUE, 14);

describe('the override verb guard', () => {
  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(text, 4000, true);
  });
});
