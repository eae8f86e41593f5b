import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createDownstreamServer } from './downstream-server.js';
import type { GatewayCore } from './gateway-core.js';
import { HostStdioTransport } from './host-stdio.js';

export interface StdioDownstreamOptions {
  /** The agent session id; the same id after a restart, so a restart never launders taint. */
  session: string;
  /** Largest message accepted from the host, bytes. */
  maxMessageBytes: number;
}

/**
 * The host on our stdin/stdout, either protocol era (the SDK's `serveStdio` answers the 2025
 * handshake and the 2026-07-28 discovery alike). Resolves when the host disconnects.
 */
export function serveGatewayStdio(core: GatewayCore, opts: StdioDownstreamOptions): Promise<void> {
  return new Promise((resolve) => {
    // Our own reading of stdin: what the host sends that can't be read is answered, not dropped.
    const transport = new HostStdioTransport(process.stdin, process.stdout, opts.maxMessageBytes, (m) =>
      core.log(m),
    );
    const handle = serveStdio(
      (ctx) => {
        const server = createDownstreamServer(core, { session: opts.session });
        if (ctx.era === 'legacy') {
          server.oninitialized = () => {
            const remove = core.addPeer({
              notify: (n) => void server.notification(n).catch(() => undefined),
            });
            server.onclose = () => remove();
          };
        }
        return server;
      },
      { transport, onerror: (err) => core.log(`stdio: ${err.message}`) },
    );
    process.stdin.once('end', () => {
      void handle.close().finally(resolve);
    });
  });
}
