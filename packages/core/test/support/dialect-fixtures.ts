import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

const fixtures = new URL('../fixtures/', import.meta.url);

/** A wire fixture, parsed: `seeds/NAME.json` or `dialects/NAME.json`. */
export function wire(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(file, fixtures), 'utf8')) as Record<string, unknown>;
}

/** Every fixture file in a folder, as `[file, parsed]`. */
export function wireAll(folder: 'seeds' | 'dialects'): [string, Record<string, unknown>][] {
  return readdirSync(new URL(`${folder}/`, fixtures))
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .sort()
    .map((f) => [f, wire(`${folder}/${f}`)]);
}

/** A property of a fixture that the test knows to be an object. */
export function field(obj: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = obj[key];
  if (typeof value !== 'object' || value === null) throw new Error(`fixture has no object at ${key}`);
  return value as Record<string, unknown>;
}

/** Problem codes and where, compact enough to compare whole lists. */
export function codesOf(problems: readonly { path: string; code: string; severity: string }[]): string[] {
  return problems.map((p) => `${p.severity} ${p.code} ${p.path}`);
}

/** A validator for SEP-1913's own "JSON Schema Additions" (ToolAnnotations). */
export function sep1913Validator(): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  return ajv.compile(wire('dialects/sep1913-json-schema-additions.schema.json'));
}
