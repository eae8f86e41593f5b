import { describe, expect, it } from 'vitest';
import { formatCatalogProblem, listCatalogOverlays, loadOverlay } from '../src/index.js';

/**
 * Every overlay in packages/catalog/overlays must load without a single error, whoever wrote it:
 * an overlay is the operator's trusted word, and CI is where a mistake in it is caught.
 */
describe('the catalog', () => {
  const names = listCatalogOverlays();

  it('lists its overlays by catalog path', () => {
    expect(names).toContain('filesystem');
    expect(names.every((n) => !n.endsWith('.yaml') && !n.includes('\\'))).toBe(true);
  });

  it.each(names)('%s loads without errors', (name) => {
    const { overlay, problems } = loadOverlay(name);
    const errors = problems.filter((p) => p.severity === 'error').map(formatCatalogProblem);
    expect(errors, errors.join('\n')).toEqual([]);
    expect(overlay?.name).toBe(name);
  });
});

describe('loadOverlay', () => {
  it('tells an unknown catalog name from a path, and never throws', () => {
    expect(loadOverlay('no/such-overlay').problems[0]).toMatchObject({
      code: 'unknown-overlay',
      severity: 'error',
    });
    expect(loadOverlay('./missing.yaml', { baseDir: '/nonexistent' }).problems[0]).toMatchObject({
      code: 'unreadable',
      file: '/nonexistent/missing.yaml',
    });
    expect(loadOverlay('Bad Name!').problems[0]?.code).toBe('unknown-overlay');
  });
});
