import type { Environment } from '@marcbachmann/cel-js';
import type { ArgFacts, LabelFacts } from './facts.js';
import { argNames, isSensitive } from './sensitive.js';

/**
 * The few helper functions the policy language adds to CEL, each one something rules would
 * otherwise spell out again and again. docs/policy.md documents them.
 */
export const CEL_HELPERS = [
  {
    signature: 'sensitive(Label): bool',
    description:
      'the label holds credentials, financial, pii or regulated data, or is private, or has #711 level medium/high',
    handler: (label: LabelFacts) => isSensitive(label),
  },
  {
    signature: 'sensitiveArgs(map<string, Arg>): list<string>',
    description: 'names of the arguments, not from the user’s own words, whose label is sensitive',
    handler: (args: Record<string, ArgFacts>) => argNames(args, (a) => isSensitive(a.label)),
  },
  {
    signature: 'untrustedArgs(map<string, Arg>): list<string>',
    description: 'names of the arguments, not from the user’s own words, whose label is open-world',
    handler: (args: Record<string, ArgFacts>) => argNames(args, (a) => a.label.openWorld),
  },
  {
    signature: 'intersects(list<string>, list<string>): bool',
    description:
      'the two lists share a member (e.g. intersects(tool.outcomes, ["consequential", "irreversible"]))',
    handler: (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x)),
  },
] as const;

export function registerHelpers(env: Environment): Environment {
  for (const { signature, description, handler } of CEL_HELPERS) {
    env.registerFunction(signature, handler as (...args: never[]) => unknown, { description });
  }
  return env;
}
