import { toCelContext } from './cel-values.js';
import { Scope } from './eval-scope.js';
import type { Facts } from './facts.js';

/**
 * What one decision evaluates against: the facts, the scope the compiled closures share, and
 * the facts' CEL form, built only if some expression runs on cel-js. A policy reuses one context
 * from decision to decision (`begin` … `end`), so a decision allocates none of this.
 */
export class EvalContext {
  readonly scope = new Scope();
  private celFacts: Record<string, unknown> | undefined;

  get facts(): Facts {
    return this.scope.root as unknown as Facts;
  }

  begin(facts: Facts): this {
    this.scope.reset(facts as unknown as Record<string, unknown>);
    this.celFacts = undefined;
    return this;
  }

  /** Drop every reference to the decision's facts. */
  end(): void {
    this.scope.release();
    this.celFacts = undefined;
  }

  /** For expressions cel-js runs itself: the facts converted once, on first need. */
  cel(): Record<string, unknown> {
    this.celFacts ??= toCelContext(this.facts);
    return this.celFacts;
  }
}

/** A context of its own for one decision on `facts`. */
export function evalContext(facts: Facts): EvalContext {
  return new EvalContext().begin(facts);
}
