import { makeLabel } from '@mcp-trust/core';
import { loadPolicy, PACKS } from '@mcp-trust/policy';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildFacts, contractOf } from './support/facts-builder.js';
import { injectedPage, readDrafts, salaries, sendEmail, webPage } from './support/scenarios.js';

/** SEP-1913, "Policy Layer (Non-Normative)", `examplePolicies`, copied from the SEP's text. */
const SEP_EXAMPLE_POLICIES = {
  rules: [
    {
      name: 'block-open-world-to-external',
      effect: 'block',
      conditions: {
        and: [
          { fact: 'request.annotations.openWorldHint', equals: true },
          { fact: 'tool.annotations.inputMetadata.destination', equals: 'public' },
        ],
      },
    },
    {
      name: 'escalate-malicious',
      effect: 'escalate',
      conditions: { fact: 'response.annotations.maliciousActivityHint', equals: true },
    },
    {
      name: 'confirm-irreversible-actions',
      effect: 'escalate',
      conditions: { fact: 'tool.annotations.inputMetadata.outcomes', equals: 'irreversible' },
    },
  ],
};

const policy = loadPolicy({ packs: ['sep-examples'] }).policy!;
const decide = (...args: Parameters<typeof buildFacts>) => {
  const v = policy.evaluate(buildFacts(...args));
  return { decision: v.decision, rules: v.matched.map((m) => m.rule) };
};

describe('pack:sep-examples', () => {
  it('does not ask again after the call: tool rules are about making the call', () => {
    const after = decide({ contract: sendEmail, phase: 'result', session: webPage });
    expect(after).toEqual({ decision: 'allow', rules: [] });
  });

  it('holds the SEP example rules verbatim (names, effects, conditions), each guarded by its phase', () => {
    const pack = parse(PACKS['sep-examples']!) as { rules: Record<string, unknown>[] };
    const phases = ['call', 'result', 'call'];
    const asSep = pack.rules.map(({ name, effect, conditions }, i) => {
      // The pack adds `phase` as the first conjunct; what remains is the SEP's condition.
      const { and } = conditions as { and: unknown[] };
      expect(and[0]).toEqual({ fact: 'phase', equals: phases[i] });
      const rest = and.slice(1);
      return { name, effect, conditions: rest.length === 1 ? rest[0] : { and: rest } };
    });
    expect(asSep).toEqual(SEP_EXAMPLE_POLICIES.rules);
    expect(policy.rules.every((r) => r.kind === 'conditions')).toBe(true);
  });

  it('Example 1: e-mailing a summary of a web page to an external address is blocked', () => {
    const r = decide({
      contract: sendEmail,
      server: 'mail',
      session: webPage,
      args: { to: { value: 'accountant@external.com' } },
    });
    expect(r).toEqual({
      decision: 'block',
      rules: ['block-open-world-to-external', 'confirm-irreversible-actions'],
    });
  });

  it('without open-world context, sending is only confirmed (irreversible)', () => {
    expect(decide({ contract: sendEmail, args: { to: { value: 'me@example.com' } } })).toEqual({
      decision: 'escalate',
      rules: ['confirm-irreversible-actions'],
    });
  });

  it('the salary spreadsheet to the accountant: confirmation, as the SEP scenario asks', () => {
    const r = decide({
      contract: sendEmail,
      session: salaries,
      args: { body: { value: 'salaries', label: salaries } },
    });
    expect(r).toEqual({ decision: 'escalate', rules: ['confirm-irreversible-actions'] });
  });

  it('reading drafts in an open-world session is fine: ephemeral, benign', () => {
    expect(decide({ contract: readDrafts, session: webPage })).toEqual({ decision: 'allow', rules: [] });
  });

  it('a possible set that includes public may go public', () => {
    const maybePublic = contractOf({
      name: 'share',
      annotations: {
        inputMetadata: {
          destination: ['internal', 'public'],
          sensitivity: 'none',
          outcomes: 'consequential',
        },
      },
    });
    expect(decide({ contract: maybePublic, session: webPage }).decision).toBe('block');
  });

  it('a tool that declares nothing has no inputMetadata to match: the SEP rules stay silent', () => {
    expect(decide({ session: webPage }).decision).toBe('allow');
  });

  it('Example 2: a result flagged malicious escalates in the result phase', () => {
    expect(decide({ contract: readDrafts, phase: 'result', response: injectedPage })).toEqual({
      decision: 'escalate',
      rules: ['escalate-malicious'],
    });
    expect(
      decide({ contract: readDrafts, phase: 'result', response: makeLabel({ openWorld: true }) }).decision,
    ).toBe('allow');
  });

  it('renders the messages with the facts', () => {
    const v = policy.evaluate(buildFacts({ contract: sendEmail, server: 'mail', session: webPage }));
    expect(v.matched[0]!.message).toMatch(
      /^Blocked send_email on mail: this conversation contains untrusted content \(from https:\/\/example\.com\/article\)/,
    );
  });
});
