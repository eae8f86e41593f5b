import type { Client, RequestOptions } from '@modelcontextprotocol/client';
import type { Json } from './wire.js';
import { isObject, looseResult } from './wire.js';

const EXTENSION = 'io.modelcontextprotocol/tool-resolution';

/** Whether the server offers `tools/resolve` (SEP-1862's `tools.resolve`, or the extension in either place). */
export function offersResolve(client: Client): boolean {
  const caps = (client.getServerCapabilities() ?? {}) as Json;
  const tools = caps.tools;
  if (isObject(tools) && tools.resolve !== undefined && tools.resolve !== false) return true;
  for (const key of ['experimental', 'extensions']) {
    const ext = caps[key];
    if (isObject(ext) && ext[EXTENSION] !== undefined) return true;
  }
  return false;
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
