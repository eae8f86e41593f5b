import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * SHA-256 of the published config schema's canonical JSON (keys sorted, no whitespace), so that
 * reformatting does not trip the pin but any change to what it says does. Editors fetch it by `$id`.
 */
const PIN = 'b16dc70b8f588f3764be20ed9e33ec435ad4278d4f8282e2ffd53c96c5918eef';

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
