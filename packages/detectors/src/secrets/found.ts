import type { Finding } from '../types.js';

/** One call's state: what was found so far, and what the costly checks may still spend. */
export interface SecretScan {
  readonly found: Finding[];
  /** Hash iterations PKCS#12 password checks may still run (bounds crafted input). */
  hashBudget: number;
}

/**
 * A scanner is called at each occurrence of its anchor character and returns where the search for
 * the next occurrence resumes (past whatever it consumed, so no run is examined twice).
 */
export type Scanner = (text: string, at: number, scan: SecretScan) => number;

/** Adds a secret finding: `name` becomes `secret/NAME`; `what` says what kind of secret it is. */
export function addSecret(
  found: Finding[],
  name: string,
  start: number,
  end: number,
  score: number,
  what: string,
): void {
  found.push({
    rule: `secret/${name}`,
    kind: 'secret',
    start,
    end,
    score,
    dataClass: 'credentials',
    message: what,
  });
}

/** The score and message suffix for a well-formed token whose body looks like a placeholder. */
export const FILLED_SCORE = 0.5;
export const FILLED_NOTE = ' (placeholder-like value)';

/**
 * Keeps one finding per stretch of text: where spans overlap, the more confident one wins (then
 * the longer), so `TOKEN=ghp_…` is a GitHub token, not a generic assignment, and the JWT inside a
 * GitHub app token is not reported twice.
 */
export function keepBest(found: Finding[], out: Finding[]): void {
  if (found.length === 0) return;
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  let kept = found[0]!;
  for (let i = 1; i < found.length; i++) {
    const f = found[i]!;
    if (f.start >= kept.end) {
      out.push(kept);
      kept = f;
    } else if (f.score > kept.score || (f.score === kept.score && f.end - f.start > kept.end - kept.start)) {
      kept = f;
    }
  }
  out.push(kept);
}
