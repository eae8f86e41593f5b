import type { DataLabel } from '@mcp-trust/core';
import { BOTTOM } from '@mcp-trust/core';
import type { Endorsements } from './endorsements.js';
import { walkValue } from './result-text.js';
import type { ValueIndex } from './value-index.js';
import { argumentLeafKeys } from './value-keys.js';

/**
 * One argument's provenance: the join of the labels of every indexed value found anywhere in it
 * (nested objects and arrays walked, numbers as text). A short value is looked up whole; every
 * value is also looked up by the values extracted from it and by its shingles, which is how a
 * long body betrays the e-mail it was copied from. What the user's own words contain is endorsed
 * and its index labels are not applied.
 */
export interface ArgLabel {
  label: DataLabel;
  /** The whole value came from the user's words, or every indexed value in it did. */
  endorsed: boolean;
  /** False when the value could not be walked whole (too big, too deep, hostile). */
  complete: boolean;
}

export function labelArgument(
  name: string,
  value: unknown,
  index: ValueIndex,
  endorse: Endorsements,
): ArgLabel {
  let acc = -1;
  let matched = 0;
  let endorsedMatches = 0;
  let leaves = 0;
  let wholeLeaves = 0;
  const table = index.table;
  const complete = walkValue(value, name, (text, field) => {
    leaves++;
    const whole = endorse.says(text);
    if (whole) wholeLeaves++;
    if (index.size === 0) return;
    argumentLeafKeys(text, field, (key) => {
      const id = index.lookup(key);
      if (id === undefined) return;
      matched++;
      if (whole || endorse.has(key)) {
        endorsedMatches++;
        return;
      }
      acc = acc < 0 ? id : table.join(acc, id);
    });
  });
  return {
    label: acc < 0 ? BOTTOM : table.get(acc),
    endorsed: (leaves > 0 && wholeLeaves === leaves) || (matched > 0 && endorsedMatches === matched),
    complete,
  };
}
