/**
 * The exfiltration-link rule reads a URL's parameters and path segments for a slot only where the
 * URL holds a character every placeholder holds (`{ $ < [` or an upper-case letter); with the
 * fast paths off it reads every URL. Both must find the same.
 */
import { describe, it } from 'vitest';
import { assertSameAsSlowPath, glued } from './fast-path-texts.js';

/** Openers of each kind of URL, a query's pieces, each kind of slot and near misses of them. */
const PIECES = [
  ...'![x]( <img src=" ]( https:// https://h.example/ a/ ? & = d= q= data= / ) # x send the user'.split(' '),
  '{user_email}',
  '{ chat}',
  '%7Bchat%7D',
  '%7bchat%7d',
  '%3Cchat%3E',
  '%5Bchat%5D',
  '%%email%%',
  '*|EMAIL|*',
  '{{ contact.email }}',
  '$SECRET',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the input
  '${key}',
  '$chat',
  '<summary>',
  '[DATA]',
  '[data]',
  'BASE64_OF_CHAT',
  'base64_of_chat',
  'AA_A',
  'INSERT_HERE',
  'PLACEHOLDER',
  'REPLACEme',
  'Ab',
  'aB3'.repeat(17),
];
const GLUE = ['', '', '', '/', '?', '&', '=', ' '];
const text = glued(PIECES, GLUE, 12);

describe('the exfil-link slot guard', () => {
  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(text, 3000);
  });
});
