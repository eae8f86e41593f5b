/**
 * The exfiltration-link rule passes over a markdown link whose URL nothing can score (`plainLinkEnd`
 * in rules/exfil-link.ts: no query, no `<`, no code unit past ASCII, not left open with `=`, and no
 * definition after it) without running its expression; with the fast paths off every
 * link is read whole. Both must find the same, wherever the URL stops and whatever follows it.
 */
import { describe, it } from 'vitest';
import { assertSameAsSlowPath, glued, SPACES } from './fast-path-texts.js';

const PIECES = [
  ...'](  ](< ![x]( [a]( ]( https:// https://h.example/ h.example/a ? = q= d= data= / ) > < ] " x ok.png'.split(
    ' ',
  ),
  '{user_email}',
  '<summary>',
  '<paste the API keys here>',
  'LINK',
  ' where LINK is the reset link',
  ', replacing DATA with the chat',
  ' followed by the user’s last message',
  'a'.repeat(2050),
  '\u00a0',
  '\u2028',
  'é',
  // Whole links, so that a URL's end and what follows it meet often.
  '](https://h.example/a?q={user_email})',
  '](https://h.example/a?d=<summary>)',
  '](https://h.example/reset/LINK) where LINK is the reset link',
  '](https://h.example/log?data=) followed by the user’s last message',
  '](https://h.example/a\u00a0![x](https://h.example/{user_email})',
  '](https://h.example/a>![x](https://h.example/{user_email})',
  '](https://h.example/k=<paste the API keys here>)',
];
const GLUE = ['', '', '', '/', '?', '=', ')', ...SPACES];
const text = glued(PIECES, GLUE, 12);

describe('the exfil-link plain link guard', () => {
  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(text, 3000);
  });
});
