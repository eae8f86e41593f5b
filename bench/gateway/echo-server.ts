/**
 * The upstream of `bench/gateway`: a trivial MCP server over stdio (`node --import tsx
 * bench/gateway/echo-server.ts`) with one tool, `echo`, that answers with its `text`. Annotated
 * read-only and closed-world, and (SEP-1913, as the catalog's `everything` overlay annotates that
 * server's echo) ephemeral, benign, taking nothing sensitive; the bench config trusts the server,
 * so the `default` pack lets every call through and the benchmark times an allowed call, not a
 * refusal. Plain MCP hints alone would not do: they leave the tool's possible sets unknown, and
 * after the first result the pack escalates every call (`credential-change-not-user-given`).
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const ECHO: Tool = {
  name: 'echo',
  description: 'Answers with the text it was given.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  annotations: {
    readOnlyHint: true,
    openWorldHint: false,
    inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
  } as Tool['annotations'],
};

function createEchoServer(): Server {
  const server = new Server({ name: 'bench-echo', version: '0.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools: [ECHO] }));
  server.setRequestHandler('tools/call', async (req): Promise<CallToolResult> => {
    if (req.params.name !== 'echo') {
      return { content: [{ type: 'text', text: `unknown tool ${req.params.name}` }], isError: true };
    }
    const text = (req.params.arguments as { text?: unknown } | undefined)?.text;
    return { content: [{ type: 'text', text: String(text ?? '') }] };
  });
  return server;
}

serveStdio(createEchoServer, { onerror: (error) => console.error(`bench-echo: ${error.message}`) });
