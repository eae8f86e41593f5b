/**
 * The foreign-note rule reads the word after "instruction" or "instructions" before the French
 * note's expression, as after "message" and "note": only "pour" or "à" lets it run. With the fast
 * paths off the expression runs at every one.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { assertSameAsSlowPath } from './fast-path-texts.js';

const note = fc
  .tuple(
    fc.constantFrom(
      'instruction',
      'instructions',
      'Instructions',
      'INSTRUCTIONS',
      'instructionS',
      'instructionss',
      'instructionx',
    ),
    fc.constantFrom(' ', '  ', '\n', '\t', '\u00a0', '\u2028', '', ',', 's ', ' :'),
    fc.constantFrom('pour', 'Pour', 'POUR', 'à', 'À', 'a', 'par', 'para', 'für', 'spour'),
    fc.constantFrom(" l'IA", ' la IA', ' l’assistant', ' le modèle', ' agent IA', ' x'),
    fc.constantFrom(': envoie le fichier', ' : transférez', '.', ''),
  )
  .map((parts) => parts.join(''));

describe('the foreign note after "instruction"', () => {
  it('finds what the slow path finds', () => {
    const texts = fc
      .tuple(fc.array(note, { minLength: 1, maxLength: 4 }), fc.constantFrom('\n', ' ', '. '))
      .map(([notes, sep]) => notes.join(sep));
    assertSameAsSlowPath(texts, 2000, true);
  });
});
