import type { HttpUpstream, StdioUpstream } from '@mcp-trust/catalog';
import type { Transport } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { answeringFetch } from './upstream-http.js';
import { readUpstreamLines, UPSTREAM_MAX_MESSAGE_BYTES } from './upstream-lines.js';

/**
 * A fresh transport for one connection attempt. A stdio child inherits only the SDK's safe
 * default environment plus what the config gives it: the gateway's own secrets (a bearer token)
 * never leak into servers it did not mean to hand them to.
 */
export function upstreamTransport(
  upstream: StdioUpstream | HttpUpstream,
  onStderr?: (line: string) => void,
  maxMessageBytes = UPSTREAM_MAX_MESSAGE_BYTES,
): Transport {
  if (upstream.kind === 'http') {
    // An answer that can't be read, or is too large, fails its call at once instead of at the timeout.
    const t: Transport = new StreamableHTTPClientTransport(new URL(upstream.url), {
      requestInit: { headers: upstream.headers },
      fetch: answeringFetch((message) => t.onerror?.(new Error(message)), maxMessageBytes),
    });
    return t;
  }
  const t = new StdioClientTransport({
    command: upstream.command,
    args: upstream.args,
    env: { ...getDefaultEnvironment(), ...upstream.env },
    ...(upstream.cwd === undefined ? {} : { cwd: upstream.cwd }),
    stderr: 'pipe',
  });
  // An answer that can't be read, or is too large, fails its call at once instead of at the timeout.
  readUpstreamLines(t, maxMessageBytes);
  const stderr = t.stderr;
  if (stderr !== null && onStderr !== undefined) {
    let buffered = '';
    stderr.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') onStderr(line);
    });
  }
  return t;
}
