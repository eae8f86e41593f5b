import type { DataLabel } from '@mcp-trust/core';
import { BOTTOM, makeLabel } from '@mcp-trust/core';
import type { AnnotationFacts, LabelFacts } from '@mcp-trust/policy';

/**
 * Labels as policies see them. Labels are immutable and interned, so each label's facts are built
 * once and shared (frozen) by every decision that sees that label.
 */

const labelCache = new WeakMap<DataLabel, LabelFacts>();
const annotationCache = new WeakMap<DataLabel, AnnotationFacts>();

/** What a label that could not be read counts as: open-world, sources and classes unknown. */
export const FAIL_CLOSED: DataLabel = makeLabel({
  openWorld: true,
  sources: ['unknown'],
  sensitivity: ['unknown'],
});

export function labelFacts(label: DataLabel): LabelFacts {
  let f = labelCache.get(label);
  if (f === undefined) {
    f = Object.freeze({
      openWorld: label.openWorld,
      malicious: label.malicious,
      private: label.private,
      sensitiveLevel: label.sensitiveLevel,
      sources: Object.freeze([...label.sources]) as string[],
      sensitivity: Object.freeze([...label.sensitivity]) as string[],
      attribution: Object.freeze([...label.attribution]) as string[],
    });
    labelCache.set(label, f);
  }
  return f;
}

/**
 * A label as SEP-1913 data annotations (`params._meta.annotations` on a request, or
 * `_meta.annotations` on a result), every key present. What a server is actually sent depends on
 * its `share` setting; policies see the whole label's annotations either way, so that a privacy
 * setting can never switch a rule off.
 */
export function annotationFacts(label: DataLabel): AnnotationFacts {
  let f = annotationCache.get(label);
  if (f === undefined) {
    f = Object.freeze({
      openWorldHint: label.openWorld || label.sources.includes('untrustedPublic'),
      maliciousActivityHint: label.malicious,
      privateHint: label.private,
      sensitiveHint: label.sensitiveLevel,
      attribution: Object.freeze([...label.attribution]) as string[],
    });
    annotationCache.set(label, f);
  }
  return f;
}

export const BOTTOM_FACTS: LabelFacts = labelFacts(BOTTOM);
export const BOTTOM_ANNOTATIONS: AnnotationFacts = annotationFacts(BOTTOM);
