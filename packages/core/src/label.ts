import type { DataClass, SensitivityTag } from './data-class.js';
import { tagsOfDataClass } from './data-class.js';
import type { SensitiveLevel, Source, Unknown } from './enums.js';
import { setOf } from './sets.js';

/**
 * What is known about a piece of data: a result, an argument, or a whole agent session.
 * Sets are sorted and duplicate-free (see `sets.ts`); labels are immutable values.
 */
export interface DataLabel {
  /** From (or possibly from) an untrusted, open-world source: prompt injection may be in it. */
  readonly openWorld: boolean;
  /** Someone detected or suspects malicious activity in it. */
  readonly malicious: boolean;
  /** #711 `privateHint`: internal or private to an organisation. */
  readonly private: boolean;
  /** #711 `sensitiveHint`. */
  readonly sensitiveLevel: SensitiveLevel;
  /** Where it came from; `unknown` where nobody trusted said. */
  readonly sources: readonly (Source | Unknown)[];
  /** Which data classes it holds; `unknown` where nobody trusted said. Empty = `none`. */
  readonly sensitivity: readonly SensitivityTag[];
  /** URIs of its origins, for audit. */
  readonly attribution: readonly string[];
}

/** The label of nothing: the lattice's bottom, the start of every session. */
export const BOTTOM: DataLabel = Object.freeze({
  openWorld: false,
  malicious: false,
  private: false,
  sensitiveLevel: 'none',
  sources: Object.freeze([]) as readonly (Source | Unknown)[],
  sensitivity: Object.freeze([]) as readonly SensitivityTag[],
  attribution: Object.freeze([]) as readonly string[],
});

export interface LabelInit {
  openWorld?: boolean;
  malicious?: boolean;
  private?: boolean;
  sensitiveLevel?: SensitiveLevel;
  sources?: Iterable<Source | Unknown>;
  /** Tags, or wire data classes. */
  sensitivity?: Iterable<SensitivityTag | DataClass>;
  attribution?: Iterable<string>;
}

/** Build a label in canonical form. Sources that include `untrustedPublic` make it open-world. */
export function makeLabel(init: LabelInit = {}): DataLabel {
  const sources = setOf(init.sources ?? []);
  const tags: SensitivityTag[] = [];
  for (const s of init.sensitivity ?? []) {
    if (typeof s === 'string' && s !== 'none') tags.push(s as SensitivityTag);
    else if (typeof s !== 'string') tags.push(...tagsOfDataClass(s));
  }
  return {
    openWorld: init.openWorld === true || sources.includes('untrustedPublic'),
    malicious: init.malicious === true,
    private: init.private === true,
    sensitiveLevel: init.sensitiveLevel ?? 'none',
    sources,
    sensitivity: setOf(tags),
    attribution: setOf(init.attribution ?? []),
  };
}
