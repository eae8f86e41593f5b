import type { Facts } from './facts.js';
import { MESSAGE_TYPES, mapValueType, ROOT_FIELDS } from './facts-schema.js';

/**
 * Facts as CEL values. cel-js checks message values by constructor and `int` values as bigint,
 * so plain facts are converted once per decision (not once per rule) into instances of one
 * class per message type, with counts as bigints. Every rule of the policy then reads the same
 * converted object.
 */

type Ctor = new (fields: Record<string, unknown>) => object;

function messageClass(name: string): Ctor {
  // A distinct named class per type: cel-js maps constructors to types.
  return {
    [name]: class {
      constructor(fields: Record<string, unknown>) {
        Object.assign(this, fields);
      }
    },
  }[name] as Ctor;
}

export const MESSAGE_CLASSES: Readonly<Record<string, Ctor>> = Object.fromEntries(
  Object.keys(MESSAGE_TYPES).map((name) => [name, messageClass(name)]),
);

function convert(value: unknown, type: string): unknown {
  if (value === undefined || value === null) return value;
  if (type === 'int') return typeof value === 'number' ? BigInt(Math.trunc(value)) : value;
  if (type === 'Hints') return convertHints(value);
  const fields = MESSAGE_TYPES[type];
  if (fields !== undefined) {
    if (typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    const record = value as Record<string, unknown>;
    for (const [key, fieldType] of Object.entries(fields)) out[key] = convert(record[key], fieldType);
    return new MESSAGE_CLASSES[type]!(out);
  }
  const valueType = mapValueType(type);
  if (valueType !== undefined && valueType !== 'dyn' && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = convert(v, valueType);
    return out;
  }
  return value;
}

/** facts.ts promises every hint, false where unset; a missing one reads as false rather than failing. */
function convertHints(value: unknown): object {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(MESSAGE_TYPES.Hints!)) out[key] = record[key] === true;
  return new MESSAGE_CLASSES.Hints!(out);
}

/** The CEL evaluation context for one decision. */
export function toCelContext(facts: Facts): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const record = facts as unknown as Record<string, unknown>;
  for (const [key, type] of Object.entries(ROOT_FIELDS)) out[key] = convert(record[key], type);
  return out;
}
