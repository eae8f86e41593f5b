import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'vitest';

const schemaDir = new URL('../../schema/', import.meta.url);
const fixtureDir = new URL('../fixtures/seeds/', import.meta.url);

export const TOOL_SCHEMA_FILE = 'tool-annotations.schema.json';
export const DATA_SCHEMA_FILE = 'data-annotations.schema.json';
export const TOOL_SCHEMA_ID = 'https://mcp-trust.dev/schema/tool-annotations.schema.json';
export const DATA_SCHEMA_ID = 'https://mcp-trust.dev/schema/data-annotations.schema.json';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function readSchemaText(file: string): string {
  return readFileSync(new URL(file, schemaDir), 'utf8');
}

export function readSchema(file: string): JsonObject {
  return asObject(JSON.parse(readSchemaText(file)) as Json);
}

export function fixtureFiles(): string[] {
  return readdirSync(fixtureDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export function readFixture(file: string): JsonObject {
  return asObject(JSON.parse(readFileSync(new URL(file, fixtureDir), 'utf8')) as Json);
}

export function asObject(value: Json | undefined): JsonObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`expected a JSON object, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Follow a chain of keys (array indexes as numbers) through plain JSON. */
export function at(value: Json, ...keys: (string | number)[]): Json | undefined {
  let node: Json | undefined = value;
  for (const key of keys) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key];
    else if (node !== null && typeof node === 'object' && !Array.isArray(node) && typeof key === 'string') {
      node = node[key];
    } else return undefined;
  }
  return node;
}

/** A strict Ajv holding both published schemas, set up the way docs/schema.md tells consumers to. */
export function makeAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addSchema(readSchema(TOOL_SCHEMA_FILE));
  ajv.addSchema(readSchema(DATA_SCHEMA_FILE));
  return ajv;
}

export interface Validators {
  toolAnnotations: ValidateFunction;
  meta: ValidateFunction;
  resultAnnotations: ValidateFunction;
  requestAnnotations: ValidateFunction;
}

export function validators(ajv: Ajv2020 = makeAjv()): Validators {
  const get = (ref: string): ValidateFunction => {
    const v = ajv.getSchema(ref);
    if (v === undefined) throw new Error(`no schema at ${ref}`);
    return v;
  };
  return {
    toolAnnotations: get(TOOL_SCHEMA_ID),
    meta: get(DATA_SCHEMA_ID),
    resultAnnotations: get(`${DATA_SCHEMA_ID}#/$defs/ResultAnnotations`),
    requestAnnotations: get(`${DATA_SCHEMA_ID}#/$defs/RequestAnnotations`),
  };
}

/** Validate and hand back the errors (empty when valid), so tests can assert on them directly. */
export function errorsOf(validate: ValidateFunction, value: unknown): ErrorObject[] {
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** A JSON Pointer, as Ajv reports `instancePath`. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => `/${String(s).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

export interface ExpectedError {
  keyword: string;
  instancePath: string;
  params?: Record<string, unknown>;
}

/** The value is rejected, and one of the errors is the expected keyword at the expected place. */
export function expectRejected(validate: ValidateFunction, value: unknown, expected: ExpectedError): void {
  const errors = errorsOf(validate, value);
  expect(errors.length, 'expected the value to be rejected').toBeGreaterThan(0);
  expect(errors).toContainEqual(
    expect.objectContaining({
      keyword: expected.keyword,
      instancePath: expected.instancePath,
      ...(expected.params === undefined ? {} : { params: expect.objectContaining(expected.params) }),
    }),
  );
}

/** Recursively sorted keys: the canonical JSON a schema pin is computed over. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}
