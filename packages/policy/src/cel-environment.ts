import { Environment } from '@marcbachmann/cel-js';
import { registerHelpers } from './cel-functions.js';
import { MESSAGE_CLASSES } from './cel-values.js';
import { MESSAGE_TYPES, ROOT_FIELDS } from './facts-schema.js';

/**
 * The CEL environment, declared from the facts shape: every message type with its fields and
 * every top-level fact as a typed variable, so `tool.nope`, `foo` or `tool.name + 1` fail the
 * type check at load. `args` is `map<string, Arg>`, so `args.to.label.openWorld` is checked
 * down to the label field (only the argument's name is free). Built once per process: creating
 * an environment is the expensive part of cel-js.
 */
let shared: Environment | undefined;

export function celEnvironment(): Environment {
  if (shared !== undefined) return shared;
  const env = new Environment();
  for (const [name, fields] of Object.entries(MESSAGE_TYPES)) {
    env.registerType(name, { ctor: MESSAGE_CLASSES[name]!, fields: { ...fields } });
  }
  for (const [name, type] of Object.entries(ROOT_FIELDS)) env.registerVariable(name, type);
  shared = registerHelpers(env);
  return shared;
}
