/**
 * The facts a policy decides on. The engine builds them for every decision; CEL `when:`
 * expressions and JSON `conditions` read them by path (`tool.destination`, `args.to.label.openWorld`).
 * This file is the contract between the engine and the policy language: docs/policy.md documents
 * every field, and the CEL environment is declared from the same shape so an unknown fact is a
 * load-time error.
 */

/** A data label as policies see it: the core `DataLabel`, with plain arrays. */
export interface LabelFacts {
  openWorld: boolean;
  malicious: boolean;
  private: boolean;
  /** `none` | `low` | `medium` | `high` */
  sensitiveLevel: string;
  /** Sources, incl. `unknown`. */
  sources: string[];
  /** Sensitivity tags: `user`, `pii`, `financial`, `credentials`, `regulated`, `regulated:GDPR`, `unknown`. */
  sensitivity: string[];
  attribution: string[];
}

/** The SEP-1913 data annotations (request or response), every key present. */
export interface AnnotationFacts {
  openWorldHint: boolean;
  maliciousActivityHint: boolean;
  privateHint: boolean;
  /** `none` | `low` | `medium` | `high` */
  sensitiveHint: string;
  attribution: string[];
}

export interface ToolFacts {
  /** The tool's name on its server. */
  name: string;
  server: string;
  /** Possible sets of the effective contract (undeclared = the full set). */
  destination: string[];
  outcomes: string[];
  inputSensitivity: string[];
  returnSource: string[];
  returnSensitivity: string[];
  /** Whether someone trusted declared each set (false = unknown, the full set). */
  declared: {
    destination: boolean;
    outcomes: boolean;
    inputSensitivity: boolean;
    returnSource: boolean;
    returnSensitivity: boolean;
  };
  /** Every hint, false where unset; `hintSet` tells a believed `false` from no claim. */
  hints: Record<string, boolean>;
  hintSet: Record<string, boolean>;
  /** #711 level the tool may return: `none` | `low` | `medium` | `high`. */
  sensitiveLevel: string;
  attribution: string[];
  /** The effective annotations in SEP-1913 wire form, for rules written as the SEP writes them. */
  annotations: Record<string, unknown>;
}

export interface ArgFacts {
  /** The argument's value as sent. */
  value: unknown;
  /** Join of the labels of every indexed value found in it (bottom when none). */
  label: LabelFacts;
  /** The value (or all of it that matched) came from the user's own words. */
  endorsed: boolean;
  /** Role the overlay gives the argument (`recipient`, `destination`, `content`, `amount`, `selector`, …), or ''. */
  role: string;
}

export interface SessionFacts {
  id: string;
  /** Everything seen so far, joined. Never goes down. */
  label: LabelFacts;
  calls: number;
  results: number;
  escalations: number;
  blocks: number;
}

export interface Facts {
  /** `call` (before the call) or `result` (after it). */
  phase: string;
  tool: ToolFacts;
  server: { name: string; trust: string };
  args: Record<string, ArgFacts>;
  /** Join of every argument's label. */
  argsLabel: LabelFacts;
  session: SessionFacts;
  /** The annotations the call carries to the server (from the session label). */
  request: { annotations: AnnotationFacts };
  /** The result's label and annotations; bottom / all false in the `call` phase. */
  response: { label: LabelFacts; annotations: AnnotationFacts };
}
