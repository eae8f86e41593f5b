/**
 * SENSITIVE groups its phrases by first letter for speed; it must answer as the plain list of
 * phrases it replaced, on random strings and on every clause of the development set.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SENSITIVE } from '../src/injection/lexicon.js';
import { devTexts } from './dev-fixtures.js';
import { anyText } from './fast-path-texts.js';

/** SENSITIVE as it was written before the grouping. */
const PHRASES =
  /\b(?:passwords?|passcodes?|pass\s?phrases?|security\s+codes?|verification\s+codes?|2fa|otp|one[-\s]time\s+(?:codes?|passwords?)|credentials?|api[-\s_]?keys?|access\s+tokens?|secrets?|private\s+keys?|ssh\s+keys?|seed\s+phrases?|recovery\s+(?:codes?|phrases?)|passports?|credit\s+cards?|card\s+numbers?|cvv|bank\s+accounts?|account\s+numbers?|ibans?|social\s+security|ssn|id\s+numbers?|(?:all|every|each)\s+(?:(?:the|my|your|of|single)\s+){0,3}(?:unread\s+|received\s+|sent\s+|recent\s+|private\s+)?(?:messages|emails|e-mails|mails|files|contacts|documents|data|information|conversations|chats|notes|transactions|records|attachments)|(?:entire|whole|full|complete)\s+(?:conversation|chat|history|inbox|mailbox|drive)|(?:chat|conversation|browsing|search)\s+history|conversation|contents?\s+of|body\s+of|personal\s+(?:data|information|details|info)|user(?:'s)?\s+(?:information|data|details|info)|system\s+prompt|unread\s+e-?mails|address\s+book|e-?mail\s+address(?:es)?|log-?in(?:\s+(?:details|credentials|info))?|sign-?in\s+details|phone\s+numbers?|home\s+address|gift\s+cards?|(?:backup|access|the)\s+codes)\b/i;

const WORDS = PHRASES.source
  .slice(5, -3)
  .split(/[|()?:\\]+|\bs\+|\bs\?|\[[^\]]*\]|\{[^}]*\}/)
  .filter((w) => w.length > 1);
const GAPS = [' ', '  ', '\n', '-', '_', '', "'", ' of ', ' the '];
const phrases = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...GAPS), fc.boolean()), { maxLength: 8 })
  .map((a) => a.map(([w, g, up]) => (up ? w.toUpperCase() : w) + g).join(''));

describe('SENSITIVE', () => {
  it('answers as the list of phrases on random strings', () => {
    expect(WORDS.length).toBeGreaterThan(40);
    fc.assert(
      fc.property(fc.oneof(phrases, anyText), (s) => {
        expect(SENSITIVE.test(s)).toBe(PHRASES.test(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('answers as the list of phrases on every sentence of the development set', () => {
    const differ: string[] = [];
    for (const text of devTexts())
      for (const s of text.split(/(?<=[.!?\n])/)) if (SENSITIVE.test(s) !== PHRASES.test(s)) differ.push(s);
    expect(differ).toEqual([]);
  });
});
