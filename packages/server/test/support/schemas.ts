/** Core's pinned wire schemas (SEP-1913's JSON Schema additions), compiled the way docs/schema.md tells consumers to. */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

const dir = new URL('../../../core/schema/', import.meta.url);
const TOOL_ID = 'https://mcp-trust.dev/schema/tool-annotations.schema.json';
const DATA_ID = 'https://mcp-trust.dev/schema/data-annotations.schema.json';

const ajv = new Ajv2020({ strict: true, allErrors: true });
for (const file of ['tool-annotations.schema.json', 'data-annotations.schema.json']) {
  ajv.addSchema(JSON.parse(readFileSync(new URL(file, dir), 'utf8')));
}

function get(ref: string): ValidateFunction {
  const v = ajv.getSchema(ref);
  if (v === undefined) throw new Error(`no schema at ${ref}`);
  return v;
}

/** Validates a tool's `annotations` (tools/list or a tools/resolve answer). */
export const validToolAnnotations = get(TOOL_ID);
/** Validates a `_meta` object carrying data annotations (a result's, a block's, a request's). */
export const validDataMeta = get(DATA_ID);

/** Ajv's errors, readable in a failed expectation. */
export function errorsOf(v: ValidateFunction): string {
  return JSON.stringify(v.errors ?? []);
}
