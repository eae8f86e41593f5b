import type { DataLabel } from '@mcp-trust/core';
import { BOTTOM } from '@mcp-trust/core';
import type { Endorsements } from './endorsements.js';
import { walkValue } from './result-text.js';
import type { ValueIndex } from './value-index.js';
import { argumentLeafKeys, isIdField } from './value-keys.js';

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

/**
 * Labels arguments against one session's index and endorsements. One per session, reused from
 * argument to argument, so that labelling allocates no callbacks; the counters below are the
 * state of the argument being labelled.
 */
export class ArgumentLabeller {
  private acc = -1;
  private matched = 0;
  private endorsedMatches = 0;
  private leaves = 0;
  private wholeLeaves = 0;
  /** The current leaf occurs whole in the user's words. */
  private whole = false;

  constructor(
    private readonly index: ValueIndex,
    private readonly endorse: Endorsements,
  ) {}

  label(name: string, value: unknown): ArgLabel {
    this.acc = -1;
    this.matched = 0;
    this.endorsedMatches = 0;
    this.leaves = 0;
    this.wholeLeaves = 0;
    const complete = walkValue(value, name, this.leaf);
    const { acc, leaves, wholeLeaves, matched, endorsedMatches } = this;
    return {
      label: acc < 0 ? BOTTOM : this.index.table.get(acc),
      endorsed: (leaves > 0 && wholeLeaves === leaves) || (matched > 0 && endorsedMatches === matched),
      complete,
    };
  }

  private readonly leaf = (text: string, field: string): void => {
    this.leaves++;
    // No prompts, nothing said: skip reading the field name.
    this.whole = this.endorse.size > 0 && this.endorse.says(text, isIdField(field));
    if (this.whole) this.wholeLeaves++;
    if (this.index.size === 0) return;
    argumentLeafKeys(text, field, this.key, this.shingle);
  };

  private readonly key = (key: string): void => {
    const id = this.index.lookup(key);
    if (id !== undefined) this.match(id, this.whole || this.endorse.has(key));
  };

  private readonly shingle = (hash: number): void => {
    const id = this.index.lookupShingle(hash);
    if (id !== undefined) this.match(id, this.whole || this.endorse.hasShingle(hash));
  };

  private match(id: number, endorsed: boolean): void {
    this.matched++;
    if (endorsed) this.endorsedMatches++;
    else this.acc = this.acc < 0 ? id : this.index.table.join(this.acc, id);
  }
}
