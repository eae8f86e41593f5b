import { maxLevel, rankOf, SENSITIVE_LEVELS } from './enums.js';
import type { DataLabel } from './label.js';
import { BOTTOM } from './label.js';
import { isSubset, sameSet, union } from './sets.js';

/**
 * The least upper bound of two labels: field-wise OR, union, max. Commutative, associative,
 * idempotent and monotone, so session labels only grow and two replicas merge without loss.
 */
export function join(a: DataLabel, b: DataLabel): DataLabel {
  if (a === b || b === BOTTOM) return a;
  if (a === BOTTOM) return b;
  return {
    openWorld: a.openWorld || b.openWorld,
    malicious: a.malicious || b.malicious,
    private: a.private || b.private,
    sensitiveLevel: maxLevel(a.sensitiveLevel, b.sensitiveLevel),
    sources: union(a.sources, b.sources),
    sensitivity: union(a.sensitivity, b.sensitivity),
    attribution: union(a.attribution, b.attribution),
  };
}

export function joinAll(labels: Iterable<DataLabel>): DataLabel {
  let out = BOTTOM;
  for (const l of labels) out = join(out, l);
  return out;
}

/** `a ⊑ b`: b says at least everything a says. */
export function leq(a: DataLabel, b: DataLabel): boolean {
  return (
    (!a.openWorld || b.openWorld) &&
    (!a.malicious || b.malicious) &&
    (!a.private || b.private) &&
    rankOf(SENSITIVE_LEVELS, a.sensitiveLevel) <= rankOf(SENSITIVE_LEVELS, b.sensitiveLevel) &&
    isSubset(a.sources, b.sources) &&
    isSubset(a.sensitivity, b.sensitivity) &&
    isSubset(a.attribution, b.attribution)
  );
}

export function labelEquals(a: DataLabel, b: DataLabel): boolean {
  return (
    a.openWorld === b.openWorld &&
    a.malicious === b.malicious &&
    a.private === b.private &&
    a.sensitiveLevel === b.sensitiveLevel &&
    sameSet(a.sources, b.sources) &&
    sameSet(a.sensitivity, b.sensitivity) &&
    sameSet(a.attribution, b.attribution)
  );
}

export function isBottom(label: DataLabel): boolean {
  return labelEquals(label, BOTTOM);
}
