import type { Dialect } from './claims.js';
import type { SensitivityTag } from './data-class.js';
import type { Destination, Outcome, Source } from './enums.js';
import { DESTINATIONS, OUTCOMES, SOURCES } from './enums.js';
import { parseSensitivity } from './parse-data-class.js';
import type { SetParse } from './parse-sets.js';
import { enumMatcher, enumMember, legacyCase, mergeSets, parseMembers } from './parse-sets.js';
import type { ReadContext } from './read-context.js';
import { isRecord, keyPath, show } from './read-context.js';

/**
 * SEP-1913's `inputMetadata {destination, sensitivity, outcomes}` and `returnMetadata {source,
 * sensitivity}`, wherever they appear: on tool annotations, inside the
 * `io.modelcontextprotocol/action-metadata` extension, or (returnMetadata) on a result. The
 * objects are closed (`additionalProperties: false`), so an unknown key inside is an error. SEP-2061
 * spelled the keys and values in PascalCase; both are accepted with a warning.
 */

export type InputParse = {
  destination?: SetParse<Destination>;
  sensitivity?: SetParse<SensitivityTag>;
  outcomes?: SetParse<Outcome>;
};

export type ReturnParse = {
  source?: SetParse<Source>;
  sensitivity?: SetParse<SensitivityTag>;
};

type Parses = Record<string, SetParse<string> | undefined>;

const INPUT_FIELDS = ['destination', 'sensitivity', 'outcomes'] as const;
const RETURN_FIELDS = ['source', 'sensitivity'] as const;

const destinationMember = enumMember(enumMatcher(DESTINATIONS, 'sep2061'), 'destination');
const outcomeMember = enumMember(enumMatcher(OUTCOMES, 'sep2061'), 'outcome');
const sourceMember = enumMember(enumMatcher(SOURCES, 'sep2061'), 'source');

interface Occurrence {
  readonly raw: unknown;
  readonly path: string;
}

function fieldsOf<F extends string>(
  ctx: ReadContext,
  raw: unknown,
  path: string,
  fields: readonly F[],
  dialect: Dialect,
  what: string,
): Map<F, Occurrence[]> {
  const found = new Map<F, Occurrence[]>();
  if (!isRecord(raw)) {
    ctx.wrongType(path, raw, `an ${what} object; ignored`);
    return found;
  }
  const pascal = new Map(fields.map((f) => [`${f.charAt(0).toUpperCase()}${f.slice(1)}`, f]));
  let camelSeen = false;
  let pascalSeen = false;
  for (const key of ctx.keys(raw, path)) {
    const at = keyPath(path, key);
    const field = fields.find((f) => f === key) ?? pascal.get(key);
    if (field === undefined) {
      ctx.report(at, 'unknown-key', `${show(key)} is not a field of ${what}; ignored`);
      continue;
    }
    if (field === key) camelSeen = true;
    else {
      pascalSeen = true;
      legacyCase(ctx, at, 'key', key, field, 'sep2061');
    }
    const value = ctx.get(raw, key, path);
    if (value === undefined) continue;
    const list = found.get(field) ?? [];
    if (list.length > 0) {
      ctx.report(at, 'duplicate-field', `${field} is given twice; the sets are joined`, 'warning');
    }
    list.push({ raw: value, path: at });
    found.set(field, list);
  }
  if (camelSeen || !pascalSeen) ctx.saw(dialect);
  for (const f of fields) {
    if (!found.has(f)) ctx.report(path, 'missing-field', `${what} has no ${f}; read as unknown`, 'warning');
  }
  return found;
}

function parseAll<T extends string>(
  list: Occurrence[] | undefined,
  parse: (raw: unknown, path: string) => SetParse<T>,
): SetParse<T> | undefined {
  let out: SetParse<T> | undefined;
  for (const o of list ?? []) out = mergeSets(out, parse(o.raw, o.path));
  return out;
}

export function readInputMetadata(
  ctx: ReadContext,
  raw: unknown,
  path: string,
  dialect: Dialect,
): InputParse {
  const found = fieldsOf(ctx, raw, path, INPUT_FIELDS, dialect, 'inputMetadata');
  return {
    destination: parseAll(found.get('destination'), (r, p) =>
      parseMembers(ctx, r, p, destinationMember, false),
    ),
    sensitivity: parseAll(found.get('sensitivity'), (r, p) => parseSensitivity(ctx, r, p)),
    outcomes: parseAll(found.get('outcomes'), (r, p) => parseMembers(ctx, r, p, outcomeMember, false)),
  };
}

export function readReturnMetadata(
  ctx: ReadContext,
  raw: unknown,
  path: string,
  dialect: Dialect,
): ReturnParse {
  const found = fieldsOf(ctx, raw, path, RETURN_FIELDS, dialect, 'returnMetadata');
  return {
    source: parseAll(found.get('source'), (r, p) => parseMembers(ctx, r, p, sourceMember, false)),
    sensitivity: parseAll(found.get('sensitivity'), (r, p) => parseSensitivity(ctx, r, p)),
  };
}

/** Field-wise join of two reads of the same metadata (e.g. top level and extension): possible sets add up. */
export function mergeParses<P extends Parses>(ctx: ReadContext, a: P, b: P, path: string): P {
  const out: Parses = { ...a };
  for (const [field, parsed] of Object.entries(b)) {
    if (parsed === undefined) continue;
    if (out[field] !== undefined) {
      ctx.report(
        path,
        'duplicate-field',
        `${field} is declared in more than one place; the sets are joined`,
        'warning',
      );
    }
    out[field] = mergeSets(out[field], parsed);
  }
  return out as P;
}
