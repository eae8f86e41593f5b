import { DEFAULT_PACK } from './default.js';
import { SEP_EXAMPLES_PACK } from './sep-examples.js';

/** The built-in packs by name: YAML text, compiled like any policy file as `pack:NAME`. */
export const PACKS: Readonly<Record<string, string>> = Object.freeze({
  default: DEFAULT_PACK,
  'sep-examples': SEP_EXAMPLES_PACK,
});

export const PACK_NAMES: readonly string[] = Object.freeze(Object.keys(PACKS));
