/**
 * The no-permission rule reads the negation before a trigger only for the triggers its later
 * expressions start with ("bring", "call", "list"…, "pause", "bother"); with the fast paths off
 * it reads it for all. Both must find the same.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { assertSameAsSlowPath } from './fast-path-texts.js';

const NEGATIONS = [
  'do not',
  "don't",
  'never',
  'avoid',
  'without',
  'no need to',
  'please',
  'Do NOT',
  'do not the',
  '',
];
const TRIGGERS = [
  ...'user human owner manual skip skipping bring bringing call calling flag flagging list listing include including show showing pause bother'.split(
    ' ',
  ),
  'needs no',
  'requires no',
  'need no',
  'User',
  'CALL',
  'Bring',
  'SHOW',
];
const NEXT = [
  'it up',
  'this out',
  'them',
  'it in the summary',
  'these bookings in any recap',
  'this x in your weekly report',
  'to request permission',
  'to ask for the user’s approval',
  'to get any confirmation',
  'confirmation is not required',
  'the approval step',
  'user confirmation',
  'it',
  '',
];
const GLUE = [' ', ' ', ' ', '  ', '\n', '', '.', ',', ':', '-', '"', '\t'];
const phrase = fc
  .tuple(
    fc.constantFrom(...NEGATIONS),
    fc.constantFrom(...GLUE),
    fc.constantFrom(...TRIGGERS),
    fc.constantFrom(...GLUE),
    fc.constantFrom(...NEXT),
    fc.constantFrom(...GLUE),
  )
  .map((a) => a.join(''));
const text = fc.array(phrase, { maxLength: 6 }).map((a) => a.join(''));

describe('the keep-quiet guard', () => {
  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(text, 3000);
  });
});
