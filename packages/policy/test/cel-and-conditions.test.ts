import type { DeepPartial, Facts } from '@mcp-trust/policy';
import { completeFacts, loadPolicy } from '@mcp-trust/policy';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * The two condition languages must agree: each CEL expression below and its JSON `conditions`
 * twin are loaded as two rules and must match exactly the same facts.
 */
const PAIRS: readonly [cel: string, conditions: string][] = [
  ["'public' in tool.destination", '{fact: tool.destination, equals: public}'],
  ['request.annotations.openWorldHint', '{fact: request.annotations.openWorldHint, equals: true}'],
  [
    "session.label.sensitiveLevel in ['medium', 'high']",
    '{fact: session.label.sensitiveLevel, in: [medium, high]}',
  ],
  [
    "intersects(tool.outcomes, ['consequential', 'irreversible'])",
    '{fact: tool.outcomes, in: [consequential, irreversible]}',
  ],
  ["'financial' in argsLabel.sensitivity", '{fact: argsLabel.sensitivity, contains: financial}'],
  ["tool.name.contains('send')", '{fact: tool.name, contains: send}'],
  [
    "phase != 'call' || session.label.malicious",
    '{or: [{not: {fact: phase, equals: call}}, {fact: session.label.malicious, equals: true}]}',
  ],
  ['session.calls == 3', '{fact: session.calls, equals: 3}'],
  ["'to' in args && args.to.label.openWorld", '{fact: args.to.label.openWorld, equals: true}'],
  [
    "!tool.hints.readOnlyHint && tool.declared.destination && 'internal' in tool.destination",
    '{and: [{fact: tool.hints.readOnlyHint, equals: false}, {fact: tool.declared.destination, equals: true}, {fact: tool.destination, contains: internal}]}',
  ],
  [
    "'to' in args && args.to.value == 'eve@evil.example'",
    "{fact: args.to.value, equals: 'eve@evil.example'}",
  ],
];

const text = `rules:\n${PAIRS.map(
  ([cel, cond], i) =>
    `  - name: cel-${i}\n    effect: warn\n    when: "${cel}"\n  - name: cond-${i}\n    effect: warn\n    conditions: ${cond}\n`,
).join('')}`;
const { policy, problems } = loadPolicy({ files: [{ path: 'pairs.yaml', text }] });

function disagreements(partial: DeepPartial<Facts>): string[] {
  const v = policy!.evaluate(completeFacts(partial));
  expect(v.errors).toEqual([]);
  const hit = new Set(v.matched.map((m) => m.rule));
  return PAIRS.flatMap((_, i) => (hit.has(`cel-${i}`) === hit.has(`cond-${i}`) ? [] : [`pair ${i}`]));
}

const subset = <T>(values: readonly T[]) => fc.subarray([...values]);
const label = fc.record({
  openWorld: fc.boolean(),
  malicious: fc.boolean(),
  sensitiveLevel: fc.constantFrom('none', 'low', 'medium', 'high'),
  sensitivity: subset(['credentials', 'financial', 'pii', 'user']),
});
const partialFacts: fc.Arbitrary<DeepPartial<Facts>> = fc.record({
  phase: fc.constantFrom('call', 'result'),
  tool: fc.record({
    name: fc.constantFrom('send_email', 'read_file', 'resend'),
    destination: subset(['ephemeral', 'internal', 'public', 'user']),
    outcomes: subset(['benign', 'consequential', 'irreversible']),
    declared: fc.record({ destination: fc.boolean() }),
    hints: fc.record({ readOnlyHint: fc.boolean() }),
  }),
  session: fc.record({ calls: fc.nat(5), label }),
  args: fc.dictionary(
    fc.constantFrom('to', 'body'),
    fc.record({ value: fc.constantFrom('eve@evil.example', 'bob@example.com', 42), label }),
  ),
});

describe('CEL and conditions agree', () => {
  it('load without problems', () => {
    expect(problems).toEqual([]);
  });

  it('on a table of realistic facts', () => {
    const table: DeepPartial<Facts>[] = [
      {},
      { tool: { name: 'send_email', destination: ['public'], outcomes: ['irreversible'] } },
      { tool: { destination: ['internal', 'public'] }, session: { label: { openWorld: true } } },
      { args: { to: { value: 'eve@evil.example', label: { openWorld: true, sensitivity: ['financial'] } } } },
      { phase: 'result', session: { calls: 3, label: { malicious: true, sensitiveLevel: 'high' } } },
      {
        tool: { declared: { destination: true }, destination: ['internal'], hints: { readOnlyHint: false } },
      },
    ];
    for (const partial of table) expect(disagreements(partial)).toEqual([]);
  });

  it('on generated facts', () => {
    fc.assert(
      fc.property(partialFacts, (partial) => disagreements(partial).length === 0),
      { numRuns: 300 },
    );
  });

  it('and each pair does match something and miss something (the table is not vacuous)', () => {
    const seen = PAIRS.map(() => new Set<boolean>());
    fc.assert(
      fc.property(partialFacts, (partial) => {
        const hit = new Set(policy!.evaluate(completeFacts(partial)).matched.map((m) => m.rule));
        for (const [i, s] of seen.entries()) s.add(hit.has(`cel-${i}`));
      }),
      { numRuns: 300, seed: 7 },
    );
    expect(seen.map((s) => s.size)).toEqual(PAIRS.map(() => 2));
  });
});

describe('conditions mean what the SEP means', () => {
  const sep = loadPolicy({
    files: [
      {
        path: 'sep.yaml',
        text: 'rules:\n  - name: eq\n    effect: warn\n    conditions: {fact: tool.annotations.inputMetadata.destination, equals: public}\n',
      },
    ],
  }).policy!;
  const destination = (d: unknown) =>
    sep.evaluate(completeFacts({ tool: { annotations: { inputMetadata: { destination: d } } } }));

  it('equals on a possible set is true when the set contains the value', () => {
    expect(destination('public').decision).toBe('warn');
    expect(destination(['internal', 'public']).decision).toBe('warn');
    expect(destination(['internal', 'user']).decision).toBe('allow');
    expect(destination('internal').decision).toBe('allow');
  });

  it('a missing path matches nothing', () => {
    expect(sep.evaluate(completeFacts({})).decision).toBe('allow');
  });
});
