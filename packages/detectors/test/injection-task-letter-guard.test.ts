/**
 * The void-task and model-output rules turn a trigger away when the word before it cannot end
 * their left-hand expression (its last letter is not one of a copula's or an adjective's, or no
 * whitespace comes between); with the fast paths off the expressions read every trigger. Both
 * must find the same.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { assertSameAsSlowPath, glued, SPACES } from './fast-path-texts.js';

const SUBJECTS = [
  'your',
  'the',
  'your original assignment',
  'the previous instructions',
  'the brief you were handed when you opened this',
  'your task',
  'Your Mission',
  'the job they gave you',
  '',
];
/** The words the expressions end with, in several cases, and words that end in the same letters. */
const LEFT = [
  ...'is are was were been now hereby officially formally IS Are WAS BEEN Now HEREBY previous last earlier prior current next final correct real true actual only PREVIOUS Last TRUE Only'.split(
    ' ',
  ),
  ...'this axis were seen know flay lastly fist finally ear his tree y s e n w t r l void : ): => | ('.split(
    ' ',
  ),
  'x.is',
  'it_is',
  'is now',
  'was hereby',
  'has been formally',
  'your previous',
  'your last',
  'the correct',
  'your only',
  'the real',
  'the\u212a',
  '',
];
const TRIGGERS = [
  ...'void invalid withdrawn revoked cancelled canceled superseded obsolete annulled voided invalidated VOID Invalid Withdrawn'.split(
    ' ',
  ),
  'no longer stands',
  'No longer applies',
  'no  longer valid',
  ...'response answer reply summary Response ANSWER replies answers summary’s'.split(' '),
];
const NEXT = [' is', 's are', ' should be', ' must be fixed', ' was wrong', '.', '', ' will be: x'];
const GLUE = [...SPACES, '', '', '.', ',', ':', '(', '"', '\u2009', '\ufeff'];

const phrase = fc
  .tuple(
    fc.constantFrom(...SUBJECTS),
    fc.constantFrom(...GLUE),
    fc.constantFrom(...LEFT),
    fc.constantFrom(...GLUE),
    fc.constantFrom(...TRIGGERS),
    fc.constantFrom(...NEXT),
  )
  .map((a) => a.join(''));
/** Phrases in the order the rules read them, and their pieces in any order. */
const text = fc.oneof(
  fc.array(phrase, { maxLength: 5 }).map((a) => a.join(' ')),
  glued([...SUBJECTS, ...LEFT, ...TRIGGERS, ...NEXT], GLUE, 16),
);

describe('the void-task and model-output letter guard', () => {
  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(text, 4000);
  });
});
