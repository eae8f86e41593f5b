/** The public surface of @mcp-trust/engine. Named exports only; anything not listed is internal. */
export { toolFacts } from './build-facts.js';
export type { SessionCounts } from './counters.js';
export type { Engine, EngineOptions } from './create-engine.js';
export { createEngine } from './create-engine.js';
export type { EnginePolicy } from './evaluate.js';
export type { VerdictJson } from './explain-verdict.js';
export { findingReasons, verdictJson, verdictReasons } from './explain-verdict.js';
export { labelFacts } from './label-facts.js';
export { DEFAULT_VALUE_INDEX_BYTES, mergeSessionStates } from './merge-state.js';
export type {
  ArgumentInfo,
  ArgumentMatch,
  FieldProvenance,
  Overlay,
  OverlayResolver,
  ToolOverlay,
} from './overlay.js';
export type { ServerEntry } from './resolve-contract.js';
export type { AfterResultOptions, BeforeCallOptions, Session } from './session.js';
export type { SessionState } from './session-state.js';
export { readSessionState } from './session-state.js';
export type { CallDecision, ResultDecision, ServerSettings, ToolCall, ToolResult } from './types.js';
export type { ValueKind } from './value-extract.js';
export { listValues } from './value-extract.js';
