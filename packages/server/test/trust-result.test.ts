/** Result helpers: each item labelled, the response aggregated as SEP-1913 requires, read back by core. */
import { readResultAnnotations } from '@mcp-trust/core';
import type { ResultAnnotations } from '@mcp-trust/server';
import { declareTools, TrustError, textResult, trustResult } from '@mcp-trust/server';
import { describe, expect, it } from 'vitest';
import { errorsOf, validDataMeta } from './support/schemas.js';

const INTERNAL: ResultAnnotations = {
  openWorldHint: false,
  attribution: ['mcp://mail.example.com/inbox/msg-001'],
  returnMetadata: { source: 'internal', sensitivity: ['pii', 'user'] },
};
const EXTERNAL: ResultAnnotations = {
  openWorldHint: true,
  attribution: ['mcp://mail.example.com/inbox/msg-003'],
  returnMetadata: { source: 'untrustedPublic', sensitivity: 'user' },
};
const text = (t: string) => ({ type: 'text' as const, text: t });

describe('trustResult', () => {
  it('aggregates: open-world if any item is; sources, classes and attribution are unions', () => {
    const result = trustResult([
      { content: text('msg-001'), annotations: INTERNAL },
      { content: text('msg-003'), annotations: EXTERNAL },
    ]);
    expect(result._meta).toEqual({
      annotations: {
        openWorldHint: true,
        attribution: ['mcp://mail.example.com/inbox/msg-001', 'mcp://mail.example.com/inbox/msg-003'],
        returnMetadata: { source: ['untrustedPublic', 'internal'], sensitivity: ['user', 'pii'] },
      },
    });
    expect(validDataMeta(result._meta), errorsOf(validDataMeta)).toBe(true);
    expect(result.content).toEqual([text('msg-001'), text('msg-003')]);
    expect(result).not.toHaveProperty('isError');
  });

  it('is flagged malicious if any item is', () => {
    const result = trustResult([
      { content: text('a'), annotations: { openWorldHint: false } },
      { content: text('b'), annotations: { openWorldHint: true, maliciousActivityHint: true } },
    ]);
    expect(result._meta?.annotations).toMatchObject({ openWorldHint: true, maliciousActivityHint: true });
  });

  it('leaves returnMetadata out when only some items say where they come from (it would overstate)', () => {
    const result = trustResult([
      { content: text('a'), annotations: INTERNAL },
      { content: text('b'), annotations: { openWorldHint: false, sensitiveHint: 'high' } },
    ]);
    expect(result._meta?.annotations).toEqual({
      openWorldHint: false,
      attribution: ['mcp://mail.example.com/inbox/msg-001'],
      sensitiveHint: 'high',
    });
  });

  it('reads back through core exactly as it was labelled', () => {
    const result = trustResult([
      { content: text('a'), annotations: INTERNAL },
      { content: text('b'), annotations: EXTERNAL },
    ]);
    const read = readResultAnnotations(result);
    expect(read.problems).toEqual([]);
    expect(read.value).toEqual({
      openWorld: true,
      sources: ['internal', 'untrustedPublic'],
      sensitivity: ['pii', 'user'],
      attribution: ['mcp://mail.example.com/inbox/msg-001', 'mcp://mail.example.com/inbox/msg-003'],
    });
  });

  it('labels each block in the extension form on request, and the response in both forms', () => {
    const result = trustResult(
      [
        { content: text('a'), annotations: INTERNAL },
        { content: { ...text('b'), _meta: { mine: 1 } }, annotations: EXTERNAL },
      ],
      { perBlock: 'extension', form: 'both' },
    );
    expect(result.content[1]).toEqual({
      type: 'text',
      text: 'b',
      _meta: {
        mine: 1,
        'io.modelcontextprotocol/trust-annotations': {
          untrusted: true,
          sensitive: 'user',
          attribution: ['mcp://mail.example.com/inbox/msg-003'],
        },
      },
    });
    expect(result._meta).toHaveProperty('annotations.openWorldHint', true);
    expect(result._meta).toHaveProperty(['io.modelcontextprotocol/trust-annotations', 'untrusted'], true);
    for (const block of result.content)
      expect(validDataMeta(block._meta), errorsOf(validDataMeta)).toBe(true);
    expect(readResultAnnotations(result).problems).toEqual([]);
  });

  it('refuses malformed annotations, naming the item and the path', () => {
    const bad = { openWorldHint: false, returnMetadata: { source: 'intranet', sensitivity: 'none' } };
    expect(() =>
      trustResult([
        { content: text('a'), annotations: INTERNAL },
        { content: text('b'), annotations: bad as unknown as ResultAnnotations },
      ]),
    ).toThrow(/^result annotations: content\[1\]\._meta\.annotations\.returnMetadata\.source: /);
  });

  it('refuses attribution that is not a URI, or an opaque file: URI', () => {
    for (const uri of ['salaries.xlsx', 'file:///srv/hr/salaries.xlsx']) {
      const error = thrown(() => textResult('x', { openWorldHint: false, attribution: [uri] }));
      expect(error.code).toBe('bad-attribution');
      expect(error.issues[0]?.path).toBe('content[0]._meta.annotations.attribution[0]');
    }
  });

  it("refuses a result outside the tool's declaration, but not an error result", () => {
    const { fetch } = declareTools({
      fetch: {
        maliciousActivityHint: false,
        returnMetadata: { source: 'untrustedPublic', sensitivity: 'none' },
      },
    });
    const wider = thrown(() =>
      textResult(
        'x',
        { openWorldHint: false, returnMetadata: { source: 'internal', sensitivity: 'pii' } },
        { tool: fetch },
      ),
    );
    expect(wider.code).toBe('wider-than-declared');
    expect(wider.issues.map((i) => i.path)).toEqual([
      '_meta.annotations.returnMetadata.source',
      '_meta.annotations.returnMetadata.sensitivity',
    ]);
    const flagged = thrown(() =>
      textResult('x', { openWorldHint: true, maliciousActivityHint: true }, { tool: fetch }),
    );
    expect(flagged.issues[0]?.path).toBe('_meta.annotations.maliciousActivityHint');
    const error = textResult(
      '404',
      { openWorldHint: false, returnMetadata: { source: 'system', sensitivity: 'none' } },
      { tool: fetch, isError: true },
    );
    expect(error.isError).toBe(true);
  });
});

function thrown(f: () => unknown): TrustError {
  try {
    f();
  } catch (error) {
    if (error instanceof TrustError) return error;
    throw error;
  }
  throw new Error('expected a TrustError');
}
