/** What a detector looks for. */
export type DetectorKind = 'secret' | 'pii' | 'injection' | 'poisoning';

/** The data classes detectors raise (names of `@mcp-trust/core`'s data classes). */
export type DetectedClass = 'credentials' | 'pii' | 'financial';

/** One thing a detector found. */
export interface Finding {
  /** `KIND/NAME`, e.g. `secret/aws-access-key`, `pii/iban`, `injection/override`. */
  readonly rule: string;
  readonly kind: DetectorKind;
  /** The span in the scanned text, UTF-16 offsets, end exclusive. */
  readonly start: number;
  readonly end: number;
  /** How sure the rule is, 0–1. Injection and poisoning scores are summed against one threshold. */
  readonly score: number;
  /** The data class this finding makes the text carry (secrets and PII). */
  readonly dataClass?: DetectedClass;
  /** One line for a person: what was found (never the secret itself). */
  readonly message: string;
}

/** A detector adds what it finds in `text` to `out`. Pure; never throws on any string. */
export type TextDetector = (text: string, out: Finding[]) => void;
