/**
 * The secret-file rule tries its expression once at a name with no path before it, instead of
 * searching the slice after it; with the fast paths off it always searches. Both must find the same.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { detectInjection, detectPoisoning } from '../src/index.js';
import { fastPaths } from '../src/injection/fast-paths.js';
import type { Finding } from '../src/types.js';

afterEach(() => {
  fastPaths.on = true;
});

const PIECES = [
  ...'mcp MCP mcp.json mcp.jsonx .cursor/mcp.json ~/.cursor/ ssh .ssh/ ~/.ssh ~/.ssh/id_rsa id_rsa id_rsa.pub .env env .envrc credentials credentials.json .aws/credentials aws docker .docker/config.json kube .kube/config /etc/passwd passwd shadow known_hosts wallet.dat .git-credentials claude_desktop_config.json read send print the file server config'.split(
    ' ',
  ),
];
const GLUE = [' ', ' ', '', '/', '.', '~', '-', '_', '\n', '"', "'", '`', ',', ':', 'x'];
const text = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...GLUE)), { maxLength: 24 })
  .map((a) => a.flat().join(''));

const findings = (t: string): Finding[] => {
  const out: Finding[] = [];
  detectInjection(t, out);
  detectPoisoning({ name: 't', description: t }, out);
  return out;
};

describe('the secret-file guard', () => {
  it('finds what the slow path finds', () => {
    fc.assert(
      fc.property(text, (t) => {
        const fast = findings(t);
        fastPaths.on = false;
        try {
          expect(fast).toEqual(findings(t));
        } finally {
          fastPaths.on = true;
        }
      }),
      { numRuns: 2000 },
    );
  });
});
