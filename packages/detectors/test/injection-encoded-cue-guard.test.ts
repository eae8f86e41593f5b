/**
 * `cued` tries its cue expression only where a match would start around what every match holds
 * ("64" after b, e or -; "13" after t or -; "decod"); with the fast paths off the expression reads
 * the whole text. Both must agree on every text, whatever the cue's case, hyphen and edges, with
 * near misses before and after the cue that counts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cued } from '../src/injection/encoded.js';
import { glued, slowly } from './fast-path-texts.js';

const PIECES = [
  'decode',
  'DeCoD',
  'undecoded',
  'dec',
  'od',
  'base64',
  'BASE-64',
  'Base-64',
  'base',
  'bas',
  'e64',
  'b64',
  'B64',
  '-64',
  '64',
  '6',
  'x64',
  'rot13',
  'ROT-13',
  'rOt13',
  'ro',
  't13',
  'T13',
  '-13',
  '13',
  'x13',
  'note',
  'é',
];
const GLUE = ['', '', '', ' ', '-', '_', '\n', 'é', '1'];

describe('the cue guard', () => {
  it('finds a cue where the cue expression does', () => {
    let found = 0;
    fc.assert(
      fc.property(glued(PIECES, GLUE, 8), (text) => {
        const want = slowly(() => cued(text));
        if (want) found++;
        expect(cued(text)).toBe(want);
      }),
      { numRuns: 20000 },
    );
    // Counted so that texts drifting away from either outcome are seen, not passed silently.
    expect(found).toBeGreaterThan(2000);
    expect(found).toBeLessThan(18000);
  });
});
