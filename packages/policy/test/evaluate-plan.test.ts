import type { Facts, Verdict } from '@mcp-trust/policy';
import { completeFacts, loadPolicy, PACKS } from '@mcp-trust/policy';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { strongest } from '../src/combine.js';
import { evalContext } from '../src/eval-context.js';
import { parsePolicyFile } from '../src/parse-policy-file.js';
import type { PolicyProblem } from '../src/problems.js';
import { facts } from './support/arbitrary-facts.js';

/**
 * What evaluate does to be fast must not show in its verdicts: it runs only the rules that can
 * hold in the decision's phase (and those without their phase guard), reuses one context from
 * decision to decision, and shares helper results within a decision. Here every rule's whole test
 * runs in a fresh context instead, and the verdicts must be the same.
 */

const EDGES = `rules:
  - name: result-only
    effect: warn
    when: phase == 'result'
  - name: guard-not-first
    effect: escalate
    when: args.to.endorsed && phase == 'call' && size(sensitiveArgs(args)) > 0
  - name: guard-in-a-disjunction-is-no-guard
    effect: warn
    when: phase == 'call' || args.to.endorsed
  - name: two-guards
    effect: block
    when: phase == 'call' && args.body.label.openWorld && phase == 'result'
  - name: other-phase
    effect: warn
    when: phase == 'other' && args.exists(k, args[k].endorsed)
  - name: conditions-guard
    effect: warn
    conditions:
      and:
        - fact: phase
          equals: result
        - fact: session.label.openWorld
          equals: true
    message: from {{ session.label.attribution }} ({{ size(sensitiveArgs(args)) }})
`;

const SOURCES = [
  { path: 'pack:default', text: PACKS.default! },
  { path: 'pack:sep-examples', text: PACKS['sep-examples']! },
  { path: 'edges.yaml', text: EDGES },
];

function load() {
  const { policy, problems } = loadPolicy({ files: SOURCES });
  expect(problems).toEqual([]);
  return policy!;
}

/** The verdict as written in docs/policy.md: every rule, in order, its whole test, nothing shared. */
function reference(f: Facts): Verdict {
  const problems: PolicyProblem[] = [];
  const rules = SOURCES.flatMap((s) => parsePolicyFile(s.path, s.text, problems).rules);
  let decision: Verdict['decision'] = 'allow';
  const matched: Verdict['matched'] = [];
  const errors: Verdict['errors'] = [];
  for (const rule of rules) {
    const context = evalContext(f);
    let hit: boolean;
    try {
      hit = rule.test(context);
    } catch (error) {
      errors.push({
        rule: rule.name,
        message: (error as Error).message.split('\n')[0]!,
        source: rule.source,
      });
      continue;
    }
    if (!hit) continue;
    decision = strongest(decision, rule.effect);
    matched.push({ rule: rule.name, effect: rule.effect, message: '', source: rule.source });
  }
  if (errors.length > 0) decision = strongest(decision, 'escalate');
  return { decision, action: decision, mode: 'enforce', matched, errors };
}

const withoutMessages = (v: Verdict) => ({ ...v, matched: v.matched.map((m) => ({ ...m, message: '' })) });

describe('evaluate: phase plan, reused context, shared helper results', () => {
  const policy = load();

  it('decides as running every rule in full would, in every phase and with none', () => {
    const withPhase = facts.map((p) => completeFacts(p));
    const noPhase = withPhase.map((f) => {
      const { phase: _, ...rest } = f;
      return rest as Facts;
    });
    fc.assert(
      fc.property(
        fc.oneof(
          withPhase,
          noPhase,
          withPhase.map((f) => ({ ...f, phase: 7 }) as never),
        ),
        (f) => {
          expect(withoutMessages(policy.evaluate(f))).toEqual(reference(f));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('carries nothing from one decision to the next', () => {
    fc.assert(
      fc.property(fc.array(facts, { minLength: 2, maxLength: 6 }), (partials) => {
        const all = partials.map((p) => completeFacts(p));
        const inTurn = all.map((f) => policy.evaluate(f));
        expect(inTurn).toEqual(all.map((f) => load().evaluate(f)));
      }),
      { numRuns: 60 },
    );
  });

  it('reports the error of the last failing operand of a chain, as the nested form did', () => {
    const text = `rules:
  - {name: a, effect: warn, when: "args.to.endorsed && args.body.endorsed"}
  - {name: b, effect: warn, when: "args.to.endorsed || args.body.endorsed || args.amount.endorsed"}
  - {name: c, effect: warn, when: "(args.to.endorsed || phase == 'result') && args.body.endorsed"}
  - {name: d, effect: warn, when: "args.to.endorsed && (args.body.endorsed && args.amount.endorsed)"}
  - {name: e, effect: warn, when: "args.all(k, args[k].endorsed || args[k == 'a' ? 'x' : 'y'].endorsed)"}
`;
    const p = loadPolicy({ files: [{ path: 't.yaml', text }] }).policy!;
    const errors = (f: Facts) => p.evaluate(f).errors.map((e) => `${e.rule}: ${e.message}`);
    expect(errors(completeFacts({}))).toEqual([
      'a: No such key: body',
      'b: No such key: amount',
      'c: No such key: body',
      'd: No such key: amount',
    ]);
    expect(errors(completeFacts({ phase: 'result', args: { to: { value: 'x' } } }))).toEqual([
      'b: No such key: amount',
      'c: No such key: body',
      'e: No such key: y',
    ]);
  });
});
