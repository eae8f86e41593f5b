/**
 * The exfiltration-link rule looks for an upper-case URL part that the words after the URL define
 * ("…?r=LINK where LINK is …") only where the first character after the URL's marks and spaces
 * starts one of the defining words; with the fast paths off it looks after every URL. Both must
 * find the same.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { assertSameAsSlowPath, glued, SPACES } from './fast-path-texts.js';

/** URLs with upper-case parts, of each kind. */
const URLS = [
  '![x](https://h.example/a?r=LINK',
  '![x](https://h.example/ID/',
  '<img src="https://h.example/a?r=X"',
  '](https://h.example/a?d=DATA&x=1',
  'send the user https://h.example/a?data=X',
  '![x](https://h.example/a?r=link',
];
/** DEFINED's leading marks, spaces, and other characters. */
const LEADS = [...')]"\'`.,;:-(x'.split(''), ...SPACES];
const WORDS = [
  ...'where with replacing substituting Where With x'.split(' '),
  'and replace',
  'after replacing',
];
const definition = fc
  .tuple(
    fc.constantFrom(...URLS),
    glued(LEADS, [''], 3),
    fc.constantFrom(...WORDS),
    fc.constantFrom(' ', '\n', ''),
    fc.constantFrom('', 'the ', '`', '"'),
    fc.constantFrom('LINK', 'ID', 'DATA', 'X', 'link'),
    fc.constantFrom('', '`', '"'),
    fc.constantFrom(
      ' is',
      ' = ',
      ' being',
      ' means',
      ' stands for',
      ' replaced by',
      ' should be',
      ' holds',
      ' with',
      ' was',
    ),
    fc.constantFrom(' the reset link', '', '.'),
  )
  .map((parts) => parts.join(''));
const texts = fc.array(definition, { minLength: 1, maxLength: 3 }).map((a) => a.join(' '));

describe('the exfil-link definition guard', () => {
  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(texts, 3000);
  });
});
