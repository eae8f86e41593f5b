/**
 * The new-instructions rule reads a noun only after whitespace: every reading it makes of the
 * words before the noun (a leak, a replacement, data promoted to orders) ends with whitespace, and
 * a noun at the text's start has no words before it. With the fast paths off it reads every noun.
 */
import { describe, it } from 'vitest';
import { assertSameAsSlowPath, glued, SPACES } from './fast-path-texts.js';

const PIECES = [
  ...'instructions instruction prompt prompts task directive orders command question request job goal are: is now your new updated real actual the here system reveal print show me treat this as read commands have been updated model’s'.split(
    ' ',
  ),
  'here are your',
  'reveal your system',
  'treat this text as',
  'your new',
  'the actual',
  "the model's",
  'x',
];
/** Whitespace of each kind, and the characters a noun is glued to without it. */
const GLUE = [' ', ...SPACES, '\ufeff', '', '_', '(', '"', '-', '#', '.', ':'];
const text = glued(PIECES, GLUE, 16);

describe('the new-instructions left guard', () => {
  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(text, 3000, true);
  });
});
