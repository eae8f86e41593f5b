import type { ToolAnnotations } from '@modelcontextprotocol/server';

/**
 * The SEP-1913 shapes this server emits (with SEP-2061's action metadata, merged into SEP-1913).
 * The SDK's `ToolAnnotations` type knows only the 2025 hints; the server passes the rest through
 * to `tools/list` untouched, so the extra keys are typed here.
 */

export type Destination = 'ephemeral' | 'system' | 'user' | 'internal' | 'public';
export type Outcome = 'benign' | 'consequential' | 'irreversible';
export type Source = 'untrustedPublic' | 'trustedPublic' | 'internal' | 'user' | 'system';
export type DataClass =
  | 'none'
  | 'user'
  | 'pii'
  | 'financial'
  | 'credentials'
  | { regulated: { scopes: string[] } };

/** A single value (resolved) or a possible set (`tools/list`). */
export type OneOrMany<T> = T | T[];

export interface InputMetadata {
  destination: OneOrMany<Destination>;
  sensitivity: OneOrMany<DataClass>;
  outcomes: OneOrMany<Outcome>;
}

export interface ReturnMetadata {
  source: OneOrMany<Source>;
  sensitivity: OneOrMany<DataClass>;
}

/** `Tool.annotations` with the SEP-1913 trust fields. */
export interface TrustToolAnnotations extends ToolAnnotations {
  maliciousActivityHint?: boolean;
  attribution?: string[];
  inputMetadata?: InputMetadata;
  returnMetadata?: ReturnMetadata;
}

/** `CallToolResult._meta.annotations`: what this particular response holds. */
export interface ResultAnnotations {
  openWorldHint: boolean;
  maliciousActivityHint?: boolean;
  attribution?: string[];
  returnMetadata?: ReturnMetadata;
}
