import type { SensitivityTag } from './data-class.js';
import type { Destination, Outcome, SensitiveLevel, Source, Unknown } from './enums.js';
import type { Hints } from './hints.js';
import type { Problem } from './problem.js';

/**
 * What a tool's annotations claim, in canonical form, whatever dialect they came in. Every field
 * is optional: absent means "no claim". Sets are sorted and duplicate-free. A claim is not yet
 * believed: the trust filter and contract building decide what counts.
 */
export interface ToolClaims {
  title?: string;
  hints: Hints;
  /** #711 `sensitiveHint` on a tool: the most sensitive data it may return. */
  sensitiveLevel?: SensitiveLevel;
  /** `inputMetadata.destination`: where inputs may go. */
  destination?: Destination[];
  /** `inputMetadata.outcomes`: what calling the tool may cause. */
  outcomes?: Outcome[];
  /** `inputMetadata.sensitivity`: which classes the tool may accept. */
  inputSensitivity?: SensitivityTag[];
  /** `returnMetadata.source`: where outputs may come from. */
  returnSource?: Source[];
  /** `returnMetadata.sensitivity`: which classes outputs may hold. */
  returnSensitivity?: SensitivityTag[];
  attribution?: string[];
}

/**
 * What annotations on a result (or a request, or a content block) claim about that data.
 * `sources`/`sensitivity` holding `unknown` are partial claims ("at least these"); without it they
 * are complete ("exactly these").
 */
export interface DataClaims {
  openWorld?: boolean;
  malicious?: boolean;
  private?: boolean;
  sensitiveLevel?: SensitiveLevel;
  sources?: (Source | Unknown)[];
  sensitivity?: SensitivityTag[];
  attribution?: string[];
}

/** The dialects readers understand (see docs/dialects.md). */
export type Dialect =
  | 'sep1913'
  | 'sep2061'
  | 'issue711'
  | 'sep1487'
  | 'sep1984'
  | 'ext-trust-annotations'
  | 'ext-action-metadata'
  | 'github-ifc';

/** A reader's answer: the value (conservative where the input was bad), what was wrong, and which dialects it saw. */
export interface ReadResult<T> {
  value: T;
  problems: Problem[];
  dialects: Dialect[];
}
