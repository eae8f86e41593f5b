/** The public surface of @mcp-trust/policy. Named exports only; anything not listed is internal. */

export { CEL_HELPERS } from './cel-functions.js';
export { actionFor, strongest } from './combine.js';
export type { DeepPartial } from './complete-facts.js';
export { completeFacts } from './complete-facts.js';
export { defaultFacts } from './default-facts.js';
export { checkFactPath } from './fact-paths.js';
export type { AnnotationFacts, ArgFacts, Facts, LabelFacts, SessionFacts, ToolFacts } from './facts.js';
export type { LoadPolicyInput, LoadPolicyResult } from './load-policy.js';
export { loadPolicy } from './load-policy.js';
export { PACK_NAMES, PACKS } from './packs/index.js';
export type { Policy, RuleInfo } from './policy.js';
export type { PolicyCase, PolicyCaseResult } from './policy-cases.js';
export { runPolicyCases } from './policy-cases.js';
export type { PolicyProblem, ProblemCode, ProblemSeverity } from './problems.js';
export { formatProblem, PROBLEM_CODES } from './problems.js';
export type { Effect, MatchedRule, Mode, RuleError, RuleSource, Verdict } from './verdict.js';
export { EFFECTS, MODES } from './verdict.js';
