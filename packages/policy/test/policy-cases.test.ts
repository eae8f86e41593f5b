import { FULL_SETS, HINT_NAMES } from '@mcp-trust/core';
import type { PolicyCase } from '@mcp-trust/policy';
import { completeFacts, defaultFacts, loadPolicy, runPolicyCases } from '@mcp-trust/policy';
import { describe, expect, it } from 'vitest';

describe('defaultFacts', () => {
  it('has every field, bottom labels, and a tool nobody declared anything for', () => {
    const f = defaultFacts();
    expect(f.phase).toBe('call');
    expect(f.tool.destination).toEqual(FULL_SETS.destination);
    expect(Object.values(f.tool.declared)).toEqual([false, false, false, false, false]);
    expect(Object.keys(f.tool.hints)).toEqual([...HINT_NAMES]);
    expect(f.session.label).toEqual({
      openWorld: false,
      malicious: false,
      private: false,
      sensitiveLevel: 'none',
      sources: [],
      sensitivity: [],
      attribution: [],
    });
    expect(f.args).toEqual({});
  });

  it('gives a fresh object each time', () => {
    const a = defaultFacts();
    a.tool.destination.push('x');
    expect(defaultFacts().tool.destination).not.toContain('x');
  });
});

describe('completeFacts', () => {
  it('completes arguments, joins their labels into argsLabel, derives request and response annotations', () => {
    const f = completeFacts({
      args: {
        to: { value: 'e', label: { openWorld: true, attribution: ['https://b'] } },
        body: { label: { sensitivity: ['pii'], attribution: ['https://a'] } },
      },
      session: { label: { openWorld: true, attribution: ['https://b'] } },
      response: { label: { malicious: true } },
    });
    expect(f.args.body).toMatchObject({
      value: null,
      endorsed: false,
      role: '',
      label: { openWorld: false },
    });
    expect(f.argsLabel).toMatchObject({
      openWorld: true,
      sensitivity: ['pii'],
      attribution: ['https://a', 'https://b'],
    });
    expect(f.request.annotations).toMatchObject({ openWorldHint: true, attribution: ['https://b'] });
    expect(f.response.annotations.maliciousActivityHint).toBe(true);
  });

  it('keeps what the partial says explicitly', () => {
    const f = completeFacts({
      argsLabel: { private: true },
      request: { annotations: { openWorldHint: true } },
    });
    expect(f.argsLabel.private).toBe(true);
    expect(f.request.annotations.openWorldHint).toBe(true);
  });
});

describe('runPolicyCases', () => {
  const policy = loadPolicy({ packs: ['default', 'sep-examples'], mode: 'audit' }).policy!;
  const cases: PolicyCase[] = [
    {
      name: 'salary e-mailed out',
      facts: {
        tool: { name: 'send_email', destination: ['public'], outcomes: ['irreversible'] },
        args: { body: { value: 's', label: { sensitivity: ['financial'] } } },
      },
      expect: 'escalate',
      rules: ['sensitive-data-to-public'],
    },
    {
      name: 'nothing happening',
      facts: { tool: { outcomes: ['benign'], destination: ['ephemeral'] } },
      expect: 'allow',
    },
    { name: 'wrong expectation', facts: {}, expect: 'block' },
    {
      name: 'wrong rule',
      facts: { tool: { outcomes: ['benign'], destination: ['ephemeral'] } },
      expect: 'allow',
      rules: ['outward-action-not-user-directed'],
    },
  ];

  it('passes a case whose decision and listed rules match, whatever the mode', () => {
    const [salary, quiet] = runPolicyCases(policy, cases);
    expect(salary).toMatchObject({
      name: 'salary e-mailed out',
      pass: true,
      expected: 'escalate',
      actual: 'escalate',
    });
    expect(salary!.verdict.action).toBe('allow');
    expect(quiet).toMatchObject({ pass: true, actual: 'allow', missingRules: [] });
  });

  it('fails a case with the wrong decision or a rule that did not match, and says why', () => {
    const [, , wrong, rule] = runPolicyCases(policy, cases);
    expect(wrong).toMatchObject({ pass: false, expected: 'block', actual: 'allow' });
    expect(rule).toMatchObject({
      pass: false,
      actual: 'allow',
      missingRules: ['outward-action-not-user-directed'],
    });
  });
});
