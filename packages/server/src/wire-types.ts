import type { DataClass, Destination, Outcome, Source } from '@mcp-trust/core';
import type { ToolAnnotations } from '@modelcontextprotocol/server';

/**
 * The SEP-1913 wire shapes, typed (with SEP-2061's action metadata, SEP-1487's `trustedHint`,
 * SEP-1984's six hints and #711's `privateHint`/`sensitiveHint`). The SDK's `ToolAnnotations`
 * knows only MCP's own hints and passes the rest through to `tools/list` untouched.
 */

/** One value (resolved, or a result's actual value) or a possible set (`tools/list`). */
export type OneOrMany<T> = T | readonly T[];

/** #711's `sensitiveHint` levels as they go on the wire (`none` is written by leaving the key out). */
export type SensitiveHint = 'low' | 'medium' | 'high';

/** SEP-1913 `inputMetadata`: where a tool's input may go, which classes it takes, what calling it causes. */
export interface InputMetadata {
  destination: OneOrMany<Destination>;
  sensitivity: OneOrMany<DataClass>;
  outcomes: OneOrMany<Outcome>;
}

/** SEP-1913 `returnMetadata`: where returned data comes from and which classes it holds. */
export interface ReturnMetadata {
  source: OneOrMany<Source>;
  sensitivity: OneOrMany<DataClass>;
}

/** The boolean hints every proposal adds: tri-state, an absent hint makes no claim (SEP-1984). */
export interface TrustHints {
  /** SEP-1487: the tool is trusted. Believed only from a trusted server. */
  trustedHint?: boolean;
  /** SEP-1913: in `tools/list`, results *may* carry the flag; `false` means they never will. */
  maliciousActivityHint?: boolean;
  /** #711: the tool may return data private to an organisation. */
  privateHint?: boolean;
  /** SEP-1984 */
  aiProcessingHint?: boolean;
  slowExecutionHint?: boolean;
  resourceIntensiveHint?: boolean;
  sensitiveDataHint?: boolean;
  privilegedAccessHint?: boolean;
  reversibleHint?: boolean;
}

/** `Tool.annotations` as this library writes them: SEP-1913 form, or the extension form on request. */
export interface TrustToolAnnotations extends ToolAnnotations, TrustHints {
  /** #711: the most sensitive data the tool may return. */
  sensitiveHint?: SensitiveHint;
  attribution?: string[];
  inputMetadata?: InputMetadata;
  returnMetadata?: ReturnMetadata;
  /** The interest group's extension form of the metadata (`form: 'extension'`). */
  'io.modelcontextprotocol/action-metadata'?: {
    inputMetadata?: InputMetadata;
    returnMetadata?: ReturnMetadata;
  };
}

/**
 * What a server author declares for a tool (or answers to `tools/resolve`): SEP-1913's fields,
 * typed. A metadata object may be partial: a field left out is unknown, written as the full set.
 */
export interface TrustToolAnnotationsInit extends TrustHints {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  sensitiveHint?: SensitiveHint;
  attribution?: readonly string[];
  inputMetadata?: Partial<InputMetadata>;
  returnMetadata?: Partial<ReturnMetadata>;
}

/**
 * SEP-1913 result annotations (`CallToolResult._meta.annotations`) for one piece of returned
 * data. `openWorldHint` is required: "not open-world" is a claim a server must make on purpose.
 */
export interface ResultAnnotations {
  openWorldHint: boolean;
  maliciousActivityHint?: boolean;
  /** URIs of the data's origins (see `mcpUri` and friends); never opaque `file://` URIs. */
  attribution?: readonly string[];
  privateHint?: boolean;
  sensitiveHint?: SensitiveHint;
  /** The data's actual source and classes: one value each where there is one. */
  returnMetadata?: ReturnMetadata;
}
