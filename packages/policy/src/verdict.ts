/** Rule effects, weakest first: block > escalate > warn > allow. */
export const EFFECTS = ['allow', 'warn', 'escalate', 'block'] as const;
export type Effect = (typeof EFFECTS)[number];

/** `audit`: decide and record, never interfere; `warn`: never stop a call, only warn; `enforce`. */
export const MODES = ['audit', 'warn', 'enforce'] as const;
export type Mode = (typeof MODES)[number];

/** Where a rule was written: a pack name or a file, with its position. */
export interface RuleSource {
  file: string;
  line: number;
  col: number;
}

export interface MatchedRule {
  rule: string;
  effect: Effect;
  /** The rule's message with its `{{ path }}` placeholders filled from the facts. */
  message: string;
  source: RuleSource;
}

export interface RuleError {
  rule: string;
  message: string;
  source: RuleSource;
}

/**
 * A decision with its reasons (as Cedar's authorizer returns diagnostics): the combined effect
 * of every matched rule, every matched rule with its message, and every rule that failed to
 * evaluate. `action` is what happens under the mode.
 */
export interface Verdict {
  /** What the rules say: the strongest matched effect (or fail-closed on errors). */
  decision: Effect;
  /** What is done about it under `mode`: in `audit` always `allow`, in `warn` at most `warn`. */
  action: Effect;
  mode: Mode;
  matched: MatchedRule[];
  errors: RuleError[];
}
