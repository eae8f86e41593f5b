/**
 * Errors as data with a code and a place. The library throws only at a server author's own
 * mistakes (a malformed declaration, a resolver answering wider than the declaration, a policy
 * that does not load), never at what a client sent: request annotations are read, not trusted.
 */

export type TrustErrorCode =
  /** Annotations that do not read as SEP-1913 (a bad enum member, a wrong type, an unknown key). */
  | 'invalid-annotations'
  /** Annotations that contradict themselves (`readOnlyHint` with irreversible outcomes, …). */
  | 'contradictory-annotations'
  /** A `tools/resolve` answer, or a result, outside the tool's static declaration. */
  | 'wider-than-declared'
  /** An attribution that is not a URI, or an opaque `file:` URI (SEP-1913 says to avoid them). */
  | 'bad-attribution'
  /** A policy file that does not load. */
  | 'invalid-policy';

/** One thing wrong, at a JSON path such as `send_email.annotations.inputMetadata.destination`. */
export interface TrustIssue {
  readonly path: string;
  readonly message: string;
}

export class TrustError extends Error {
  override readonly name = 'TrustError';

  constructor(
    readonly code: TrustErrorCode,
    /** What the error is about, e.g. `tool "send_email"`. */
    readonly subject: string,
    readonly issues: readonly TrustIssue[],
  ) {
    super(`${subject}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  }
}
