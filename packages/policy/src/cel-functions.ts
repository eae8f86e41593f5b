import type { Environment } from '@marcbachmann/cel-js';
import type { ArgFacts, LabelFacts } from './facts.js';
import { argNames, isSensitive } from './sensitive.js';

/**
 * The few helper functions the policy language adds to CEL, each one something rules would
 * otherwise spell out again and again. docs/policy.md documents them.
 */
const sensitiveArg = (a: ArgFacts) => isSensitive(a.label);
const untrustedArg = (a: ArgFacts) => a.label.openWorld;

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
    handler: (args: Record<string, ArgFacts>) => argNames(args, sensitiveArg),
  },
  {
    signature: 'untrustedArgs(map<string, Arg>): list<string>',
    description: 'names of the arguments, not from the user’s own words, whose label is open-world',
    handler: (args: Record<string, ArgFacts>) => argNames(args, untrustedArg),
  },
  {
    signature: 'attributionOf(map<string, Arg>, list<string>): list<string>',
    description:
      'the attribution of the named arguments, joined (e.g. attributionOf(args, untrustedArgs(args))): where the data that made a rule fire came from',
    handler: (args: Record<string, ArgFacts>, names: readonly string[]) => attributionOf(args, names),
  },
  {
    signature: 'intersects(list<string>, list<string>): bool',
    description:
      'the two lists share a member (e.g. intersects(tool.outcomes, ["consequential", "irreversible"]))',
    handler: (a: readonly string[], b: readonly string[]) => intersects(a, b),
  },
] as const;

function intersects(a: readonly string[], b: readonly string[]): boolean {
  // Facts not of the promised shape get what some/includes do with them (a string's includes()
  // is a substring test); lists, the usual case, are looped without a callback.
  if (!Array.isArray(a) || !Array.isArray(b)) return a.some((x) => b.includes(x));
  for (let i = 0; i < a.length; i++) if (b.includes(a[i])) return true;
  return false;
}

function attributionOf(args: Record<string, ArgFacts>, names: readonly string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const arg = Object.hasOwn(args, name) ? args[name] : undefined;
    for (const uri of arg?.label.attribution ?? []) out.add(uri);
  }
  return [...out].sort();
}

export function registerHelpers(env: Environment): Environment {
  for (const { signature, description, handler } of CEL_HELPERS) {
    env.registerFunction(signature, handler as (...args: never[]) => unknown, { description });
  }
  return env;
}
