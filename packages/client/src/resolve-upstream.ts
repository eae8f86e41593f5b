import { offersToolResolution } from '@mcp-trust/core';
import type { Client, RequestOptions } from '@modelcontextprotocol/client';
import type { Json } from './wire.js';
import { looseResult } from './wire.js';

/** Whether the server offers `tools/resolve` (SEP-1862's `tools.resolve`, or the extension in either place). */
export function offersResolve(client: Client): boolean {
  return offersToolResolution(client.getServerCapabilities());
}

/**
 * The server's `tools/resolve` answer for these arguments, or `undefined` when it offers none.
 * A failure throws; the caller goes on with the static contract, the conservative answer.
 */
export async function resolveUpstream(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  options: RequestOptions,
): Promise<Json | undefined> {
  if (!offersResolve(client)) return undefined;
  return (await client.request(
    { method: 'tools/resolve', params: { name: tool, arguments: args } },
    looseResult,
    options,
  )) as Json;
}
