/**
 * Errors as data. Readers, validators and checks never throw on bad input: they return the
 * conservative value and a list of problems, each with a JSON path (`$.annotations.inputMetadata`)
 * and a stable code that tools and tests can match on.
 */

export type Severity = 'error' | 'warning' | 'info';

export interface Problem {
  /** JSON path of the offending value, rooted at `$` (the object the reader was given). */
  readonly path: string;
  readonly code: string;
  readonly message: string;
  readonly severity: Severity;
}

export function problem(path: string, code: string, message: string, severity: Severity = 'error'): Problem {
  return { path, code, message, severity };
}

/** `$.a` + `b` → `$.a.b`; keys that are not identifiers are bracketed: `$.a["io.x/y"]`, `$.a[0]`. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}
