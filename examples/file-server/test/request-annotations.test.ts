/** The defensive reader of a request's trust annotations: never throws, fails closed. */
import { describe, expect, it } from 'vitest';
import { readRequestTrust } from '../src/request-annotations.js';

const clean = { openWorld: [], sensitive: [], malicious: [] };

describe('readRequestTrust', () => {
  it('finds nothing in a missing or clean _meta', () => {
    expect(readRequestTrust(undefined)).toEqual(clean);
    expect(readRequestTrust({})).toEqual(clean);
    expect(
      readRequestTrust({
        annotations: {
          openWorldHint: false,
          maliciousActivityHint: false,
          privateHint: false,
          sensitiveHint: 'none',
          attribution: ['mcp://file-server.example.com/notes/team-lunch.md'],
          returnMetadata: { source: ['internal', 'user'], sensitivity: ['none'] },
        },
        'io.modelcontextprotocol/trust-annotations': { untrusted: false, sensitive: false },
        progressToken: 3,
      }),
    ).toEqual(clean);
  });

  it('reads SEP-1913, #711 and the extension form', () => {
    const trust = readRequestTrust({
      annotations: {
        openWorldHint: true,
        maliciousActivityHint: 'true',
        sensitiveHint: 'medium',
        returnMetadata: { source: 'untrustedPublic', sensitivity: [{ regulated: { scopes: ['GDPR'] } }] },
      },
      'io.modelcontextprotocol/trust-annotations': { sensitive: 'high', malicious: true },
    });
    expect(trust.openWorld).toHaveLength(2);
    expect(trust.malicious).toHaveLength(2);
    expect(trust.sensitive).toEqual([
      'params._meta.annotations.sensitiveHint is "medium"',
      'params._meta.annotations.returnMetadata.sensitivity includes regulated {"scopes":["GDPR"]}',
      'params._meta["io.modelcontextprotocol/trust-annotations"].sensitive is "high"',
    ]);
  });

  it('reads malformed risk claims as risky, and never throws', () => {
    expect(readRequestTrust('x').openWorld).toHaveLength(1);
    expect(readRequestTrust({ annotations: [] }).openWorld).toHaveLength(1);
    expect(readRequestTrust({ annotations: { openWorldHint: 1 } }).openWorld).toHaveLength(1);
    expect(readRequestTrust({ annotations: { sensitiveHint: 7 } }).sensitive).toHaveLength(1);
    expect(readRequestTrust({ annotations: { returnMetadata: 'pii' } }).sensitive).toHaveLength(1);
    expect(
      readRequestTrust({ annotations: { returnMetadata: { sensitivity: [42] } } }).sensitive,
    ).toHaveLength(1);
    expect(readRequestTrust({ 'io.modelcontextprotocol/trust-annotations': 'yes' }).openWorld).toHaveLength(
      1,
    );
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => readRequestTrust({ annotations: { openWorldHint: cyclic } })).not.toThrow();
  });
});
