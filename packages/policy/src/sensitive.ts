import type { ArgFacts, LabelFacts } from './facts.js';

/**
 * What the policy language calls "sensitive": data a person would not want to leave their
 * control. The classes SEP-1913 names as sensitive (credentials, financial, pii, regulated in
 * any scope), #711's `privateHint`, and #711 levels medium and high. Not `user` (the user's own
 * ordinary data), not `low`, and not `unknown`: a value whose origin made no trusted claim would
 * otherwise make every call look like exfiltration.
 */
const SENSITIVE_TAGS = new Set(['credentials', 'financial', 'pii', 'regulated']);
const SENSITIVE_LEVELS = new Set(['medium', 'high']);

const isSensitiveTag = (t: string) => SENSITIVE_TAGS.has(t) || t.startsWith('regulated:');

export function isSensitive(label: LabelFacts): boolean {
  if (label.private || SENSITIVE_LEVELS.has(label.sensitiveLevel)) return true;
  return label.sensitivity.some(isSensitiveTag);
}

/** Names of arguments, not from the user's own words, whose label passes `test`. */
export function argNames(
  args: Readonly<Record<string, ArgFacts>>,
  test: (arg: ArgFacts) => boolean,
): string[] {
  const out: string[] = [];
  // Object.keys and a read per key visit what Object.entries would, without a pair per entry.
  for (const name of Object.keys(args)) {
    const arg = args[name]!;
    if (!arg.endorsed && test(arg)) out.push(name);
  }
  return out;
}
