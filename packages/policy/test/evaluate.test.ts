import type { Policy } from '@mcp-trust/policy';
import { completeFacts, loadPolicy } from '@mcp-trust/policy';
import { describe, expect, it } from 'vitest';

function policyOf(
  text: string,
  options: { mode?: 'audit' | 'warn' | 'enforce'; strict?: boolean } = {},
): Policy {
  const { policy, problems } = loadPolicy({ files: [{ path: 't.yaml', text }], ...options });
  expect(problems).toEqual([]);
  return policy!;
}

const FOUR = `rules:
  - name: w
    effect: warn
    when: tool.name == 'w' || tool.name == 'all'
  - name: e
    effect: escalate
    when: tool.name == 'e' || tool.name == 'all'
  - name: b
    effect: block
    when: tool.name == 'b' || tool.name == 'all'
  - name: a
    effect: allow
    when: tool.name == 'a' || tool.name == 'all'
`;

const onTool = (name: string) => completeFacts({ tool: { name } });

describe('combination', () => {
  const policy = policyOf(FOUR);

  it('allows when no rule matches', () => {
    expect(policy.evaluate(onTool('none'))).toEqual({
      decision: 'allow',
      action: 'allow',
      mode: 'enforce',
      matched: [],
      errors: [],
    });
  });

  it('takes each effect alone', () => {
    for (const effect of ['warn', 'escalate', 'block', 'allow'] as const) {
      const v = policy.evaluate(onTool(effect[0]!));
      expect(v.decision).toBe(effect);
      expect(v.matched.map((m) => m.rule)).toEqual([effect[0]]);
    }
  });

  it('lets the strongest effect win and lists every matched rule; allow never cancels a block', () => {
    const v = policy.evaluate(onTool('all'));
    expect(v.decision).toBe('block');
    expect(v.matched.map((m) => [m.rule, m.effect])).toEqual([
      ['w', 'warn'],
      ['e', 'escalate'],
      ['b', 'block'],
      ['a', 'allow'],
    ]);
    expect(v.matched[2]!.source).toEqual({ file: 't.yaml', line: 8, col: 5 });
  });
});

describe('modes', () => {
  const cases = [
    ['enforce', 'b', 'block', 'block'],
    ['enforce', 'e', 'escalate', 'escalate'],
    ['warn', 'b', 'block', 'warn'],
    ['warn', 'e', 'escalate', 'warn'],
    ['warn', 'w', 'warn', 'warn'],
    ['warn', 'none', 'allow', 'allow'],
    ['audit', 'b', 'block', 'allow'],
    ['audit', 'w', 'warn', 'allow'],
  ] as const;
  it.each(cases)('%s: a %s rule decides %s and the action is %s', (mode, tool, decision, action) => {
    const v = policyOf(FOUR, { mode }).evaluate(onTool(tool));
    expect(v).toMatchObject({ decision, action, mode });
  });
});

