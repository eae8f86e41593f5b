import type { DataLabel } from '@mcp-trust/core';
import { makeLabel } from '@mcp-trust/core';
import { contractOf } from './facts-builder.js';

/**
 * The tools and data of SEP-1913's own scenarios (the e-mail tools of "Action Metadata
 * Examples", the salary spreadsheet of "Example: Email MCP Scenario" and "Pre-execution
 * Annotation Refinement"), plus a few tools for the SEP-1984 hint combinations.
 */

export const sendEmail = contractOf({
  name: 'send_email',
  annotations: {
    inputMetadata: { destination: 'public', sensitivity: ['pii', 'user'], outcomes: 'irreversible' },
    returnMetadata: { source: 'system', sensitivity: 'none' },
  },
});

export const readDrafts = contractOf({
  name: 'read_drafts',
  annotations: {
    inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
    returnMetadata: { source: 'user', sensitivity: 'pii' },
  },
});

/** A draft saved for the user only: consequential, but nothing leaves. */
export const saveDraft = contractOf({
  name: 'save_draft',
  annotations: {
    inputMetadata: { destination: 'user', sensitivity: ['pii', 'user'], outcomes: 'consequential' },
  },
});

/** A log the platform keeps for itself: credentials may go there. */
export const debugLog = contractOf({
  name: 'debug_log',
  annotations: { inputMetadata: { destination: 'system', sensitivity: 'credentials', outcomes: 'benign' } },
});

export const restartService = contractOf({
  name: 'restart_service',
  annotations: { privilegedAccessHint: true, readOnlyHint: false, destructiveHint: true },
});

export const readAuditLog = contractOf({
  name: 'read_audit_log',
  annotations: { privilegedAccessHint: true, readOnlyHint: true },
});

export const accessPasswords = contractOf({
  name: 'access_user_passwords',
  annotations: { privilegedAccessHint: true, sensitiveDataHint: true, readOnlyHint: true },
});

export const summarise = contractOf({
  name: 'summarise_text',
  annotations: {
    aiProcessingHint: true,
    readOnlyHint: true,
    inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
  },
});

/** The salary spreadsheet, as tools/resolve labels it: internal, financial. */
export const salaries: DataLabel = makeLabel({
  sources: ['internal'],
  sensitivity: ['financial'],
  attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'],
});

/** A web page: open-world. */
export const webPage: DataLabel = makeLabel({
  sources: ['untrustedPublic'],
  attribution: ['https://example.com/article'],
});

/** A web page with a detected prompt injection. */
export const injectedPage: DataLabel = makeLabel({
  sources: ['untrustedPublic'],
  malicious: true,
  attribution: ['https://attacker.example/page'],
});

/** An inbox listing: open-world, pii. */
export const inbox: DataLabel = makeLabel({
  sources: ['untrustedPublic'],
  sensitivity: ['pii', 'user'],
  attribution: ['mcp://mail.acme.local/inbox'],
});

/** An e-mail holding a password-reset code. */
export const resetCode: DataLabel = makeLabel({
  sources: ['untrustedPublic'],
  sensitivity: ['credentials'],
  attribution: ['mcp://mail.acme.local/inbox/42'],
});
