import type { Client } from '@modelcontextprotocol/client';
import { TrustError } from './errors.js';
import type { Json } from './wire.js';
import { errorText, isObject, looseToolList } from './wire.js';

/** Pages of one list at most: a server whose cursor never ends can't stall the host. */
const MAX_PAGES = 64;

/**
 * A server's `tools/list`, every page, read loosely so that no annotation key is lost (the SDK's
 * `listTools()` drops the ones it does not know). A server that offers no tools lists none. A
 * failure is a `TrustError` naming the server: a host must not go on with half the tools unlabelled.
 */
export async function readToolList(client: Client, server: string, timeout?: number): Promise<Json[]> {
  if (!isObject(client.getServerCapabilities()?.tools)) return [];
  const tools: Json[] = [];
  let cursor: string | undefined;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        looseToolList,
        timeout === undefined ? {} : { timeout },
      );
      tools.push(...(res.tools as Json[]));
      cursor = res.nextCursor === '' ? undefined : res.nextCursor;
      if (cursor === undefined) break;
    }
  } catch (err) {
    throw new TrustError('tools-list-failed', `tools/list on ${server} failed: ${errorText(err)}`, {
      server,
    });
  }
  return tools;
}
