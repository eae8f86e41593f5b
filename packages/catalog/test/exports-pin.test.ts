import { describe, expect, it } from 'vitest';

/** The runtime surface of @mcp-trust/catalog; a name appearing or disappearing here by accident is a leak or a break. */
const EXPORTS = [
  'CATALOG_DIR',
  'DEFAULT_GATEWAY',
  'DEFAULT_MODE',
  'DEFAULT_PACKS',
  'DEFAULT_SHARE',
  'DEFAULT_STORE',
  'DEFAULT_TRUST',
  'OVERLAY_NAME',
  'SERVER_NAME',
  'defaultConfig',
  'formatCatalogProblem',
  'hasErrors',
  'isOverlayPath',
  'listCatalogOverlays',
  'loadConfig',
  'loadOverlay',
  'parseConfig',
  'parseOverlay',
  'resolveConfig',
];

describe('@mcp-trust/catalog public surface is pinned', () => {
  it('exports exactly the pinned names', async () => {
    const actual = Object.keys(await import('@mcp-trust/catalog')).sort();
    expect(
      actual,
      'update EXPORTS in packages/catalog/test/exports-pin.test.ts if this was deliberate',
    ).toEqual([...EXPORTS].sort());
  });
});
