/**
 * Which of a rule's sticky expressions can match where a trigger matched, told by the trigger's
 * key alone. The key is how the text there starts (`keyOf`: lower case, a space for a run of
 * whitespace, no apostrophes), and every match of such an expression starts with one of its
 * leads: it can match only where the key and one of its leads start alike (one starts with the
 * other). A rule that tries several expressions at each of its words skips the others unrun.
 */
import { fastPaths } from '../fast-paths.js';

/** A sticky expression and what each of its matches starts with (lower case, a space for `\s+`, no apostrophes). */
export interface Led {
  readonly re: RegExp;
  readonly leads: readonly string[];
}

const LED: Led[] = [];

/** Every expression given with its leads (for tests). */
export const ledExpressions = (): readonly Led[] => LED;

/**
 * A bit for each of `led` (the first is bit 0) that may match where a trigger with `key` matched;
 * every bit with the fast paths off. Remembered per key: a rule meets a few dozen keys.
 */
export function byLead(led: readonly Led[]): (key: string) => number {
  LED.push(...led);
  const memo = new Map<string, number>();
  return (key) => {
    if (!fastPaths.on) return -1;
    let bits = memo.get(key);
    if (bits === undefined) {
      bits = 0;
      for (let i = 0; i < led.length; i++)
        if (led[i]!.leads.some((w) => key.startsWith(w) || w.startsWith(key))) bits |= 1 << i;
      memo.set(key, bits);
    }
    return bits;
  };
}
