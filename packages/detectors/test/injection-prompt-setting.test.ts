/**
 * `inPromptSetting` reads a line with `PROMPT_KEY` only where it ends as a key's line does; with
 * the fast paths off it reads every line. Both must answer the same at every position.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { fastPaths } from '../src/injection/fast-paths.js';
import { inPromptSetting } from '../src/injection/rules/context.js';

afterEach(() => {
  fastPaths.on = true;
});

const PIECES = [
  'system_prompt:',
  'prompt',
  'instructions',
  '- persona',
  '"preamble"',
  "'system'",
  'x.prompt.y',
  'model: gpt',
  ' ',
  '\t',
  '  ',
  ':',
  '=',
  '|',
  '>',
  '|-',
  '>+',
  '"""',
  "'''",
  '`',
  '-',
  '+',
  '\r',
  'You are the help desk assistant',
  'text',
];
const line = fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((a) => a.join(''));
const text = fc.array(line, { maxLength: 12 }).map((a) => a.join('\n'));

describe('inPromptSetting', () => {
  it('answers the same with and without the look at how a line ends', () => {
    fc.assert(
      fc.property(text, (t) => {
        for (let at = 0; at <= t.length; at++) {
          const fast = inPromptSetting(t, at);
          fastPaths.on = false;
          const slow = inPromptSetting(t, at);
          fastPaths.on = true;
          expect(fast).toBe(slow);
        }
      }),
      { numRuns: 1500 },
    );
  });
});
