import { detectInjectionModel } from './injection/model/classify.js';
import { detectInjection } from './injection.js';
import { detectPii } from './pii.js';
import type { ToolDefinitionText } from './poisoning.js';
import { detectPoisoning } from './poisoning.js';
import { detectSecrets } from './secrets.js';
import type { DetectedClass, DetectorKind, Finding, TextDetector } from './types.js';

/** The one threshold: a text is malicious when its injection (or poisoning) score reaches it. */
export const MALICIOUS_THRESHOLD = 0.5;

/** What a scan found. */
export interface Scan {
  /** The injection/poisoning score reached `MALICIOUS_THRESHOLD`. */
  malicious: boolean;
  /** The injection/poisoning findings' scores combined (noisy-or: 1 − Π(1 − sᵢ)), 0–1. */
  score: number;
  /** Data classes the secrets and PII found make the text carry, sorted. */
  dataClasses: DetectedClass[];
  /** Every finding, in the order of their spans. */
  findings: Finding[];
}

export interface ScanOptions {
  /** Which detectors run (all by default). */
  kinds?: readonly DetectorKind[];
}

const TEXT_DETECTORS: readonly [DetectorKind, TextDetector][] = [
  ['secret', detectSecrets],
  ['pii', detectPii],
  ['injection', detectInjection],
  // The learned classifier catches phrasings the rules were never written for (docs/detectors.md).
  ['injection', detectInjectionModel],
];

/** Scans a text with every detector (or `opts.kinds`). */
export function scanText(text: string, opts: ScanOptions = {}): Scan {
  const findings: Finding[] = [];
  collect(text, findings, opts);
  return summarise(findings);
}

/**
 * Adds what the detectors find in `text` to `out`, unsummarised: for callers that scan several
 * texts (the leaves of one result) and summarise them together.
 */
export function collect(text: string, out: Finding[], opts: ScanOptions = {}): void {
  if (typeof text !== 'string' || text.length === 0) return;
  for (const [kind, detect] of TEXT_DETECTORS) {
    if (opts.kinds === undefined || opts.kinds.includes(kind)) detect(text, out);
  }
}

/** Scans a tool definition for poisoning: instructions to the model, hidden text, shadowing, demands for secrets. */
export function scanTool(tool: ToolDefinitionText): Scan {
  const findings: Finding[] = [];
  detectPoisoning(tool, findings);
  return summarise(findings);
}

/** Combines findings into a verdict: noisy-or of injection/poisoning scores against the threshold. */
export function summarise(findings: Finding[]): Scan {
  findings.sort((a, b) => a.start - b.start || a.end - b.end);
  let clean = 1;
  const classes = new Set<DetectedClass>();
  for (const f of findings) {
    if (f.kind === 'injection' || f.kind === 'poisoning') clean *= 1 - Math.min(1, Math.max(0, f.score));
    if (f.dataClass !== undefined) classes.add(f.dataClass);
  }
  const score = 1 - clean;
  return { malicious: score >= MALICIOUS_THRESHOLD, score, dataClasses: [...classes].sort(), findings };
}
