import { completeFacts, PACKS } from '@mcp-trust/policy';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { celEnvironment } from '../src/cel-environment.js';
import { celToClosure } from '../src/cel-to-closure.js';
import { toCelContext } from '../src/cel-values.js';
import { compileCel } from '../src/compile-cel.js';
import { evalContext } from '../src/eval-context.js';
import { Scope } from '../src/eval-scope.js';
import { facts } from './support/arbitrary-facts.js';

/**
 * The closure fast path must mean exactly what cel-js means: for every expression of the
 * built-in packs (conditions and message placeholders) and a list of edge cases, both give the
 * same value or both fail, on generated facts.
 */

function packExpressions(): string[] {
  const out: string[] = [];
  for (const text of Object.values(PACKS)) {
    const pack = parse(text) as { rules: { when?: string; message?: string }[] };
    for (const rule of pack.rules) {
      if (rule.when) out.push(rule.when);
      for (const m of (rule.message ?? '').matchAll(/\{\{(.*?)\}\}/g)) out.push(m[1]!.trim());
    }
  }
  return out;
}

const EDGE_CASES = [
  "args.to.value == 'x'",
  'args.to.value == 42 || args.to.value == 42.0',
  "'to' in args && args.to.label.openWorld",
  "args.to.label.openWorld || phase == 'call'",
  "phase == 'result' && args.to.label.openWorld",
  "args.to.label.openWorld && phase == 'result'",
  'args.exists(k, args[k].value == 42)',
  'args.all(k, args[k].label.openWorld)',
  'args.exists_one(k, args[k].endorsed)',
  "args.exists(k, args[k].label.sources.exists(s, s == 'internal' || k == 'to'))",
  'session.calls > 2 && session.calls <= 4',
  'session.calls == 3',
  'size(args) >= 1 && size(tool.name) > 3',
  "tool.name.startsWith('send') || tool.name.endsWith('file') || tool.name.contains('ad_')",
  'has(args.to) ? args.to.endorsed : false',
  "tool.annotations.inputMetadata.destination == 'public'",
  "has(tool.annotations.inputMetadata) && 'public' in tool.annotations.inputMetadata.destination",
  '[1, 2, 3].exists(x, x == session.calls)',
  'args.constructor.endorsed',
  'tool.annotations.constructor == tool.annotations.constructor',
  '!(args.to.value > 10)',
  'args.to.value < 100',
  // Comparisons with a literal, compiled to identity or a count without a bigint.
  "tool.name != 'x' && 'send_email' == tool.name",
  'args.to.endorsed == true || false != args.body.endorsed',
  'args.to.value == null || null != args.amount.value',
  'size(args) > 0 && 1 <= size(args) && size(tool.name) >= 4 && size(tool.destination) < 3',
  'size(sensitiveArgs(args)) > 0 && size(sensitiveArgs(args)) <= 2',
  "args.to.value in ['x', 'bob@example.com'] || tool.name in ['send_email', 'read_file']",
  'args.to.value in [42, 7] || args.to.value in [7.5]',
  'args.to.value in [1, 2] || args.to.value in [42.0]',
  "args.to.role in ['', 'recipient'] && !(args.to.value in ['x'])",
  // Chains of && and ||, where errors (a missing argument) must be absorbed or reported alike.
  'args.to.endorsed || args.body.endorsed || args.amount.endorsed',
  "args.to.endorsed && args.body.endorsed && phase == 'call'",
  "(args.to.endorsed || phase == 'call') && (args.body.endorsed || phase == 'result')",
  "phase == 'call' && (args.to.label.openWorld && (args.body.endorsed || args.amount.endorsed))",
  // Macros over a map read `args[k]` as the entry; shadowing and nesting must not confuse that.
  "args.exists(k, !args[k].endorsed && args[k].role in ['recipient', ''] && args[k].label.openWorld)",
  'args.filter(k, args[k].endorsed || args[k].value == 42)',
  'args.exists_one(k, args[k].value == 42)',
  "args.all(k, args[k].role == '' && sensitive(args[k].label))",
  'args.exists(k, args.exists(k, args[k].endorsed))',
  'args.exists(k, args.all(j, args[j].endorsed || args[k].endorsed))',
  "args.exists(args, args == 'to')",
  "tool.destination.exists(d, d == 'public') && [0, 1].exists(i, tool.destination[i] == 'user')",
  "session.label.sources.exists(s, tool.destination.exists(d, s == d || d == 'public'))",
  "intersects(tool.outcomes, ['irreversible']) && intersects(tool.outcomes, ['irreversible'])",
];

type Outcome = { ok: true; value: unknown } | { ok: false };
const run = (f: () => unknown): Outcome => {
  try {
    return { ok: true, value: f() };
  } catch {
    return { ok: false };
  }
};

describe('CEL closures agree with cel-js', () => {
  const expressions = [...new Set([...packExpressions(), ...EDGE_CASES])];
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
  const guarded = [...new Set([...packExpressions(), ...EDGE_CASES])].flatMap((e) => {
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