describe('fail-closed', () => {
  const THROWS = `rules:
  - name: needs-to
    effect: warn
    message: to is {{ args.to.value }}
    when: args.to.value == 'x'
  - name: fine
    effect: warn
    when: phase == 'call'
`;

  it('reports a rule that throws (a missing argument) and escalates', () => {
    const v = policyOf(THROWS).evaluate(completeFacts({}));
    expect(v.decision).toBe('escalate');
    expect(v.errors).toEqual([
      {
        rule: 'needs-to',
        message: expect.stringContaining('to'),
        source: { file: 't.yaml', line: 2, col: 5 },
      },
    ]);
    expect(v.matched.map((m) => m.rule)).toEqual(['fine']);
  });

  it('blocks in strict mode', () => {
    const v = policyOf(THROWS, { strict: true }).evaluate(completeFacts({}));
    expect(v).toMatchObject({ decision: 'block', action: 'block' });
  });

  it('never lowers a stronger matched effect', () => {
    const text = `${THROWS}  - name: b\n    effect: block\n    when: true\n`;
    expect(policyOf(text).evaluate(completeFacts({})).decision).toBe('block');
  });

  it('fails closed even in warn mode only as far as the mode allows', () => {
    const v = policyOf(THROWS, { mode: 'warn' }).evaluate(completeFacts({}));
    expect(v).toMatchObject({ decision: 'escalate', action: 'warn' });
  });

  it('evaluates fine when the argument is there, and a guarded rule never throws', () => {
    expect(policyOf(THROWS).evaluate(completeFacts({ args: { to: { value: 'x' } } })).errors).toEqual([]);
    const guarded = policyOf(
      `rules:\n  - name: g\n    effect: warn\n    when: "'to' in args && args.to.value == 'x'"\n`,
    );
    expect(guarded.evaluate(completeFacts({}))).toMatchObject({ decision: 'allow', errors: [] });
  });

  it('fails closed on facts that do not have the promised shape', () => {
    const broken = { ...completeFacts({}), session: undefined } as never;
    const v = policyOf(`rules:\n  - name: s\n    effect: warn\n    when: session.calls > 1\n`).evaluate(
      broken,
    );
    expect(v.decision).toBe('escalate');
    expect(v.errors).toHaveLength(1);
  });

  it('treats a missing path in conditions as no match, not as an error', () => {
    const p = policyOf(
      `rules:\n  - name: c\n    effect: block\n    conditions: {fact: args.to.value, equals: x}\n`,
    );
    expect(p.evaluate(completeFacts({}))).toMatchObject({ decision: 'allow', errors: [] });
  });
});

describe('CEL beyond the closure fast path', () => {
  it('runs on cel-js itself, with counts as ints', () => {
    const p = policyOf(
      `rules:\n  - name: arith\n    effect: warn\n    when: session.calls + 1 > 2 && tool.name.matches('^send')\n    message: "{{ session.calls * 2 }}"\n`,
    );
    expect(
      p.evaluate(completeFacts({ session: { calls: 2 }, tool: { name: 'send_email' } })).matched,
    ).toEqual([expect.objectContaining({ rule: 'arith', message: '4' })]);
    expect(p.evaluate(completeFacts({ session: { calls: 1 }, tool: { name: 'send_email' } })).decision).toBe(
      'allow',
    );
  });
});

describe('messages', () => {
  const policy = policyOf(`rules:
  - name: m
    effect: warn
    when: "'to' in args"
    message: >-
      {{ tool.name }} sends {{args.to.value}} to {{ tool.destination }};
      from {{ argsLabel.attribution }}; calls={{ session.calls }};
      missing={{ args.cc.value }}; none={{ session.label.sources }};
      n={{ size(args) }}; obj={{ args.to.label.openWorld }}
  - name: silent
    effect: warn
    when: "'cc' in args"
    message: "{{ args.nope.value }}"
`);

  it('fills placeholders from the facts: lists joined, missing as ?, empty lists as (none)', () => {
    const facts = completeFacts({
      tool: { name: 'send_email', destination: ['internal', 'public'] },
      session: { calls: 3 },
      args: {
        to: { value: 'bob@example.com', label: { openWorld: true, attribution: ['https://a', 'https://b'] } },
      },
    });
    expect(policy.evaluate(facts).matched[0]!.message).toBe(
      'send_email sends bob@example.com to internal, public; from https://a, https://b; calls=3; ' +
        'missing=?; none=(none); n=1; obj=true',
    );
  });

  it('renders only matched rules: a broken placeholder in an unmatched rule costs nothing', () => {
    const v = policy.evaluate(completeFacts({ args: { to: { value: 'x' } } }));
    expect(v.matched.map((m) => m.rule)).toEqual(['m']);
    expect(v.errors).toEqual([]);
  });

  it('uses the description, or a default, when a rule has no message', () => {
    const p = policyOf(
      'rules:\n  - name: d\n    effect: warn\n    description: Why it matters.\n    when: true\n  - name: n\n    effect: warn\n    when: true\n',
    );
    expect(p.evaluate(completeFacts({})).matched.map((m) => m.message)).toEqual([
      'Why it matters.',
      "rule 'n' matched",
    ]);
  });
});
