/** The request side: a caller's annotations in every dialect, read without throwing, failing closed. */
import { callerAnnotationsOf, readCallerAnnotations } from '@mcp-trust/server';
import { describe, expect, it } from 'vitest';

const EXT = 'io.modelcontextprotocol/trust-annotations';

describe('readCallerAnnotations', () => {
  it('reads nothing from a missing or empty _meta', () => {
    for (const meta of [undefined, {}, { progressToken: 3 }]) {
      const read = readCallerAnnotations(meta);
      expect(read.present).toBe(false);
      expect(read.failedClosed).toBe(false);
      expect(read.label).toMatchObject({ openWorld: false, malicious: false, sources: [], sensitivity: [] });
    }
  });

  it('reads SEP-1913 annotations, with returnMetadata and attribution', () => {
    const read = readCallerAnnotations({
      annotations: {
        openWorldHint: true,
        attribution: ['https://blog.example.net/productivity-tips'],
        returnMetadata: { source: ['untrustedPublic', 'internal'], sensitivity: 'financial' },
      },
    });
    expect(read.dialects).toEqual(['sep1913']);
    expect(read.label).toMatchObject({
      openWorld: true,
      sources: ['internal', 'untrustedPublic'],
      sensitivity: ['financial'],
      attribution: ['https://blog.example.net/productivity-tips'],
    });
  });

  it("reads #711's privateHint and sensitiveHint", () => {
    const read = readCallerAnnotations({ annotations: { privateHint: true, sensitiveHint: 'medium' } });
    expect(read.dialects).toEqual(['issue711']);
    expect(read.label).toMatchObject({ private: true, sensitiveLevel: 'medium', openWorld: false });
  });

  it('reads the trust-annotations extension', () => {
    const read = readCallerAnnotations({ [EXT]: { untrusted: true, sensitive: ['pii'], malicious: true } });
    expect(read.dialects).toEqual(['ext-trust-annotations']);
    expect(read.label).toMatchObject({ openWorld: true, malicious: true, sensitivity: ['pii'] });
  });

  it('joins several dialects on one request: the worse of each wins', () => {
    const read = readCallerAnnotations({
      annotations: { openWorldHint: false, sensitiveHint: 'low' },
      [EXT]: { untrusted: true, sensitive: 'high' },
    });
    expect(read.label).toMatchObject({ openWorld: true, sensitiveLevel: 'high' });
  });

  it('reads a malformed risk flag as set, reporting it at a params path', () => {
    const read = readCallerAnnotations({ annotations: { openWorldHint: 'yes', maliciousActivityHint: 1 } });
    expect(read.label).toMatchObject({ openWorld: true, malicious: true });
    expect(read.problems.map((p) => p.path)).toEqual([
      'params._meta.annotations.openWorldHint',
      'params._meta.annotations.maliciousActivityHint',
    ]);
    expect(read.failedClosed).toBe(true);
  });

  it('fails closed on annotations it cannot read at all', () => {
    for (const meta of ['open-world', { annotations: 'open-world' }, { annotations: [] }, { [EXT]: 'yes' }]) {
      const read = readCallerAnnotations(meta);
      expect(read.present, JSON.stringify(meta)).toBe(true);
      expect(read.failedClosed).toBe(true);
      expect(read.label.openWorld).toBe(true);
      expect(read.label.sensitivity).toContain('unknown');
    }
  });

  it('keeps the good members of a bad set and marks it partial', () => {
    const read = readCallerAnnotations({
      annotations: { returnMetadata: { source: 'internal', sensitivity: ['pii', 42] } },
    });
    expect(read.claims.sensitivity).toEqual(['pii', 'unknown']);
    expect(read.problems[0]?.path).toBe('params._meta.annotations.returnMetadata.sensitivity[1]');
  });

  it('never throws, whatever it is given', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
        ownKeys() {
          throw new Error('boom');
        },
      },
    );
    for (const meta of [
      cyclic,
      { annotations: { openWorldHint: cyclic } },
      hostile,
      { annotations: hostile },
      42,
      null,
    ])
      expect(() => readCallerAnnotations(meta)).not.toThrow();
    expect(readCallerAnnotations({ annotations: hostile }).label.openWorld).toBe(true);
  });
});

describe('callerAnnotationsOf', () => {
  const ctx = (mcpReq: Record<string, unknown>) => ({ mcpReq: { requestState: () => undefined, ...mcpReq } });

  it('reads the handler context’s _meta', () => {
    expect(
      callerAnnotationsOf(ctx({ _meta: { annotations: { openWorldHint: true } } })).label.openWorld,
    ).toBe(true);
  });

  it('finds the extension where a 2026-07-28 SDK lifted it into the envelope', () => {
    const read = callerAnnotationsOf(
      ctx({ _meta: { annotations: { privateHint: true } }, envelope: { [EXT]: { malicious: true } } }),
    );
    expect(read.label).toMatchObject({ private: true, malicious: true });
  });
});
