/**
 * The public surface of @mcp-trust/client: `TrustSession` for host and agent authors, around the
 * MCP SDK `Client`s they own (docs/hosts.md). Named exports only; anything not listed is internal.
 */
export type { RefusalCode, RefusalInit, TrustErrorCode, TrustIssue } from './errors.js';
export { TrustError, TrustRefusal } from './errors.js';
export type { EscalationAnswer, EscalationQuestion, OnEscalate } from './escalation.js';
export type { CallVerdicts } from './refusals.js';
export type { CallOptions } from './run-call.js';
export type { PolicyOptions, ServerOptions, TrustProblem, TrustSessionOptions } from './session-options.js';
export type { TrustTool } from './tool-directory.js';
export type { TrustSessionState } from './trust-session.js';
export { TrustSession } from './trust-session.js';
