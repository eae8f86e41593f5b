/** The four AgentDojo overlays from the catalog, parsed; any problem in them is fatal here. */
import { formatCatalogProblem, loadOverlay } from '../../packages/catalog/src/index.js';
import type { Overlay } from '../../packages/engine/src/index.js';
import type { SuiteName } from './data.js';
import { SUITES } from './data.js';

export function loadSuiteOverlays(): Record<SuiteName, Overlay> {
  const entries = SUITES.map((suite) => {
    const parsed = loadOverlay(`agentdojo/${suite}`);
    const errors = parsed.problems.filter((p) => p.severity === 'error');
    if (parsed.overlay === undefined || errors.length > 0) {
      throw new Error(
        `overlay agentdojo/${suite} does not load:\n${parsed.problems.map(formatCatalogProblem).join('\n')}`,
      );
    }
    return [suite, parsed.overlay] as const;
  });
  return Object.fromEntries(entries) as Record<SuiteName, Overlay>;
}
