/**
 * `cued` tries its cue expression only where a match would start around what every match holds
 * ("64" after b, e or -; "13" after t or -; "decod"); with the fast paths off the expression reads
 * the whole text. Both must agree on every text, whatever the cue's case, hyphen and edges, with
 * near misses before and after the cue that counts. Where the classifier's scan has read the text
 * first (as `scanText` does), "decod" is looked for only from where the scan could not rule it out
 * (`watchedFrom`): that too must agree, around characters that join or part words differently for
 * the scan and for the expression's `\b`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cued } from '../src/injection/encoded.js';
import { detectInjectionModel } from '../src/injection/model/classify.js';
import { wasmReady, watchedFrom } from '../src/injection/wasm.js';
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

  it('finds "decod" where the expression does after the classifier has read the text', () => {
    expect(wasmReady()).toBe(true);
    const pieces = [
      'decode',
      'DECODING',
      'deCod',
      'decod',
      'deco',
      'xdecode',
      '2decode',
      'ecod',
      'd',
      'note',
      'é',
      'ſ',
      '\u212a',
      '\u0435',
      '\u200b',
      '\u00ad',
      '\u{1d41d}',
      '😀',
    ];
    const glue = ['', '', ' ', '_', "'", '-', '\n', '.', '1', 'é', '\u200b'];
    let found = 0;
    let ruledOut = 0;
    fc.assert(
      fc.property(glued(pieces, glue, 8), (text) => {
        // The classifier reads no empty text.
        if (text === '') return;
        const want = slowly(() => cued(text));
        if (want) found++;
        detectInjectionModel(text, []);
        const from = watchedFrom(text);
        expect(from).toBeDefined();
        if (from! < 0) ruledOut++;
        expect(cued(text)).toBe(want);
      }),
      { numRuns: 20000 },
    );
    expect(found).toBeGreaterThan(2000);
    expect(ruledOut).toBeGreaterThan(500);
  });
});
