import type { Overlay } from '@mcp-trust/engine';
import { createEngine } from '@mcp-trust/engine';
import { describe, expect, it } from 'vitest';
import { testPolicy } from './support.js';

const overlay: Overlay = {
  name: 'files',
  tools: {
    read_file: {
      claims: {
        hints: { readOnlyHint: true },
        returnSource: ['internal', 'untrustedPublic'],
        returnSensitivity: ['financial', 'pii'],
      },
      arguments: { path: { role: 'selector' } },
      resolvers: [
        {
          when: [{ argument: 'path', prefix: '/hr/' }],
          claims: { hints: {}, returnSource: ['internal'], returnSensitivity: ['financial'] },
        },
        {
          when: [{ argument: 'path', matches: '^/public/.*\\.html$' }],
          claims: { hints: {}, returnSource: ['untrustedPublic'] },
        },
        {
          when: [{ argument: 'opts.mode', in: ['raw', 'binary'] }],
          claims: { hints: {}, returnSource: ['system'] },
        },
      ],
    },
  },
  defaults: { claims: { hints: { destructiveHint: true } }, arguments: {}, resolvers: [] },
};

function engine(trust: 'trusted' | 'untrusted' = 'trusted') {
  return createEngine({ policy: testPolicy([]), servers: { files: { trust, share: 'full', overlay } } });
}
const call = (args: Record<string, unknown>, tool = 'read_file') => ({
  id: 'c',
  server: 'files',
  tool,
  arguments: args,
});

describe('contract resolution', () => {
  it('layers overlay over declared claims, with overlay defaults for unlisted tools', () => {
    const e = engine();
    e.registerTools('files', [
      {
        name: 'read_file',
        annotations: { inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' } },
      },
      { name: 'rm', annotations: {} },
    ]);
    const d = e.session('s').beforeCall(call({ path: '/tmp/x' }));
    expect(d.contract.destination).toEqual(['ephemeral']);
    expect(d.contract.origin.destination).toBe('declared');
    expect(d.contract.returnSource).toEqual(['internal', 'untrustedPublic']);
    expect(d.contract.origin.returnSource).toBe('overlay');
    expect(d.facts.args.path!.role).toBe('selector');
    const rm = e.session('s').beforeCall(call({}, 'rm'));
    expect(rm.facts.tool.hints.destructiveHint).toBe(true);
    expect(rm.facts.tool.hintSet.readOnlyHint).toBe(false);
  });

  it('narrows by overlay resolvers whose conditions hold (prefix, RE2 matches, dotted in)', () => {
    const s = engine().session('s');
    expect(s.beforeCall(call({ path: '/hr/salaries.xlsx' })).contract.returnSource).toEqual(['internal']);
    expect(s.beforeCall(call({ path: '/public/a.html' })).contract.returnSource).toEqual(['untrustedPublic']);
    expect(s.beforeCall(call({ path: '/public/a.txt' })).contract.returnSource).toEqual([
      'internal',
      'untrustedPublic',
    ]);
    const wider = s.beforeCall(call({ path: '/x', opts: { mode: 'raw' } }));
    expect(wider.violations).toHaveLength(1); // `system` was never a declared source
    expect(wider.contract.returnSource).toEqual(['internal', 'system', 'untrustedPublic']);
  });

  it('narrows by the server’s tools/resolve answer, and records a wider answer as a violation', () => {
    const s = engine().session('s');
    const ok = s.beforeCall(call({ path: '/a' }), {
      resolved: { returnMetadata: { source: 'internal', sensitivity: 'pii' } },
    });
    expect(ok.contract.returnSource).toEqual(['internal']);
    expect(ok.contract.returnSensitivity).toEqual(['pii']);
    expect(ok.contract.origin.returnSource).toBe('resolved');
    const bad = s.beforeCall(call({ path: '/a' }), {
      resolved: {
        tool: {
          name: 'read_file',
          annotations: { returnMetadata: { source: 'system', sensitivity: 'none' } },
        },
      },
    });
    expect(bad.violations.join()).toMatch(/returnSource/);
    expect(bad.contract.returnSource).toContain('system');
    expect(bad.contract.returnSource).toContain('internal');
  });

  it('an untrusted server’s risk-lowering claims are filtered out (declared and resolved)', () => {
    const e = createEngine({
      policy: testPolicy([]),
      servers: { shady: { trust: 'untrusted', share: 'none' } },
    });
    e.registerTools('shady', [
      {
        name: 'send',
        annotations: {
          readOnlyHint: true,
          destructiveHint: true,
          inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
        },
      },
    ]);
    const d = e
      .session('s')
      .beforeCall(
        { id: '1', server: 'shady', tool: 'send', arguments: {} },
        { resolved: { returnMetadata: { source: 'internal', sensitivity: 'none' } } },
      );
    expect(d.contract.destination).toEqual(['ephemeral', 'internal', 'public', 'system', 'user']);
    expect(d.contract.declared.destination).toBe(false);
    expect(d.contract.hints).toEqual({ destructiveHint: true });
    expect(d.contract.returnSource).toHaveLength(5);
    expect(d.facts.server.trust).toBe('untrusted');
  });

  it('unknown servers and tools get the full-set contract, never a throw', () => {
    const e = createEngine({ policy: testPolicy([]), servers: {} });
    const d = e.session('s').beforeCall({ id: '1', server: 'nowhere', tool: 'nothing', arguments: { a: 1 } });
    expect(d.contract.declared).toEqual({
      destination: false,
      outcomes: false,
      inputSensitivity: false,
      returnSource: false,
      returnSensitivity: false,
    });
    expect(d.facts.tool.destination).toContain('public');
    expect(e.registerTools('nowhere', [{ name: 'x' }]).map((p) => p.code)).toEqual(['unknown-server']);
  });

  it('reports a bad RE2 pattern at creation, and that resolver never narrows', () => {
    const bad: Overlay = {
      name: 'b',
      tools: {
        t: {
          claims: { hints: {}, returnSource: ['internal', 'user'] },
          arguments: {},
          resolvers: [
            {
              when: [{ argument: 'p', matches: '(unclosed' }],
              claims: { hints: {}, returnSource: ['user'] },
            },
          ],
        },
      },
    };
    const e = createEngine({
      policy: testPolicy([]),
      servers: { b: { trust: 'trusted', share: 'full', overlay: bad } },
    });
    expect(e.problems.map((p) => p.code)).toEqual(['invalid-regex']);
    expect(
      e.session('s').beforeCall({ id: '1', server: 'b', tool: 't', arguments: { p: '(unclosed' } }).contract
        .returnSource,
    ).toEqual(['internal', 'user']);
  });

  it('RE2 runs in linear time on a pattern that backtracks catastrophically in JS', () => {
    const evil: Overlay = {
      name: 'e',
      tools: {
        t: {
          claims: { hints: {} },
          arguments: {},
          resolvers: [{ when: [{ argument: 'p', matches: '^(a+)+$' }], claims: { hints: {} } }],
        },
      },
    };
    const s = createEngine({
      policy: testPolicy([]),
      servers: { e: { trust: 'trusted', share: 'full', overlay: evil } },
    }).session('s');
    const t0 = performance.now();
    s.beforeCall({ id: '1', server: 'e', tool: 't', arguments: { p: `${'a'.repeat(5000)}!` } });
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
