import type { PolicyProblem } from '@mcp-trust/policy';
import { formatProblem, loadPolicy } from '@mcp-trust/policy';
import { describe, expect, it } from 'vitest';

/** Load one file and return its problems as `file:line:col: severity CODE: message` lines. */
function problems(text: string): string[] {
  const { policy, problems } = loadPolicy({ files: [{ path: 'p.yaml', text }] });
  if (problems.some((p) => p.severity === 'error')) expect(policy).toBeUndefined();
  return problems.map(formatProblem);
}

/** Only the places and codes: messages are for people and may be reworded. */
function places(text: string): string[] {
  return problems(text).map((line) => line.split(': ').slice(0, 2).join(': '));
}

const rule = (body: string) => `rules:\n  - name: r\n${body}`;

describe('load-time problems carry file:line:col', () => {
  it('reports a YAML syntax error where the parser stopped', () => {
    expect(places('rules:\n  - name: r\n    effect: [block\n')).toEqual(['p.yaml:4:1: error yaml-syntax']);
  });

  it('rejects a file that is not a map, and rules that are not a list', () => {
    expect(places('- a\n- b\n')).toEqual(['p.yaml:1:1: error not-a-policy']);
    expect(places('rules:\n  name: r\n')).toEqual(['p.yaml:2:3: error rules-not-list']);
    expect(places('mode: audit\n')).toEqual(['p.yaml:1:1: error rules-not-list']);
  });

  it('checks top-level keys and their values', () => {
    expect(places('mode: loud\nstrict: 3\nrulez: []\nrules: []\n')).toEqual([
      'p.yaml:1:7: error bad-mode',
      'p.yaml:2:9: error bad-strict',
      'p.yaml:3:1: error unknown-key',
    ]);
  });

  it('points at a rule that is not a map', () => {
    expect(places('rules:\n  - just a string\n')).toEqual(['p.yaml:2:5: error rule-not-map']);
  });

  it('needs a name and an effect, and knows the effects', () => {
    expect(places('rules:\n  - effect: block\n    when: true\n')).toEqual(['p.yaml:2:5: error missing-name']);
    expect(places(rule('    when: true\n'))).toEqual(['p.yaml:2:5: error missing-effect']);
    expect(places(rule('    effect: deny\n    when: true\n'))).toEqual(['p.yaml:3:13: error unknown-effect']);
  });

  it('rejects unknown keys in a rule', () => {
    expect(places(rule('    effect: warn\n    when: true\n    severity: high\n'))).toEqual([
      'p.yaml:5:5: error unknown-key',
    ]);
  });

  it('rejects duplicate rule names in one file, pointing at the second', () => {
    const text =
      'rules:\n  - name: r\n    effect: warn\n    when: true\n  - name: r\n    effect: block\n    when: true\n';
    expect(places(text)).toEqual(['p.yaml:5:5: error duplicate-rule']);
    expect(problems(text)[0]).toContain('already defined in this file at 2:5');
  });

  it('needs exactly one of when and conditions', () => {
    expect(places(rule('    effect: warn\n'))).toEqual(['p.yaml:2:5: error no-condition']);
    expect(
      places(rule('    effect: warn\n    when: true\n    conditions: {fact: phase, equals: call}\n')),
    ).toEqual(['p.yaml:5:17: error when-and-conditions']);
  });

  it('points a CEL parse error at the column inside the expression', () => {
    // `tool.name ==` ends early: the error is at the end of the expression (col 11 + 12).
    expect(places(rule('    effect: warn\n    when: tool.name ==\n'))).toEqual([
      'p.yaml:4:23: error cel-parse',
    ]);
    expect(places(rule('    effect: warn\n    when: "phase == \'call\' &&"\n'))).toEqual([
      'p.yaml:4:30: error cel-parse',
    ]);
  });

  it('reports unknown facts in CEL at the misspelt name', () => {
    expect(places(rule('    effect: warn\n    when: tool.nope\n'))).toEqual([
      'p.yaml:4:16: error unknown-fact',
    ]);
    expect(places(rule('    effect: warn\n    when: foo\n'))).toEqual(['p.yaml:4:11: error unknown-fact']);
    expect(places(rule('    effect: warn\n    when: args.to.label.openWorlds\n'))).toEqual([
      'p.yaml:4:25: error unknown-fact',
    ]);
  });

  it('reports CEL type errors, also inside a `|` block', () => {
    expect(places(rule('    effect: warn\n    when: tool.name + 1 == 2\n'))).toEqual([
      'p.yaml:4:11: error cel-type',
    ]);
    const block = rule(
      "    effect: warn\n    when: |\n      phase == 'call'\n        && session.calls + 'x' > 1\n",
    );
    expect(places(block)).toEqual(['p.yaml:6:12: error cel-type']);
  });

  it('requires `when` to be a bool', () => {
    expect(places(rule('    effect: warn\n    when: tool.name\n'))).toEqual([
      'p.yaml:4:11: error when-not-bool',
    ]);
    const dyn = problems(rule('    effect: warn\n    when: args.to.value\n'));
    expect(dyn[0]).toMatch(/when-not-bool: .*dyn.*== true/);
  });

  it('checks fact paths in conditions against the facts shape', () => {
    const text = rule(
      '    effect: warn\n    conditions:\n      or:\n        - fact: tool.destinations\n          equals: public\n        - fact: tool.name.length\n          equals: 3\n',
    );
    expect(places(text)).toEqual(['p.yaml:6:17: error unknown-fact', 'p.yaml:8:17: error unknown-fact']);
  });

  it('lets any key through under args.NAME, an argument value and tool.annotations', () => {
    const text = rule(
      '    effect: warn\n    conditions:\n      and:\n        - {fact: args.anything.value.deep.path, equals: 1}\n        - {fact: tool.annotations.inputMetadata.destination, equals: public}\n        - {fact: args.to.label.openWorld, equals: true}\n',
    );
    expect(problems(text)).toEqual([]);
    expect(places(rule('    effect: warn\n    conditions: {fact: args.to.labels, equals: 1}\n'))).toEqual([
      'p.yaml:4:24: error unknown-fact',
    ]);
  });

  it('checks the shape of conditions', () => {
    expect(places(rule('    effect: warn\n    conditions: {fact: phase, is: call}\n'))).toEqual([
      'p.yaml:4:31: error unknown-key',
    ]);
    expect(places(rule('    effect: warn\n    conditions: {fact: phase, equals: a, in: [a]}\n'))).toEqual([
      'p.yaml:4:17: error bad-condition',
    ]);
    expect(places(rule('    effect: warn\n    conditions: {fact: phase, in: call}\n'))).toEqual([
      'p.yaml:4:35: error bad-condition',
    ]);
    expect(places(rule('    effect: warn\n    conditions: {and: []}\n'))).toEqual([
      'p.yaml:4:23: error bad-condition',
    ]);
  });

  it('type-checks message placeholders at load', () => {
    // At `nam`, inside the placeholder inside the string.
    expect(
      places(rule('    effect: warn\n    when: true\n    message: "tool {{ tool.nam }} ran"\n')),
    ).toEqual(['p.yaml:5:28: error bad-message']);
    expect(places(rule('    effect: warn\n    when: true\n    message: "tool {{ tool.name"\n'))).toEqual([
      'p.yaml:5:20: error bad-message',
    ]);
  });

  it('reports every problem of a file, not just the first', () => {
    const text =
      'rules:\n  - name: a\n    effect: nope\n    when: foo\n  - name: b\n    effect: warn\n    when: 1\n';
    expect(places(text)).toEqual([
      'p.yaml:3:13: error unknown-effect',
      'p.yaml:4:11: error unknown-fact',
      'p.yaml:7:11: error when-not-bool',
    ]);
  });

  it('formats problems as file:line:col: severity CODE: message', () => {
    const p: PolicyProblem = {
      file: 'x.yaml',
      line: 3,
      col: 7,
      code: 'cel-type',
      message: 'm',
      severity: 'error',
    };
    expect(formatProblem(p)).toBe('x.yaml:3:7: error cel-type: m');
  });
});

