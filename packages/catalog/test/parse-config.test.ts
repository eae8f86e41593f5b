import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfig } from '../src/index.js';

const fixture = new URL('./fixtures/design-example.yaml', import.meta.url);
const DESIGN = readFileSync(fixture, 'utf8');
const errors = (text: string) =>
  parseConfig(text, '/etc/mcp/c.yaml').problems.filter((p) => p.severity === 'error');

describe('parseConfig', () => {
  it('reads the DESIGN example with every default applied and paths made absolute', () => {
    const { config, problems } = parseConfig(DESIGN, '/etc/mcp/c.yaml');
    expect(problems).toEqual([]);
    expect(config?.mode).toBe('enforce');
    expect(config?.servers.files).toEqual({
      name: 'files',
      trust: 'untrusted',
      share: 'minimal',
      overlay: 'filesystem',
      upstream: {
        kind: 'stdio',
        command: 'npx',
        args: ['@modelcontextprotocol/server-filesystem', './data'],
        env: {},
      },
    });
    expect(config?.servers.mail).toEqual({
      name: 'mail',
      trust: 'untrusted',
      share: 'minimal',
      upstream: { kind: 'http', url: 'http://127.0.0.1:3001/mcp', headers: {} },
    });
    expect(config?.policy).toEqual({ packs: ['default'], files: ['/etc/mcp/my-rules.yaml'] });
    expect(config?.store).toBe('/etc/mcp/mcp-trust.db');
  });

  it('accepts an empty file and replay-only servers', () => {
    const { config } = parseConfig(
      'servers:\n  banking:\n  slack: {overlay: ./o/slack.yaml, trust: trusted}\n',
      '/c/x.yaml',
    );
    expect(config?.servers.banking).toEqual({ name: 'banking', trust: 'untrusted', share: 'minimal' });
    expect(config?.servers.slack?.overlay).toBe('/c/o/slack.yaml');
    expect(parseConfig('', 'e.yaml').config?.policy.packs).toEqual(['default']);
    expect(parseConfig('store: memory', 'e.yaml').config?.store).toBe('memory');
  });

  it('rejects unknown keys with a "did you mean" hint at the key', () => {
    const [p] = errors('mode: audit\nservers:\n  a:\n    comand: x\n');
    expect(p).toMatchObject({ line: 4, col: 5, code: 'unknown-key', path: '$.servers.a.comand' });
    expect(p?.message).toContain('did you mean "command"?');
    expect(errors('polcy: {}')[0]?.message).toContain('did you mean "policy"?');
  });

  it('rejects a server with both command and url, and bad names and values', () => {
    expect(errors('servers:\n  a: {command: x, url: "http://h/"}\n')[0]).toMatchObject({
      code: 'mixed-transport',
      line: 2,
    });
    expect(errors('servers:\n  "a.b": {}\n')[0]).toMatchObject({ code: 'invalid-name', line: 2, col: 3 });
    expect(errors('servers:\n  a: {trust: yes}\n')[0]?.code).toBe('invalid-value');
    expect(errors('servers:\n  a: {share: ful}\n')[0]?.message).toContain('did you mean "full"?');
    expect(errors('mode: block\n')[0]).toMatchObject({ code: 'invalid-value', line: 1, col: 7 });
    expect(errors('servers:\n  a: {args: [x]}\n')[0]?.code).toBe('missing-field');
    expect(errors('servers:\n  a: {url: "ftp://x"}\n')[0]?.code).toBe('invalid-url');
    expect(errors('servers:\n  a: {command: x, env: {N: 1}}\n')[0]?.path).toBe('$.servers.a.env.N');
    expect(errors('servers:\n  a: {tools: [{description: x}]}\n')[0]?.code).toBe('missing-field');
    expect(parseConfig('mode: [', 'c.yaml').config).toBeUndefined();
  });

  it('loadConfig reports an unreadable file instead of throwing', () => {
    const { config, problems } = loadConfig('/nonexistent/mcp-trust.yaml');
    expect(config).toBeUndefined();
    expect(problems[0]).toMatchObject({ code: 'unreadable', file: '/nonexistent/mcp-trust.yaml' });
  });
});
