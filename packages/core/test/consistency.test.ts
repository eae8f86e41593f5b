import type { ToolClaims } from '@mcp-trust/core';
import { checkToolAnnotations, checkToolClaims } from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';

const codes = (claims: ToolClaims) => checkToolClaims(claims).map((p) => p.code);

describe('consistency of one tool’s annotations', () => {
  it('read-only with consequential or irreversible outcomes', () => {
    expect(codes({ hints: { readOnlyHint: true }, outcomes: ['irreversible'] })).toEqual([
      'readonly-with-effects',
    ]);
    expect(codes({ hints: { readOnlyHint: true }, outcomes: ['benign', 'consequential'] })).toEqual([
      'readonly-with-effects',
    ]);
    expect(codes({ hints: { readOnlyHint: true }, outcomes: ['benign'] })).toEqual([]);
  });

  it('read-only with a stored destination is a note (a fetch sends its URL and changes nothing)', () => {
    const ps = checkToolClaims({ hints: { readOnlyHint: true }, destination: ['ephemeral', 'internal'] });
    expect(ps).toHaveLength(1);
    expect(ps[0]).toMatchObject({
      code: 'readonly-with-stored-destination',
      severity: 'info',
      path: '$.inputMetadata.destination',
    });
    expect(codes({ hints: { readOnlyHint: true }, destination: ['ephemeral'] })).toEqual([]);
  });

  it('reversible or non-destructive with irreversible outcomes', () => {
    expect(codes({ hints: { reversibleHint: true }, outcomes: ['irreversible'] })).toEqual([
      'reversible-but-irreversible',
    ]);
    expect(codes({ hints: { destructiveHint: false }, outcomes: ['consequential', 'irreversible'] })).toEqual(
      ['not-destructive-but-irreversible'],
    );
    expect(
      codes({ hints: { reversibleHint: true, destructiveHint: false }, outcomes: ['consequential'] }),
    ).toEqual([]);
  });

  it('closed-world with an untrusted public source', () => {
    const ps = checkToolClaims({
      hints: { openWorldHint: false },
      returnSource: ['internal', 'untrustedPublic'],
    });
    expect(ps.map((p) => [p.code, p.severity, p.path])).toEqual([
      ['closed-world-untrusted-source', 'error', '$.returnMetadata.source'],
    ]);
  });

  it('paths are rooted where the caller says', () => {
    const ps = checkToolClaims(
      { hints: { readOnlyHint: true }, outcomes: ['irreversible'] },
      '$.tools[3].annotations',
    );
    expect(ps[0]!.path).toBe('$.tools[3].annotations.readOnlyHint');
  });

  it('the SEP examples are consistent', () => {
    const sendEmail = {
      inputMetadata: { destination: 'public', sensitivity: ['pii', 'user'], outcomes: 'irreversible' },
      returnMetadata: { source: 'system', sensitivity: 'none' },
    };
    expect(checkToolAnnotations(sendEmail)).toEqual([]);
  });

  it('checks raw annotations: reader problems (legacy PascalCase, unknown keys) and contradictions together', () => {
    const ps = checkToolAnnotations({
      readOnlyHint: true,
      frobnicateHint: true,
      inputMetadata: { Destination: 'Public', Sensitivity: 'None', Outcomes: 'Irreversible' },
    });
    const found = ps.map((p) => p.code);
    expect(found).toContain('legacy-pascal-case');
    expect(found).toContain('unknown-key');
    expect(found).toContain('readonly-with-effects');
    expect(found).toContain('readonly-with-stored-destination');
  });
});
