import { asciiLower, MAX_WHOLE, normaliseValue } from './normalise.js';
import { forEachShingle, sampledShingles } from './shingles.js';
import type { ValueKind } from './value-extract.js';
import { end, extractValues, isDistinctive, matchFrom } from './value-extract.js';

/**
 * The index keys of one text leaf. Results and arguments derive keys the same way, with two
 * differences: a result indexes a whole value only when it is distinctive (an argument looks up
 * any whole value), and a result indexes a winnowed sample of its shingles (an argument looks up
 * all of its own).
 */

// `name: value` lines: YAML, e-mail headers, `key: value` listings. Bounded per line.
const FIELD_LINE = /^[ \t-]{0,8}([A-Za-z_][\w .-]{0,39}):[ \t]+([^\n]{1,200})$/gm;
const ID_FIELD = /(?:^|[^a-zA-Z])[iI][dD]s?(?:[^a-z]|$)|[a-z]Ids?(?:[^a-z]|$)/;
const LINE_BREAK_OR_FIELD = /\n|: /;

export function isIdField(field: string): boolean {
  return ID_FIELD.test(field);
}

/**
 * Keys a result leaf puts in the index: its values (with their kind where extraction gave one),
 * and the hashes of its sampled shingles into `shingles`.
 */
export function resultLeafKeys(
  text: string,
  field: string,
  emit: (key: string, kind?: ValueKind) => void,
  shingles: (hashes: number[]) => void,
  maxShingles: number,
): void {
  const lower = asciiLower(text);
  if (text.length <= MAX_WHOLE * 2) {
    const whole = normaliseValue(text, lower);
    if (isDistinctive(whole, isIdField(field))) emit(whole);
  }
  extractValues(text, emit, lower);
  if (LINE_BREAK_OR_FIELD.test(text)) {
    for (let m = matchFrom(FIELD_LINE, text, 0); m !== null; m = matchFrom(FIELD_LINE, text, end(m))) {
      const v = normaliseValue(m[2]!);
      if (isDistinctive(v, isIdField(m[1]!))) emit(v);
    }
  }
  if (maxShingles > 0) shingles(sampledShingles(text, maxShingles, lower));
}

const SMALL_NUMBER = /^[0-9]{1,3}$/;

/**
 * Keys an argument leaf looks up: the whole value, its values, then every shingle (by hash, into
 * `shingle`). A small number is
 * looked up whole only for an id-like argument (`file_id`, `id`): `ID 13` in an e-mail says which
 * file to delete, not how many results to list.
 */
export function argumentLeafKeys(
  text: string,
  field: string,
  emit: (key: string) => void,
  shingle: (hash: number) => void,
): void {
  // Normalising only trims and collapses, so text much longer than a whole value cannot become one.
  const lower = asciiLower(text);
  if (text.length <= MAX_WHOLE * 4) {
    const whole = normaliseValue(text, lower);
    if (whole.length > 0 && whole.length <= MAX_WHOLE && (!SMALL_NUMBER.test(whole) || isIdField(field)))
      emit(whole);
  }
  extractValues(text, emit, lower);
  forEachShingle(text, shingle, lower);
}
