/**
 * The action rule cuts a clause for its fetch-and-run expression only after one of the words that
 * expression starts with; with the fast paths off it always does. Both must find the same.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { detectInjection } from '../src/index.js';
import { fastPaths } from '../src/injection/fast-paths.js';
import type { Finding } from '../src/types.js';

afterEach(() => {
  fastPaths.on = true;
});

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
const text = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...GLUE)), { maxLength: 30 })
  .map((a) => a.flat().join(''));

const findings = (t: string): Finding[] => {
  const out: Finding[] = [];
  detectInjection(t, out);
  return out;
};

describe('the fetch-and-run guard', () => {
  it('finds what the slow path finds', () => {
    fc.assert(
      fc.property(text, (t) => {
        const fast = findings(t);
        fastPaths.on = false;
        try {
          expect(fast).toEqual(findings(t));
        } finally {
          fastPaths.on = true;
        }
      }),
      { numRuns: 2000 },
    );
  });
});
