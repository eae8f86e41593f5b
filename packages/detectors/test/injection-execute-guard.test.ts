/**
 * The action rule cuts a clause for its fetch-and-run expression only after one of the words that
 * expression starts with; with the fast paths off it always does. Both must find the same.
 */
import { describe, it } from 'vitest';
import { assertSameAsSlowPath, glued } from './fast-path-texts.js';

const PIECES = [
  ...'download fetch get curl wget downloads getting curly and then run execute install open launch it them the file script installer please now'.split(
    ' ',
  ),
  'https://x.io/a.sh',
  '| sh',
  '| sudo bash',
  '|python3',
  'DOWNLOAD',
  'Get-',
  'wget_',
];
const GLUE = [' ', ' ', '\n', '', '.', ',', ':', '-', '_', '\n\n', '! ', '"'];
const text = glued(PIECES, GLUE, 30);

describe('the fetch-and-run guard', () => {
  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(text, 2000);
  });
});
