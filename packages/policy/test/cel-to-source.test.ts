import type { Facts } from '@mcp-trust/policy';
import { completeFacts } from '@mcp-trust/policy';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { celEnvironment } from '../src/cel-environment.js';
import { celToClosure } from '../src/cel-to-closure.js';
import { celToSource } from '../src/cel-to-source.js';
import { toCelContext } from '../src/cel-values.js';
import { compileCel } from '../src/compile-cel.js';
import { evalContext } from '../src/eval-context.js';
import { Scope } from '../src/eval-scope.js';
import { rawSource } from '../src/source-program.js';
import { facts } from './support/arbitrary-facts.js';
import { allExpressions, packExpressions } from './support/cel-expressions.js';
import { oddFacts } from './support/odd-facts.js';

/**
 * Generated code (cel-to-source.ts) must mean what the closures and cel-js mean. It may give up
 * (throw) anywhere, and the program then runs the closures; so: whenever it returns, its value
 * is cel-js's and the closures'; a program (generated code with the closures behind it) gives
 * the closures' value or their very error message, on well-formed facts and on odd ones; and on
 * pack expressions it does not give up where cel-js decides (else it would be slow, not wrong).
 */

/** Rule text that would be code if it reached the source as anything but a string literal. */
const INJECTIONS = [
  `args['x"]); throw 1; ("'].value == '"); throw 1; //'`,
  `has(args.to) && args.to.value == '\\u2028\\u2029</script>\${1}\`'`,
  `'constructor' in args || args.exists(k, k == '__proto__' || k == "'; f = null; '")`,
  `tool.name in ['a\\'b', "c\\"d", '\\\\']`,
];

type Outcome = { ok: true; value: string } | { ok: false; message: string };
const run = (f: () => unknown): Outcome => {
  try {
    return { ok: true, value: normalise(f()) };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
};

describe('generated code agrees with the closures and cel-js', () => {
  const packs = new Set(packExpressions());
  const compiled = [...allExpressions(), ...INJECTIONS].map((e) => {
    const parsed = celEnvironment().parse(e);
    expect(parsed.check().valid, e).toBe(true);
    const generated = celToSource(parsed.ast);
    const compiledCel = compileCel(e);
    if (!compiledCel.ok) throw new Error(e);
    return {
      e,
      parsed,
      pack: packs.has(e),
      closure: celToClosure(parsed.ast)!,
      raw: generated && rawSource(generated),
      program: compiledCel.program,
    };
  });

  it('generates every pack expression, edge case and odd literal', () => {
    expect(compiled.filter((c) => c.raw === undefined).map((c) => c.e)).toEqual([]);
  });

  it('leaves what it does not know to the closures or cel-js', () => {
    for (const e of ['session.calls + 1 > 2', "tool.name.matches('^send')", "b'ab' == b'ab'"]) {
      expect(celToSource(celEnvironment().parse(e).ast), e).toBeUndefined();
    }
  });

  it('gives cel-js’s value whenever it returns, and does not give up on pack expressions', () => {
    fc.assert(
      fc.property(facts, (partial) => {
        const f = completeFacts(partial);
        const cel = toCelContext(f);
        for (const { e, parsed, raw, pack } of compiled) {
          const want = run(() => parsed(cel));
          const got = run(() => raw!(f));
          if (got.ok && !(want.ok && want.value === got.value))
            throw new Error(`${e}: cel-js ${JSON.stringify(want)}, generated ${got.value}`);
          if (pack && want.ok && !got.ok) throw new Error(`${e}: gave up where cel-js decides`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('programs give the closures’ value or error message, on facts of any shape', () => {
    const anyFacts = fc.oneof(
      facts.map((p) => ({ oddity: 'none', facts: completeFacts(p) })),
      oddFacts(facts.map((p) => completeFacts(p))),
    );
    fc.assert(
      fc.property(anyFacts, ({ oddity, facts: f }) => {
        for (const { e, closure, raw, program } of compiled) {
          const want = run(() => closure(new Scope(f as never)));
          const got = run(() => program(evalContext(f)));
          if (JSON.stringify(got) !== JSON.stringify(want))
            throw new Error(
              `${e} (${oddity}): closures ${JSON.stringify(want)}, program ${JSON.stringify(got)}`,
            );
          const alone = run(() => raw!(f));
          if (alone.ok && !(want.ok && want.value === alone.value))
            throw new Error(`${e} (${oddity}): closures ${JSON.stringify(want)}, generated ${alone.value}`);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a `when` that gives no bool fails with the closures’ message', () => {
    const f: Facts = completeFacts({ args: { to: { value: 'x' } } });
    const when = compileCel('args.to.value == "x" ? args.to.value : false', true);
    if (!when.ok) throw new Error(when.message);
    expect(run(() => when.program(evalContext(f)))).toEqual({
      ok: false,
      message: "'when' gave string, not a bool",
    });
  });
});

/** bigint vs number is representation, not meaning (size() is an int either way). */
function normalise(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x)) ?? 'undefined';
}
