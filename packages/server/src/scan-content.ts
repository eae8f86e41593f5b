import type { DataClass } from '@mcp-trust/core';
import { scanText } from '@mcp-trust/detectors';

/** What `@mcp-trust/detectors` found in a text. */
export interface ContentScan {
  /** Prompt injection scored past the detectors' threshold: set `maliciousActivityHint`. */
  readonly malicious: boolean;
  /** The data classes the secrets and PII found make the text carry. */
  readonly dataClasses: readonly DataClass[];
  /** One line per finding, for a person (never the secret itself). */
  readonly findings: readonly string[];
}

/**
 * Scans a text the server is about to return or act on, for SEP-1913's "Servers SHOULD include
 * `maliciousActivityHint` when detecting suspicious patterns": prompt injection, secrets and PII,
 * with the same detectors the gateway uses. Pure; never throws.
 */
export function scanContent(text: string): ContentScan {
  const scan = scanText(text);
  return {
    malicious: scan.malicious,
    dataClasses: [...scan.dataClasses],
    findings: scan.findings.map((f) => `${f.rule}: ${f.message}`),
  };
}
