import type { DeepPartial, Facts } from '@mcp-trust/policy';
import { completeFacts, PACKS } from '@mcp-trust/policy';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { celEnvironment } from '../src/cel-environment.js';
import { celToClosure } from '../src/cel-to-closure.js';
import { toCelContext } from '../src/cel-values.js';

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
];

const label = fc.record({
  openWorld: fc.boolean(),
  malicious: fc.boolean(),
  private: fc.boolean(),
  sensitiveLevel: fc.constantFrom('none', 'low', 'medium', 'high'),
  sources: fc.subarray(['internal', 'untrustedPublic', 'user']),
  sensitivity: fc.subarray(['credentials', 'financial', 'pii', 'regulated:GDPR', 'user', 'unknown']),
  attribution: fc.subarray(['https://a', 'mcp://b']),
});
const facts: fc.Arbitrary<DeepPartial<Facts>> = fc.record({
  phase: fc.constantFrom('call', 'result'),
  tool: fc.record({
    name: fc.constantFrom('send_email', 'read_file', 'x'),
    destination: fc.subarray(['ephemeral', 'system', 'user', 'internal', 'public']),
    outcomes: fc.subarray(['benign', 'consequential', 'irreversible']),
    hints: fc.record({
      readOnlyHint: fc.boolean(),
      sensitiveDataHint: fc.boolean(),
      privilegedAccessHint: fc.boolean(),
      aiProcessingHint: fc.boolean(),
    }),
    annotations: fc.oneof(
      fc.constant({}),
      fc.record({
        inputMetadata: fc.record({ destination: fc.constantFrom('public', 'user', ['internal', 'public']) }),
      }),
    ),
  }),
  session: fc.record({ calls: fc.nat(5), label }),
  response: fc.record({ label }),
  args: fc.dictionary(
    fc.constantFrom('to', 'body', 'amount'),
    fc.record({
      value: fc.constantFrom('x', 42, 7.5, null, 'bob@example.com'),
      label,
      endorsed: fc.boolean(),
    }),
  ),
});

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
          const got = run(() => closure({ root: f as never, slots: [] }));
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

/** bigint vs number is representation, not meaning (size() is an int either way). */
function normalise(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x));
}
