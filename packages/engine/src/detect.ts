import type { DataLabel } from '@mcp-trust/core';
import { makeLabel } from '@mcp-trust/core';
import type { Finding, Scan } from '@mcp-trust/detectors';
import { collect, summarise } from '@mcp-trust/detectors';
import { walkResultText, walkValue } from './result-text.js';

/**
 * What the detectors see in a result or an argument, as a label to join in. Servers SHOULD say
 * when their output is malicious or carries secrets, but few do; the engine looks for itself.
 *
 * - injection (or tool-call instructions, hidden text, exfiltration links) → malicious, open-world;
 * - a secret → credentials; in open-world content (a web page), where no secret belongs, also
 *   malicious: it is bait or a leak;
 * - PII → pii / financial.
 */
export interface Detection {
  scan: Scan;
  /** The label the findings add (BOTTOM-like when nothing was found). */
  label: DataLabel | undefined;
}

const SECRET_KINDS = ['secret'] as const;

/** Scans every text leaf of a result (bounded as the value index reads it). */
export function detectInResult(result: unknown, base: DataLabel): Detection {
  const findings: Finding[] = [];
  walkResultText(result, (text) => collect(text, findings));
  return detection(summarise(findings), base);
}

/**
 * Scans an argument's string leaves for secrets only: a secret the user did not type is
 * credentials wherever it came from (PII in arguments is what the value index tracks; injection
 * in arguments is the model's own text).
 */
export function detectInArgument(value: unknown): Detection {
  const findings: Finding[] = [];
  walkValue(value, '', (text) => collect(text, findings, { kinds: SECRET_KINDS }));
  return detection(summarise(findings), undefined);
}

function detection(scan: Scan, base: DataLabel | undefined): Detection {
  if (scan.findings.length === 0) return { scan, label: undefined };
  const secretInOpenWorld = base?.openWorld === true && scan.findings.some((f) => f.kind === 'secret');
  const malicious = scan.malicious || secretInOpenWorld;
  if (!malicious && scan.dataClasses.length === 0) return { scan, label: undefined };
  return {
    scan,
    label: makeLabel({ malicious, openWorld: malicious, sensitivity: scan.dataClasses }),
  };
}