describe('sources: packs, files, overrides', () => {
  it('names an unknown pack', () => {
    const { policy, problems } = loadPolicy({ packs: ['nope'] });
    expect(policy).toBeUndefined();
    expect(problems.map(formatProblem)[0]).toMatch(
      /^pack:nope:1:1: error unknown-pack: .*default, sep-examples/,
    );
  });

  it('refuses a file silently redefining a pack rule', () => {
    const text = 'rules:\n  - name: outward-action-not-user-directed\n    effect: allow\n    when: true\n';
    const { policy, problems } = loadPolicy({ packs: ['default'], files: [{ path: 'mine.yaml', text }] });
    expect(policy).toBeUndefined();
    expect(problems.map(formatProblem)).toEqual([
      expect.stringMatching(
        /^mine\.yaml:2:5: error duplicate-rule: rule 'outward-action-not-user-directed' is already defined at pack:default:\d+:5; add 'override: true'/,
      ),
    ]);
  });

  it('lets a later rule with override: true replace the earlier one in place', () => {
    const text =
      'rules:\n  - name: outward-action-not-user-directed\n    override: true\n    effect: warn\n    when: false\n';
    const { policy, problems } = loadPolicy({ packs: ['default'], files: [{ path: 'mine.yaml', text }] });
    expect(problems).toEqual([]);
    const names = policy!.rules.map((r) => r.name);
    const replaced = policy!.rules.find((r) => r.name === 'outward-action-not-user-directed')!;
    expect(names.filter((n) => n === 'outward-action-not-user-directed')).toHaveLength(1);
    expect(replaced).toMatchObject({ effect: 'warn', source: { file: 'mine.yaml', line: 2, col: 5 } });
  });

  it('warns when override: true replaces nothing, and still loads', () => {
    const text = 'rules:\n  - name: mine\n    override: true\n    effect: warn\n    when: false\n';
    const { policy, problems } = loadPolicy({ files: [{ path: 'mine.yaml', text }] });
    expect(policy).toBeDefined();
    expect(problems.map(formatProblem)).toEqual([
      expect.stringMatching(/^mine\.yaml:2:5: warning override-nothing/),
    ]);
  });

  it('takes mode and strict from the input over the files, and the last file over earlier ones', () => {
    const a = { path: 'a.yaml', text: 'mode: audit\nstrict: true\nrules: []\n' };
    const b = { path: 'b.yaml', text: 'mode: warn\nrules: []\n' };
    expect(loadPolicy({ files: [a, b] }).policy).toMatchObject({ mode: 'warn', strict: true });
    expect(loadPolicy({ files: [a, b], mode: 'enforce', strict: false }).policy).toMatchObject({
      mode: 'enforce',
      strict: false,
    });
    expect(loadPolicy({}).policy).toMatchObject({ mode: 'enforce', strict: false, rules: [] });
  });

  it('describes each rule', () => {
    const { policy } = loadPolicy({ packs: ['sep-examples'] });
    expect(policy!.rules[1]).toEqual({
      name: 'escalate-malicious',
      effect: 'escalate',
      kind: 'conditions',
      description: 'The result was flagged as possibly malicious.',
      source: { file: 'pack:sep-examples', line: 20, col: 5 },
    });
  });
});
