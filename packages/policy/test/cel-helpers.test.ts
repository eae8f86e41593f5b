import type { DeepPartial, Facts } from '@mcp-trust/policy';
import { CEL_HELPERS, completeFacts, loadPolicy } from '@mcp-trust/policy';
import { describe, expect, it } from 'vitest';

/** Evaluate one CEL expression as a message placeholder, to see its value. */
function value(expression: string, facts: DeepPartial<Facts>): string {
  const text = `rules:\n  - name: v\n    effect: warn\n    when: "true"\n    message: "{{ ${expression} }}"\n`;
  const { policy, problems } = loadPolicy({ files: [{ path: 'v.yaml', text }] });
  expect(problems).toEqual([]);
  return policy!.evaluate(completeFacts(facts)).matched[0]!.message;
}

describe('CEL helpers', () => {
  it('are the documented five', () => {
    expect(CEL_HELPERS.map((h) => h.signature.split('(')[0])).toEqual([
      'sensitive',
      'sensitiveArgs',
      'untrustedArgs',
      'attributionOf',
      'intersects',
    ]);
  });

  it('attributionOf(args, names) joins the attribution of just those arguments', () => {
    const args = {
      to: { label: { openWorld: true, attribution: ['https://page.example/a'] } },
      body: { label: { attribution: ['mcp://files/read_file', 'https://page.example/a'] } },
      note: { label: { attribution: ['urn:org:acme:hr'] } },
    };
    expect(value("attributionOf(args, ['to', 'body'])", { args })).toBe(
      'https://page.example/a, mcp://files/read_file',
    );
    expect(value('attributionOf(args, untrustedArgs(args))', { args })).toBe('https://page.example/a');
    expect(value("attributionOf(args, ['missing'])", { args })).toBe('(none)');
  });

  it('sensitive(label): sensitive classes, private, or level medium/high; not user, low or unknown', () => {
    const s = (label: DeepPartial<Facts['argsLabel']>) => value('sensitive(argsLabel)', { argsLabel: label });
    expect(s({ sensitivity: ['credentials'] })).toBe('true');
    expect(s({ sensitivity: ['regulated:HIPAA'] })).toBe('true');
    expect(s({ sensitivity: ['regulated'] })).toBe('true');
    expect(s({ private: true })).toBe('true');
    expect(s({ sensitiveLevel: 'medium' })).toBe('true');
    expect(s({ sensitivity: ['user', 'unknown'], sensitiveLevel: 'low' })).toBe('false');
  });

  it('sensitiveArgs and untrustedArgs name the arguments, skipping those the user typed', () => {
    const args = {
      to: { label: { openWorld: true } },
      body: { label: { sensitivity: ['pii'], openWorld: true } },
      note: { label: { sensitivity: ['pii'] }, endorsed: true },
    };
    expect(value('sensitiveArgs(args)', { args })).toBe('body');
    expect(value('untrustedArgs(args)', { args })).toBe('to, body');
    expect(value('sensitiveArgs(args)', {})).toBe('(none)');
  });

  it('intersects(a, b)', () => {
    expect(value("intersects(tool.outcomes, ['irreversible'])", { tool: { outcomes: ['benign'] } })).toBe(
      'false',
    );
    expect(
      value("intersects(tool.outcomes, ['irreversible'])", { tool: { outcomes: ['irreversible'] } }),
    ).toBe('true');
  });
});
