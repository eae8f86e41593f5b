import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createDownstreamServer, toolCallHandler } from './downstream-server.js';
import type { GatewayCore } from './gateway-core.js';
import { answerCallsDirectly } from './host-direct-calls.js';
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
        const downstream = { session: opts.session };
        const server = createDownstreamServer(core, downstream);
        if (ctx.era === 'legacy') {
          server.oninitialized = () => {
            const remove = core.addPeer({
              notify: (n) => void server.notification(n).catch(() => undefined),
            });
            server.onclose = () => {
              transport.intercept = undefined;
              remove();
            };
            // Once the handshake is done, calls take the short way (`host-direct-calls.ts`).
            transport.intercept = answerCallsDirectly(
              server,
              (message) => transport.send(message),
              toolCallHandler(core, server, downstream),
              (err) => core.log(`stdio: ${err.message}`),
            );
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
