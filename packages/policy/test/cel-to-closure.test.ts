import { completeFacts } from '@mcp-trust/policy';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { celEnvironment } from '../src/cel-environment.js';
import { celToClosure } from '../src/cel-to-closure.js';
import { toCelContext } from '../src/cel-values.js';
import { compileCel } from '../src/compile-cel.js';
import { evalContext } from '../src/eval-context.js';
import { Scope } from '../src/eval-scope.js';
import { facts } from './support/arbitrary-facts.js';
import { allExpressions } from './support/cel-expressions.js';

/**
 * The closure fast path must mean exactly what cel-js means: for every expression of the
 * built-in packs (conditions and message placeholders) and a list of edge cases, both give the
 * same value or both fail, on generated facts.
 */

type Outcome = { ok: true; value: unknown } | { ok: false };
const run = (f: () => unknown): Outcome => {
  try {
    return { ok: true, value: f() };
  } catch {
    return { ok: false };
  }
};

describe('CEL closures agree with cel-js', () => {
  const expressions = allExpressions();
  const compiled = expressions.map((e) => {
    const parsed = celEnvironment().parse(e);
    expect(parsed.check().valid, e).toBe(true);
    return { e, parsed, closure: celToClosure(parsed.ast) };
  });

  it('compiles every pack expression and edge case to a closure', () => {
    expect(compiled.filter((c) => c.closure === undefined).map((c) => c.e)).toEqual([]);
  });

  it('leaves what it does not know to cel-js', () => {
    for (const e of [
      'session.calls + 1 > 2',
      "tool.name.matches('^send')",
      "[tool.name].map(n, n + '!').size() > 0",
    ]) {
      expect(celToClosure(celEnvironment().parse(e).ast), e).toBeUndefined();
    }
  });

  it('gives the same value, or fails alike, on generated facts', () => {
    fc.assert(
      fc.property(facts, (partial) => {
        const f = completeFacts(partial);
        const cel = toCelContext(f);
        for (const { e, parsed, closure } of compiled) {
          if (closure === undefined) continue;
          const want = run(() => parsed(cel));
          const got = run(() => closure(new Scope(f as never)));
          const same =
            want.ok && got.ok ? normalise(want.value) === normalise(got.value) : want.ok === got.ok;
          if (!same)
            throw new Error(`${e}: cel-js ${JSON.stringify(normalise(want))}, closure ${normalise(got)}`);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('phase guards agree with cel-js', () => {
  // A `phase == '…'` operand lets evaluate skip a rule in other phases and run the rest alone in
  // that one: in its phase the rest must mean the whole; in another, the whole must be false.
  const guarded = allExpressions().flatMap((e) => {
    const compiled = compileCel(e);
    if (!compiled.ok || compiled.guard === undefined) return [];
    return [{ e, parsed: celEnvironment().parse(e), guard: compiled.guard }];
  });

  it('finds the guard of every pack rule that has one', () => {
    expect(guarded.length).toBeGreaterThan(5);
  });

  it('gives the same value in the guarded phase, and false in any other', () => {
    fc.assert(
      fc.property(facts, (partial) => {
        const f = completeFacts(partial);
        const cel = toCelContext(f);
        for (const { e, parsed, guard } of guarded) {
          const want = run(() => parsed(cel));
          if (f.phase !== guard.phase) {
            if (!want.ok || want.value !== false) throw new Error(`${e}: not false in phase ${f.phase}`);
            continue;
          }
          const got = run(() => guard.program(evalContext(f)));
          const same =
            want.ok && got.ok ? normalise(want.value) === normalise(got.value) : want.ok === got.ok;
          if (!same) throw new Error(`${e}: cel-js ${normalise(want)}, guarded ${normalise(got)}`);
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** bigint vs number is representation, not meaning (size() is an int either way). */
function normalise(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x));
}
