import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  DATA_SCHEMA_FILE,
  readSchema,
  readSchemaText,
  TOOL_SCHEMA_FILE,
} from './support/json-schemas.js';

/**
 * SHA-256 of each published schema's canonical JSON (keys sorted, no whitespace), so reformatting
 * does not trip the pin but any change to what the schema says does. Consumers fetch these files
 * by `$id`; a change must be deliberate.
 */
const PINS: Readonly<Record<string, string>> = {
  [TOOL_SCHEMA_FILE]: '817a471f131161bb7ec1a2063b27d5bc2721b6f7794812a5b709dba68f930df0',
  [DATA_SCHEMA_FILE]: '940f924dd5b6324b75f7d1f01ad568b00c2f14fc8283f5cbdd1217bda25d82b0',
};

function digest(file: string): string {
  return createHash('sha256')
    .update(canonicalJson(readSchema(file)))
    .digest('hex');
}

describe('published JSON Schemas are pinned', () => {
  it.each(Object.keys(PINS))('%s', (file) => {
    const actual = digest(file);
    expect(
      actual,
      `The published schema packages/core/schema/${file} changed. If that was deliberate, set its pin in ` +
        `packages/core/test/schema-pin.test.ts to ${actual}, update docs/schema.md, and say so in the changelog: ` +
        'consumers validate against this file by its $id.',
    ).toBe(PINS[file]);
  });

  it('pins meaning, not formatting', () => {
    const file = TOOL_SCHEMA_FILE;
    const reformatted = JSON.stringify(JSON.parse(readSchemaText(file)), null, 4);
    const reordered = Object.fromEntries(Object.entries(JSON.parse(reformatted) as object).reverse());
    expect(canonicalJson(reordered)).toBe(canonicalJson(readSchema(file)));
    expect(canonicalJson({ ...readSchema(file), title: 'changed' })).not.toBe(
      canonicalJson(readSchema(file)),
    );
  });
});
