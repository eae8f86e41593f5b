import { BOTTOM, defaultContract, HINT_NAMES } from '@mcp-trust/core';
import type { AnnotationFacts, ArgFacts, Facts, LabelFacts } from './facts.js';

/**
 * Facts with every field present: bottom labels, an empty session, and a tool nobody declared
 * anything for (every possible set full, `declared.*` false, no annotations) — what the engine
 * builds for an unknown tool, so a case that leaves the tool out is judged as that tool would be.
 */

/** Core's bottom label, in the plain (mutable) form facts hold. */
export function bottomLabelFacts(): LabelFacts {
  return {
    ...BOTTOM,
    sources: [...BOTTOM.sources],
    sensitivity: [...BOTTOM.sensitivity],
    attribution: [...BOTTOM.attribution],
  };
}

export function bottomAnnotationFacts(): AnnotationFacts {
  return {
    openWorldHint: false,
    maliciousActivityHint: false,
    privateHint: false,
    sensitiveHint: 'none',
    attribution: [],
  };
}

export function defaultArgFacts(): ArgFacts {
  return { value: null, label: bottomLabelFacts(), endorsed: false, role: '' };
}

const allFalse = (): Record<string, boolean> => Object.fromEntries(HINT_NAMES.map((h) => [h, false]));

export function defaultFacts(): Facts {
  // Core's contract for a tool nobody declared anything for: the one definition of "unknown".
  const unknown = defaultContract('tool');
  return {
    phase: 'call',
    tool: {
      name: unknown.tool,
      server: 'server',
      destination: [...unknown.destination],
      outcomes: [...unknown.outcomes],
      inputSensitivity: [...unknown.inputSensitivity],
      returnSource: [...unknown.returnSource],
      returnSensitivity: [...unknown.returnSensitivity],
      declared: { ...unknown.declared },
      hints: allFalse(),
      hintSet: allFalse(),
      sensitiveLevel: 'none',
      attribution: [],
      annotations: {},
    },
    server: { name: 'server', trust: 'untrusted' },
    args: {},
    argsLabel: bottomLabelFacts(),
    session: { id: 'default', label: bottomLabelFacts(), calls: 0, results: 0, escalations: 0, blocks: 0 },
    request: { annotations: bottomAnnotationFacts() },
    response: { label: bottomLabelFacts(), annotations: bottomAnnotationFacts() },
  };
}

/** The annotations SEP-1913 writes for a label, as `request`/`response` facts hold them. */
export function annotationFactsOf(label: LabelFacts): AnnotationFacts {
  return {
    openWorldHint: label.openWorld,
    maliciousActivityHint: label.malicious,
    privateHint: label.private,
    sensitiveHint: label.sensitiveLevel,
    attribution: [...label.attribution],
  };
}

const LEVELS = ['none', 'low', 'medium', 'high'];
const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])].sort();

/** The join of labels (as core's `join`, over the plain facts form). */
export function joinLabelFacts(labels: readonly LabelFacts[]): LabelFacts {
  return labels.reduce(
    (a, b) => ({
      openWorld: a.openWorld || b.openWorld,
      malicious: a.malicious || b.malicious,
      private: a.private || b.private,
      sensitiveLevel:
        LEVELS.indexOf(a.sensitiveLevel) >= LEVELS.indexOf(b.sensitiveLevel)
          ? a.sensitiveLevel
          : b.sensitiveLevel,
      sources: union(a.sources, b.sources),
      sensitivity: union(a.sensitivity, b.sensitivity),
      attribution: union(a.attribution, b.attribution),
    }),
    bottomLabelFacts(),
  );
}
