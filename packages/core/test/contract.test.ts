import type { ToolClaims } from '@mcp-trust/core';
import {
  buildContract,
  defaultContract,
  expectedLabel,
  FULL_SETS,
  labelResult,
  narrowContract,
} from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';

const readFile: ToolClaims = {
  hints: { readOnlyHint: true },
  destination: ['ephemeral'],
  outcomes: ['benign'],
  inputSensitivity: [],
  returnSource: ['internal', 'untrustedPublic', 'user'],
  returnSensitivity: ['financial', 'pii', 'user'],
  attribution: ['mcp://file-server.acme.local/'],
};

describe('contracts: possible sets', () => {
  it('an undeclared tool may do anything, and says so', () => {
    const c = defaultContract('mystery');
    expect(c.destination).toEqual(FULL_SETS.destination);
    expect(c.outcomes).toEqual(['benign', 'consequential', 'irreversible']);
    expect(c.returnSource).toHaveLength(5);
    expect(c.returnSensitivity).toContain('unknown');
    expect(Object.values(c.declared).every((d) => d === false)).toBe(true);
    expect(c.hints).toEqual({});
  });

  it('layers win per field in order; what no layer says stays unknown', () => {
    const overlay: ToolClaims = { hints: { destructiveHint: false }, destination: ['public'] };
    const server: ToolClaims = {
      hints: { destructiveHint: true, idempotentHint: true },
      destination: ['ephemeral'],
      outcomes: ['irreversible'],
    };
    const c = buildContract('send', [
      { origin: 'overlay', claims: overlay },
      { origin: 'declared', claims: server },
    ]);
    expect(c.destination).toEqual(['public']);
    expect(c.origin.destination).toBe('overlay');
    expect(c.outcomes).toEqual(['irreversible']);
    expect(c.origin.outcomes).toBe('declared');
    expect(c.hints).toEqual({ destructiveHint: false, idempotentHint: true });
    expect(c.declared).toEqual({
      destination: true,
      outcomes: true,
      inputSensitivity: false,
      returnSource: false,
      returnSensitivity: false,
    });
    expect(c.returnSource).toEqual(FULL_SETS.returnSource);
  });

  it('declaring none is a declaration, not unknown', () => {
    const c = buildContract('t', [{ origin: 'declared', claims: { hints: {}, returnSensitivity: [] } }]);
    expect(c.returnSensitivity).toEqual([]);
    expect(c.declared.returnSensitivity).toBe(true);
  });
});

describe('contracts: narrowing by resolution', () => {
  const declared = buildContract('read_file', [{ origin: 'declared', claims: readFile }]);

  it('a resolution inside the declaration narrows it (the SEP salary example)', () => {
    const { contract, violations } = narrowContract(declared, {
      hints: { readOnlyHint: true, openWorldHint: false },
      returnSource: ['internal'],
      returnSensitivity: ['financial'],
      attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'],
    });
    expect(violations).toEqual([]);
    expect(contract.returnSource).toEqual(['internal']);
    expect(contract.returnSensitivity).toEqual(['financial']);
    expect(contract.origin.returnSource).toBe('resolved');
    expect(contract.destination).toEqual(['ephemeral']);
    expect(contract.origin.destination).toBe('declared');
    expect(contract.attribution).toEqual(['mcp://file-server.acme.local/hr/salaries.xlsx']);
    expect(contract.hints.openWorldHint).toBe(false);
  });

  it('a wider resolution is a violation and the worse claim is kept', () => {
    const { contract, violations } = narrowContract(declared, {
      hints: { readOnlyHint: false },
      destination: ['public'],
      returnSensitivity: ['credentials'],
    });
    expect(violations.map((v) => v.field).sort()).toEqual([
      'destination',
      'readOnlyHint',
      'returnSensitivity',
    ]);
    expect(contract.destination).toEqual(['ephemeral', 'public']);
    expect(contract.returnSensitivity).toEqual(['credentials', 'financial', 'pii', 'user']);
    expect(contract.hints.readOnlyHint).toBe(false);
    const v = violations.find((x) => x.field === 'destination')!;
    expect(v.phase).toBe('resolve');
    expect(v.declared).toEqual(['ephemeral']);
    expect(v.claimed).toEqual(['public']);
    expect(v.message).toContain('read_file');
  });

  it('anything narrows an undeclared field; regulated covers any scope', () => {
    const c = buildContract('q', [
      { origin: 'overlay', claims: { hints: {}, returnSensitivity: ['regulated'] } },
    ]);
    const { contract, violations } = narrowContract(c, {
      hints: {},
      returnSensitivity: ['regulated:HIPAA'],
      returnSource: ['internal'],
    });
    expect(violations).toEqual([]);
    expect(contract.returnSensitivity).toEqual(['regulated:HIPAA']);
    expect(contract.returnSource).toEqual(['internal']);
    expect(contract.declared.returnSource).toBe(true);
  });
});

