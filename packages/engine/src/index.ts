/** The public surface of @mcp-trust/engine. */
export type { ArgumentInfo, ArgumentMatch, Overlay, OverlayResolver, ToolOverlay } from './overlay.js';
export type { CallDecision, ResultDecision, ServerSettings, ToolCall, ToolResult } from './types.js';
