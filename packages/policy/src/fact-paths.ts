import { MESSAGE_TYPES, mapValueType, ROOT_FIELDS } from './facts-schema.js';

/**
 * Fact paths (`tool.destination`, `args.to.label.openWorld`) as the JSON `conditions` form and
 * message placeholders write them: checked against the facts shape at load, resolved against
 * plain facts at run time.
 */

export type PathCheck = { ok: true; type: string } | { ok: false; message: string };

const ROOT: Readonly<Record<string, string>> = ROOT_FIELDS;

/**
 * Check a path against the facts shape. Under `dyn` (an argument's `value`, `tool.annotations`)
 * anything goes; a `map<string, T>` (`args`) takes any key and continues with `T`.
 */
export function checkFactPath(path: string): PathCheck {
  const segments = path.split('.');
  if (segments.some((s) => s.length === 0)) return { ok: false, message: `'${path}' is not a fact path` };
  const [first, ...rest] = segments as [string, ...string[]];
  const rootType = ROOT[first];
  if (rootType === undefined) {
    return { ok: false, message: `unknown fact '${first}' (facts are ${Object.keys(ROOT).join(', ')})` };
  }
  let type: string = rootType;
  let at = first;
  for (const segment of rest) {
    if (type === 'dyn') return { ok: true, type };
    const valueType = mapValueType(type);
    if (valueType !== undefined) {
      type = valueType;
    } else {
      const fields: Readonly<Record<string, string>> | undefined = MESSAGE_TYPES[type];
      if (fields === undefined) {
        return { ok: false, message: `'${at}' is a ${type} and has no field '${segment}'` };
      }
      const next: string | undefined = fields[segment];
      if (next === undefined) {
        const known = Object.keys(fields).join(', ');
        return { ok: false, message: `unknown fact '${at}.${segment}' (${at} has ${known})` };
      }
      type = next;
    }
    at = `${at}.${segment}`;
  }
  return { ok: true, type };
}

/** Split once at load, so resolving at run time does no string work. */
export function splitPath(path: string): readonly string[] {
  return path.split('.');
}

/** The value at a path, or undefined where any step is missing (own properties only). */
export function resolvePath(root: unknown, segments: readonly string[]): unknown {
  let value: unknown = root;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    if (!Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
