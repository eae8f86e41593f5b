import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * SHA-256 of the published config schema's canonical JSON (keys sorted, no whitespace), so that
 * reformatting does not trip the pin but any change to what it says does. Editors fetch it by `$id`.
 */
const PIN = '79210df3bad448817b9c623cdba8433520ee6c9c10f75e4c04394c17d6ab1937';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

describe('the published config schema is pinned', () => {
  it('config.schema.json', () => {
    const text = readFileSync(new URL('../schema/config.schema.json', import.meta.url), 'utf8');
    const actual = createHash('sha256')
      .update(JSON.stringify(canonical(JSON.parse(text))))
      .digest('hex');
    expect(
      actual,
      'packages/catalog/schema/config.schema.json changed. If that was deliberate, set PIN in ' +
        `packages/catalog/test/schema-pin.test.ts to ${actual} and update docs/configuration.md.`,
    ).toBe(PIN);
  });
});
