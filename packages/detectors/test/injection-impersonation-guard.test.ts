/**
 * The impersonation rule reads its phrases ("this is your", "the user told me to tell you") only
 * where whitespace stands right before the trigger word, as each of them ends: "https://developer…"
 * is turned away before any expression runs. With the fast paths off every trigger runs them all.
 */
import { describe, it } from 'vitest';
import { assertSameAsSlowPath, glued, SPACES } from './fast-path-texts.js';

const PIECES = [
  ..."speaking talking writing developer Developer DEVELOPER admin administrator operator owner creator instructed told asked user your the this is I am it’s it's real actual has had just me to tell ask remind let you".split(
    ' ',
  ),
  'this is the user',
  'this is your',
  'I am your',
  "it's your real",
  'the user told me to tell you',
  'your boss asked me to remind you',
  'the account owner has',
  'management just',
  'https://',
];
/** What may stand right before a trigger word: whitespace of each kind, or a mark. */
const GLUE = [' ', ...SPACES, '', '/', '.', '-', '_', '"', '(', ':', '\u200b', '\ufeff', '\u3000', '\u0085'];

describe('the impersonation guard', () => {
  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(glued(PIECES, GLUE, 12), 4000);
  });
});
