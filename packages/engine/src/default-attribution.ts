import type { DataLabel, ToolContract } from '@mcp-trust/core';
import { expectedLabel, isBottom, makeLabel } from '@mcp-trust/core';

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

const PLAIN = new WeakMap<ToolContract, { server: string; tool: string; label: DataLabel }>();

/**
 * The label of a result that carries no annotations (see core's `carriesNoAnnotations`): the
 * contract's expected label, attributed to the tool. Contracts are values, so it is worked out
 * once per contract rather than on every result.
 */
export function plainResultLabel(contract: ToolContract, server: string, tool: string): DataLabel {
  const known = PLAIN.get(contract);
  if (known !== undefined && known.server === server && known.tool === tool) return known.label;
  const label = withDefaultAttribution(expectedLabel(contract), server, tool);
  PLAIN.set(contract, { server, tool, label });
  return label;
}
