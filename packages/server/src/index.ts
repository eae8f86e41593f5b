/**
 * `@mcp-trust/server`: SEP-1913 for MCP server authors, as a thin typed layer over
 * `@mcp-trust/core` (readers, writers, contracts), `@mcp-trust/policy` and
 * `@mcp-trust/detectors`. This file is the whole public surface; see docs/servers.md.
 *
 * - declare: `toolAnnotations`, `declareTools`
 * - resolve: `resolveTool`, `registerToolResolution`
 * - label results: `trustResult`, `textResult`, `scanContent`, attribution URIs
 * - read requests: `readCallerAnnotations`, `callerAnnotationsOf`
 * - refuse or ask: `createCallGuard`, `loadServerPolicy`, `confirmWithUser`, `refusal`
 */

export type { DataClass, DataLabel, Destination, Outcome, Source, WireForm } from '@mcp-trust/core';
export type { Policy, Verdict } from '@mcp-trust/policy';
export { anonymousLocalUri, checkAttribution, localUri, mcpUri, orgUrn } from './attribution.js';
export type { CallCheck, CallGuard, CallGuardOptions, GuardedCall } from './call-guard.js';
export { createCallGuard } from './call-guard.js';
export type { CallerAnnotations } from './caller-annotations.js';
export { callerAnnotationsOf, readCallerAnnotations } from './caller-annotations.js';
export type { Confirmation, ConfirmRequest } from './confirm-with-user.js';
export { confirmWithUser } from './confirm-with-user.js';
export type { DeclaredTool } from './declare-tools.js';
export { declareTools } from './declare-tools.js';
export type { ServerPolicyInput } from './load-server-policy.js';
export { loadServerPolicy } from './load-server-policy.js';
export { refusal, SERVER_VERDICT_KEY } from './refusal.js';
export type { ToolResolutionOptions } from './register-resolution.js';
export { registerToolResolution, TOOL_RESOLUTION_EXTENSION } from './register-resolution.js';
export type { ResolvedTool, ToolResolver } from './resolve-tool.js';
export { resolveTool } from './resolve-tool.js';
export type { ResultForm } from './result-label.js';
export type { ContentScan } from './scan-content.js';
export { scanContent } from './scan-content.js';
export type { AnyServer, HandlerContext } from './sdk-server.js';
export type { ToolAnnotationsOptions } from './tool-annotations.js';
export { toolAnnotations } from './tool-annotations.js';
export type { TrustErrorCode, TrustIssue } from './trust-error.js';
export { TrustError } from './trust-error.js';
export type { LabelledContent, TrustResultOptions } from './trust-result.js';
export { textResult, trustResult } from './trust-result.js';
export type {
  InputMetadata,
  OneOrMany,
  ResultAnnotations,
  ReturnMetadata,
  SensitiveHint,
  TrustHints,
  TrustToolAnnotations,
  TrustToolAnnotationsInit,
} from './wire-types.js';
