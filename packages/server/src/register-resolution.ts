import { TOOL_RESOLUTION_KEY } from '@mcp-trust/core';
import type { ServerCapabilities } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { DeclaredTool } from './declare-tools.js';
import type { ToolResolver } from './resolve-tool.js';
import { resolveTool } from './resolve-tool.js';
import type { AnyServer } from './sdk-server.js';
import { lowLevel } from './sdk-server.js';
import { TrustError } from './trust-error.js';

/** The extension name of tool resolution in the newer drafts (the extension form of SEP-1862). */
export const TOOL_RESOLUTION_EXTENSION = TOOL_RESOLUTION_KEY;

export interface ToolResolutionOptions {
  /** The server's declared tools (`declareTools`): what every answer is checked against. */
  tools: Readonly<Record<string, DeclaredTool>>;
  /** Narrows a tool for a call's arguments; without one, every tool resolves to its declaration. */
  resolve?: ToolResolver;
  /**
   * Which capability to advertise: SEP-1862's `capabilities.tools.resolve`, the extension
   * (`capabilities.extensions` and `.experimental["io.modelcontextprotocol/tool-resolution"]`), or
   * both (the default). Both shapes are answered by the same `tools/resolve` method.
   */
  advertise?: 'both' | 'sep1862' | 'extension';
}

const resolveParams = z.looseObject({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Serves `tools/resolve {name, arguments}` → `{tool: {name, annotations}}` and advertises the
 * capability. Call it before `connect`. An unknown tool is an invalid-params error; a resolver
 * that answers wider than the tool's declaration is an internal error naming the field, and the
 * wider answer never reaches the client.
 *
 * Note: the SDK's client-side capability schema drops unknown keys under `tools`, so SDK clients
 * see only the extension form; other clients see both.
 */
export function registerToolResolution(server: AnyServer, opts: ToolResolutionOptions): void {
  const low = lowLevel(server);
  const advertise = opts.advertise ?? 'both';
  const caps: Record<string, unknown> = {};
  if (advertise !== 'extension') caps.tools = { resolve: true };
  if (advertise !== 'sep1862') {
    caps.extensions = { [TOOL_RESOLUTION_EXTENSION]: {} };
    caps.experimental = { [TOOL_RESOLUTION_EXTENSION]: {} };
  }
  low.registerCapabilities(caps as ServerCapabilities);
  low.setRequestHandler('tools/resolve', { params: resolveParams }, async (params) => {
    const tool = Object.hasOwn(opts.tools, params.name) ? opts.tools[params.name] : undefined;
    if (tool === undefined) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown tool ${JSON.stringify(params.name)}`);
    }
    const args = params.arguments ?? {};
    try {
      const resolved = opts.resolve === undefined ? undefined : await opts.resolve(tool.name, args);
      return { tool: resolveTool(tool, resolved) } as never;
    } catch (error) {
      if (error instanceof TrustError)
        throw new ProtocolError(ProtocolErrorCode.InternalError, error.message);
      throw error;
    }
  });
}
