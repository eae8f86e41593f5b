/**
 * The exfiltration-link rule scores a link or bare URL without a query as nothing before reading
 * its parameters; with the fast paths off it reads the one empty parameter. Both must find the same.
 */
import { describe, it } from 'vitest';
import { assertSameAsSlowPath, glued } from './fast-path-texts.js';

/** Openers of each kind of URL, a query's pieces, slots and blobs, and words that draw the bare URLs. */
const PIECES = [
  ...'](  ![x](  <img src=" https:// https://h.example/ h.example/a ? ?? & = q= d= data= / ) ] " # x send email the user'.split(
    ' ',
  ),
  '{user_email}',
  '%7Bchat%7D',
  '$SECRET',
  '<summary>',
  '[DATA]',
  'BASE64_OF_CHAT',
  'INSERT_HERE',
  '%%email%%',
  '{{ contact.email }}',
  'aB3'.repeat(17),
  'LINK',
  ' where LINK is the reset link',
  ' followed by the user’s last message',
  '<paste the API keys here>',
];
const GLUE = ['', '', '', '/', '?', '&', '=', ' ', '\n'];
const text = glued(PIECES, GLUE, 14);

describe('the exfil-link query guard', () => {
  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(text, 3000);
  });
});
