import type { z } from 'zod';
import { normaliseScope } from './data-class.js';
import type { DataLabel } from './label.js';
import { makeLabel } from './label.js';
import type { Problem } from './problem.js';
import { childPath, problem } from './problem.js';
import { DataLabelSchema } from './schemas.js';

export interface ParsedDataLabel {
  /** The label in canonical form; absent when the input was not a label. */
  label?: DataLabel;
  problems: Problem[];
}

const CODE = 'invalid-label';
const REGULATED_PREFIX = 'regulated:';
// A corrupt or hostile value can have any number of bad entries; a few say enough.
const MAX_PROBLEMS = 20;

/**
 * Read a label back from serialised state (a store, a trace): `json` is the parsed JSON value.
 * Never throws. A value that is not a whole, valid label yields no label, only problems — the
 * caller must then fail closed, since guessing a label could launder taint. What it accepts comes
 * back canonical: sets sorted and deduplicated, regulated scopes upper-cased, and open-world set
 * whenever `untrustedPublic` is among the sources.
 */
export function parseDataLabel(json: unknown): ParsedDataLabel {
  let parsed: ReturnType<typeof DataLabelSchema.safeParse>;
  try {
    parsed = DataLabelSchema.safeParse(json);
  } catch (error) {
    // Getters and proxies can throw mid-parse; a restore must survive them.
    return { problems: [problem('$', CODE, `the label could not be read: ${describeError(error)}`)] };
  }
  if (!parsed.success) return { problems: problemsOf(parsed.error.issues) };
  const { sensitivity, ...rest } = parsed.data;
  return { label: makeLabel({ ...rest, sensitivity: sensitivity.map(canonicalTag) }), problems: [] };
}

function canonicalTag<T extends string>(tag: T): T {
  if (!tag.startsWith(REGULATED_PREFIX)) return tag;
  return `${REGULATED_PREFIX}${normaliseScope(tag.slice(REGULATED_PREFIX.length))}` as T;
}

function problemsOf(issues: readonly z.core.$ZodIssue[]): Problem[] {
  const out: Problem[] = [];
  for (const issue of issues) {
    const path = issue.path.reduce<string>(
      (p, key) => childPath(p, typeof key === 'number' ? key : String(key)),
      '$',
    );
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push(problem(childPath(path, key), CODE, 'not a field of a label'));
    } else {
      out.push(problem(path, CODE, issue.message));
    }
  }
  if (out.length <= MAX_PROBLEMS) return out;
  const dropped = out.length - MAX_PROBLEMS;
  return [...out.slice(0, MAX_PROBLEMS), problem('$', CODE, `${dropped} more problems not listed`)];
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : typeof error;
  } catch {
    return 'unknown error';
  }
}