describe('contracts: labelling results', () => {
  const declared = buildContract('read_file', [{ origin: 'declared', claims: readFile }]);

  it('with no claims the label is the possible set: maybe open-world', () => {
    const l = expectedLabel(declared);
    expect(l.sources).toEqual(['internal', 'untrustedPublic', 'user']);
    expect(l.openWorld).toBe(true);
    expect(l.sensitivity).toEqual(['financial', 'pii', 'user']);
  });

  it('an undeclared tool yields unknown, counted as open-world', () => {
    const l = expectedLabel(defaultContract('x'));
    expect(l.sources).toEqual(['unknown']);
    expect(l.sensitivity).toEqual(['unknown']);
    expect(l.openWorld).toBe(true);
  });

  it('a complete claim inside the set narrows the label', () => {
    const { label, violations } = labelResult(declared, {
      sources: ['internal'],
      sensitivity: ['financial'],
    });
    expect(violations).toEqual([]);
    expect(label.sources).toEqual(['internal']);
    expect(label.openWorld).toBe(false);
    expect(label.sensitivity).toEqual(['financial']);
  });

  it('a believed openWorldHint: false rules out the untrusted source', () => {
    const { label } = labelResult(declared, { openWorld: false });
    expect(label.openWorld).toBe(false);
    expect(label.sources).toEqual(['internal', 'user']);
  });

  it('a claim outside the contract is a violation; the label takes the worse', () => {
    const { label, violations } = labelResult(declared, { sensitivity: ['credentials'] });
    expect(violations).toHaveLength(1);
    expect(violations[0]!.phase).toBe('result');
    expect(label.sensitivity).toEqual(['credentials', 'financial', 'pii', 'user']);
  });

  it('a partial claim only adds', () => {
    const internalOnly = buildContract('db', [
      { origin: 'overlay', claims: { hints: {}, returnSource: ['internal'], returnSensitivity: [] } },
    ]);
    const { label, violations } = labelResult(internalOnly, {
      sources: ['untrustedPublic', 'unknown'],
      sensitivity: ['pii', 'unknown'],
      malicious: true,
    });
    expect(label.sources).toEqual(['internal', 'untrustedPublic']);
    expect(label.openWorld).toBe(true);
    expect(label.malicious).toBe(true);
    expect(label.sensitivity).toEqual(['pii']);
    expect(violations.map((v) => v.field)).toEqual(['returnSource', 'returnSensitivity']);
  });

  it('#711 flags come from the claim, else from the tool', () => {
    const priv = buildContract('wiki', [
      { origin: 'declared', claims: { hints: { privateHint: true }, sensitiveLevel: 'low' } },
    ]);
    expect(expectedLabel(priv).private).toBe(true);
    expect(expectedLabel(priv).sensitiveLevel).toBe('low');
    expect(labelResult(priv, { sensitiveLevel: 'high' }).label.sensitiveLevel).toBe('high');
  });
});
