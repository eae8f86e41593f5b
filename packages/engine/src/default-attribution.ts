import type { DataLabel } from '@mcp-trust/core';
import { isBottom, makeLabel } from '@mcp-trust/core';

/**
 * A result that names no source of its own is attributed to the tool that returned it,
 * `mcp://SERVER/TOOL` (SEP-1913 suggests `mcp://` URIs for MCP server origins), so that audit
 * records and policy messages can always say where data came from ("taken from mcp://web/fetch")
 * instead of "(none)". A label that says nothing (bottom) is left alone: there is nothing to trace.
 */
export function withDefaultAttribution(label: DataLabel, server: string, tool: string): DataLabel {
  if (label.attribution.length > 0 || isBottom(label)) return label;
  return makeLabel({
    ...label,
    attribution: [`mcp://${encodeURIComponent(server)}/${encodeURIComponent(tool)}`],
  });
}
