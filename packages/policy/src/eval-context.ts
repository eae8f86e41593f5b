import type { Scope } from './cel-to-closure.js';
import { toCelContext } from './cel-values.js';
import type { Facts } from './facts.js';

/** What one decision evaluates against: the facts, and their CEL form built only if needed. */
export interface EvalContext {
  readonly facts: Facts;
  /** For compiled closures: the facts as they are, and the macro variables in scope. */
  readonly scope: Scope;
  /** For expressions cel-js runs itself: the facts converted once, on first need. */
  cel(): Record<string, unknown>;
}

export function evalContext(facts: Facts): EvalContext {
  let cel: Record<string, unknown> | undefined;
  return {
    facts,
    scope: { root: facts as unknown as Record<string, unknown>, slots: [] },
    cel() {
      cel ??= toCelContext(facts);
      return cel;
    },
  };
}
