import { describe, expect, it } from 'vitest';
import { parseOverlay } from '../src/index.js';
import { BANKING } from './overlay-fixtures.js';

const errorsOf = (text: string) =>
  parseOverlay(text, 'o.yaml').problems.filter((p) => p.severity === 'error');

const LISTING = `name: drive
tools:
  list_files:
    annotations:
      returnMetadata: { source: [user, untrustedPublic], sensitivity: pii }
    fields:
      id_: { source: system, sensitivity: none }
`;

describe('parseOverlay', () => {
  it('reads per-field provenance', () => {
    const { overlay, problems } = parseOverlay(LISTING, 'o.yaml');
    expect(problems).toEqual([]);
    expect(overlay?.tools.list_files?.fields).toEqual({ id_: { sources: ['system'], sensitivity: [] } });
  });

  it('reports a bad or incomplete field at its place', () => {
    const bad = errorsOf(LISTING.replace('source: system', 'source: mainframe'));
    expect(bad[0]).toMatchObject({
      line: 7,
      code: 'invalid-value',
      path: '$.tools.list_files.fields.id_.source',
    });
    const half = errorsOf(LISTING.replace('{ source: system, sensitivity: none }', '{ source: system }'));
    expect(half.map((p) => p.code)).toContain('missing-field');
    expect(
      parseOverlay(LISTING.replace('source: system', 'source: mainframe'), 'o.yaml').overlay,
    ).toBeUndefined();
  });

  it('reads tools, arguments, resolvers and defaults into the engine shape', () => {
    const { overlay, problems } = parseOverlay(BANKING, 'banking.yaml');
    expect(problems).toEqual([]);
    const send = overlay?.tools.send_money;
    expect(send?.claims.destination).toEqual(['public']);
    expect(send?.claims.outcomes).toEqual(['irreversible']);
    expect(send?.arguments).toEqual({ recipient: { role: 'recipient' }, subject: { role: 'content' } });
    expect(send?.resolvers[0]?.when).toEqual([{ argument: 'recipient', prefix: 'DE' }]);
    expect(send?.resolvers[1]?.when).toEqual([
      { argument: 'file_path', matches: '^/hr/[a-z]+$' },
      { argument: 'amount', in: [1, 2, 3] },
    ]);
    expect(send?.resolvers[1]?.claims.returnSource).toEqual(['internal']);
    expect(overlay?.defaults?.claims.hints.openWorldHint).toBe(true);
    expect(overlay?.description).toBe('A bank.');
  });

  it('reports an unknown key at its line and column, with a hint', () => {
    const text = BANKING.replace('    arguments:', '    argumnets:');
    const [p] = errorsOf(text);
    expect(p).toMatchObject({
      file: 'o.yaml',
      line: 7,
      col: 5,
      code: 'unknown-key',
      path: '$.tools.send_money.argumnets',
    });
    expect(p?.message).toContain('did you mean "arguments"?');
    expect(parseOverlay(text, 'o.yaml').overlay).toBeUndefined();
  });

  it("maps core's annotation problems back to the YAML node", () => {
    const text = BANKING.replace('destination: public,', 'destination: galaxy,');
    const [p] = errorsOf(text);
    expect(p).toMatchObject({
      line: 6,
      code: 'invalid-value',
      path: '$.tools.send_money.annotations.inputMetadata.destination',
    });
    const line = text.split('\n')[5] ?? '';
    expect(p?.col).toBe(line.indexOf('galaxy') + 1);
  });

  it('makes reader warnings that would hide a typo errors: an overlay must be exact', () => {
    const text = BANKING.replace('{openWorldHint: true}', '{openWorldHnt: true}');
    expect(errorsOf(text)).toEqual([expect.objectContaining({ code: 'unknown-key', line: 16 })]);
  });

  it('rejects a `matches` that RE2 cannot compile (lookbehind is not RE2)', () => {
    const text = BANKING.replace('^/hr/[a-z]+$', '(?<=/hr/)x');
    expect(errorsOf(text)).toEqual([
      expect.objectContaining({
        code: 'invalid-regex',
        line: 12,
        path: '$.tools.send_money.resolve[1].when[0].matches',
      }),
    ]);
  });

  it('rejects conditions without a test and resolvers without annotations', () => {
    const text = BANKING.replace('{argument: recipient, prefix: "DE"}', '{argument: recipient}').replace(
      '        annotations: {returnMetadata: {source: internal, sensitivity: financial}}\n',
      '',
    );
    expect(errorsOf(text).map((p) => p.code)).toEqual(['no-test', 'missing-field']);
  });

  it("reports core's consistency checks as warnings and still yields the overlay", () => {
    const text = BANKING.replace(
      '{openWorldHint: true}',
      '{readOnlyHint: true, inputMetadata: {destination: ephemeral, sensitivity: none, outcomes: irreversible}}',
    );
    const { overlay, problems } = parseOverlay(text, 'o.yaml');
    expect(overlay).toBeDefined();
    expect(problems).toEqual([
      expect.objectContaining({ code: 'readonly-with-effects', severity: 'warning', line: 16 }),
    ]);
  });

  it('reports YAML syntax errors with a place and never throws', () => {
    const { overlay, problems } = parseOverlay('name: x\ntools: {a: [}\n', 'bad.yaml');
    expect(overlay).toBeUndefined();
    expect(problems[0]).toMatchObject({ file: 'bad.yaml', line: 2, severity: 'error' });
    expect(problems[0]?.code).toMatch(/^yaml-/);
    for (const text of ['', '- a\n- b\n', 'name: 7\ntools: 3\n', 'a: &a [*a]\n', 'x: !!binary zz\n']) {
      expect(() => parseOverlay(text, 'f.yaml')).not.toThrow();
      expect(parseOverlay(text, 'f.yaml').overlay).toBeUndefined();
    }
  });

  it('rejects duplicate keys (the second would silently win)', () => {
    const text = BANKING.replace('description: A bank.', 'description: A bank.\nname: other/name');
    expect(errorsOf(text)[0]).toMatchObject({ line: 3, code: 'yaml-duplicate_key' });
  });
});
