import { bool } from './cel-value-ops.js';
import type { Closure } from './closure-types.js';

/**
 * CEL's commutative `&&` and `||` over a whole chain at once (`a && b && c` is one closure, not
 * two nested ones, each with its own try). Meaning, exactly as the nested binary form had it:
 * an operand that decides (false for `&&`, true for `||`) decides the chain, whatever the others
 * do; operands are tried left to right and the first decisive one stops the chain; when none
 * decides and some failed (threw, or gave no bool), the last failure is the chain's error.
 */
export function junction(op: '&&' | '||', parts: readonly Closure[]): Closure {
  const decides = op === '||';
  return (s) => {
    let error: unknown;
    for (let i = 0; i < parts.length; i++) {
      let v: unknown;
      try {
        v = parts[i]!(s);
      } catch (e) {
        error = e;
        continue;
      }
      if (v === decides) return decides;
      if (typeof v !== 'boolean') error = boolError(v);
    }
    if (error !== undefined) throw error;
    return !decides;
  };
}

function boolError(v: unknown): unknown {
  try {
    return bool(v);
  } catch (e) {
    return e;
  }
}

export function not(x: Closure): Closure {
  return (s) => !bool(x(s));
}

export function conditional(c: Closure, a: Closure, b: Closure): Closure {
  return (s) => (bool(c(s)) ? a(s) : b(s));
}
