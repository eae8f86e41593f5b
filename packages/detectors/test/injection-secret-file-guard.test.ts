/**
 * The secret-file rule tries its expression once at a name with no path before it, instead of
 * searching the slice after it; with the fast paths off it always searches. Both must find the same.
 */
import { describe, it } from 'vitest';
import { assertSameAsSlowPath, glued } from './fast-path-texts.js';

const PIECES = [
  ...'mcp MCP mcp.json mcp.jsonx .cursor/mcp.json ~/.cursor/ ssh .ssh/ ~/.ssh ~/.ssh/id_rsa id_rsa id_rsa.pub .env env .envrc credentials credentials.json .aws/credentials aws docker .docker/config.json kube .kube/config /etc/passwd passwd shadow known_hosts wallet.dat .git-credentials claude_desktop_config.json read send print the file server config'.split(
    ' ',
  ),
];
const GLUE = [' ', ' ', '', '/', '.', '~', '-', '_', '\n', '"', "'", '`', ',', ':', 'x'];
const text = glued(PIECES, GLUE, 24);

describe('the secret-file guard', () => {
  it('finds what the slow path finds', () => {
    assertSameAsSlowPath(text, 2000, true);
  });
});
