import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { LintFinding } from './finding.js';
import { segmentsOfPointer } from './json-places.js';

const TOOL_SCHEMA_ID = 'https://mcp-trust.dev/schema/tool-annotations.schema.json';
let validator: ValidateFunction | undefined;

/** The published SEP-1913 tool-annotations schema (the one `docs/schema.md` describes), compiled once. */
function toolAnnotationsValidator(): ValidateFunction {
  if (validator !== undefined) return validator;
  const require = createRequire(import.meta.url);
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  for (const file of ['tool-annotations', 'data-annotations']) {
    const path = require.resolve(`@mcp-trust/core/schema/${file}.schema.json`);
    ajv.addSchema(JSON.parse(readFileSync(path, 'utf8')) as object);
  }
  const v = ajv.getSchema(TOOL_SCHEMA_ID);
  if (v === undefined) throw new Error(`the tool-annotations schema (${TOOL_SCHEMA_ID}) did not load`);
  validator = v;
  return v;
}

/** The tool's `annotations` against the JSON Schema: one error finding per schema error. */
export function schemaFindings(tool: string, index: number, annotations: unknown): LintFinding[] {
  if (annotations === undefined) return [];
  const validate = toolAnnotationsValidator();
  if (validate(annotations)) return [];
  return dedupe(validate.errors ?? []).map((e) => ({
    tool,
    index,
    rule: `schema/${e.keyword}`,
    level: 'error' as const,
    message: `annotations${e.instancePath === '' ? '' : e.instancePath.replaceAll('/', '.')} ${describe(e)}`,
    path: ['annotations', ...segmentsOfPointer(e.instancePath)],
  }));
}

/**
 * Ajv repeats itself: once per failed `oneOf`/`anyOf` branch and then for the `oneOf` itself. Where
 * a place has a failed `oneOf`/`anyOf`, the first branch's error says what to fix (a value out of
 * its enum, say); the rest are dropped. Elsewhere each keyword at each place is kept once.
 */
function dedupe(errors: readonly ErrorObject[]): ErrorObject[] {
  const branching = new Set(
    errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.instancePath),
  );
  const seen = new Set<string>();
  const out: ErrorObject[] = [];
  for (const e of errors) {
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') continue;
    const key = branching.has(e.instancePath)
      ? e.instancePath
      : `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  // A oneOf whose branches left no error of their own (all passed) still failed: say so.
  for (const e of errors)
    if ((e.keyword === 'oneOf' || e.keyword === 'anyOf') && !seen.has(e.instancePath)) {
      seen.add(e.instancePath);
      out.push(e);
    }
  return out;
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'enum' && Array.isArray(p.allowedValues))
    return `must be one of ${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (e.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string')
    return `has an unknown key ${JSON.stringify(p.additionalProperty)}`;
  if (e.keyword === 'required' && typeof p.missingProperty === 'string')
    return `is missing ${JSON.stringify(p.missingProperty)}`;
  return e.message ?? 'is not valid';
}
