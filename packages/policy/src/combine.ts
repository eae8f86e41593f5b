import type { Effect, Mode } from './verdict.js';
import { EFFECTS } from './verdict.js';

/**
 * How effects combine and what a mode does with the decision. Like Cedar, the strongest
 * effect wins (block > escalate > warn > allow): an `allow` rule records intent, it never
 * cancels another rule's block.
 */

const RANK: Readonly<Record<Effect, number>> = { allow: 0, warn: 1, escalate: 2, block: 3 };

export function strongest(a: Effect, b: Effect): Effect {
  return RANK[a] >= RANK[b] ? a : b;
}

export function atLeast(effect: Effect, floor: Effect): boolean {
  return RANK[effect] >= RANK[floor];
}

/** The effect a rule that failed to evaluate contributes: nobody could show the call is safe. */
export function failClosedEffect(strict: boolean): Effect {
  return strict ? 'block' : 'escalate';
}

/** What happens under `mode`: `audit` never interferes, `warn` never stops a call. */
export function actionFor(decision: Effect, mode: Mode): Effect {
  if (mode === 'audit') return 'allow';
  if (mode === 'warn') return decision === 'allow' ? 'allow' : 'warn';
  return decision;
}

export function isEffect(value: unknown): value is Effect {
  return typeof value === 'string' && (EFFECTS as readonly string[]).includes(value);
}
