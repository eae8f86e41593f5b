import { isRecord } from './read-context.js';

/** The extension key under which servers advertise (and hosts call) `tools/resolve`. */
export const TOOL_RESOLUTION_KEY = 'io.modelcontextprotocol/tool-resolution';

/**
 * Whether a server's capabilities offer `tools/resolve`: SEP-1862's `tools.resolve`, or the
 * extension under `experimental` or `extensions`. Never throws; anything unreadable is "no".
 */
export function offersToolResolution(capabilities: unknown): boolean {
  if (!isRecord(capabilities)) return false;
  const tools = capabilities.tools;
  if (isRecord(tools) && tools.resolve !== undefined && tools.resolve !== false) return true;
  for (const key of ['experimental', 'extensions']) {
    const ext = capabilities[key];
    if (isRecord(ext) && ext[TOOL_RESOLUTION_KEY] !== undefined) return true;
  }
  return false;
}
