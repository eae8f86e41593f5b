/** The public surface of @mcp-trust/policy. */
export type { AnnotationFacts, ArgFacts, Facts, LabelFacts, SessionFacts, ToolFacts } from './facts.js';
export type { Effect, MatchedRule, Mode, RuleError, RuleSource, Verdict } from './verdict.js';
export { EFFECTS, MODES } from './verdict.js';
