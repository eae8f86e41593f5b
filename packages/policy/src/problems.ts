/**
 * Load-time problems: errors as data with a code and a place (file:line:col), the way a compiler
 * reports them. Any `error` keeps the policy from loading; a `warning` does not.
 */

export type ProblemSeverity = 'error' | 'warning';

export const PROBLEM_CODES = [
  'yaml-syntax',
  'not-a-policy',
  'unknown-key',
  'bad-mode',
  'bad-strict',
  'rules-not-list',
  'rule-not-map',
  'missing-name',
  'missing-effect',
  'unknown-effect',
  'duplicate-rule',
  'override-nothing',
  'when-and-conditions',
  'no-condition',
  'cel-parse',
  'cel-type',
  'when-not-bool',
  'bad-condition',
  'unknown-fact',
  'bad-message',
  'unknown-pack',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface PolicyProblem {
  /** The file's path as given, or `pack:NAME` for a built-in pack. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  col: number;
  code: ProblemCode;
  message: string;
  severity: ProblemSeverity;
}

/** `file:line:col: error CODE: message`, the form editors and CI logs recognise. */
export function formatProblem(p: PolicyProblem): string {
  return `${p.file}:${p.line}:${p.col}: ${p.severity} ${p.code}: ${p.message}`;
}

export function hasErrors(problems: readonly PolicyProblem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
