import type { Severity } from '@mcp-trust/core';

/**
 * A problem in an overlay or configuration file, with its place. `line` and `col` are 1-based
 * and point at the offending YAML node (0 when the file could not be read at all); `path` is the
 * JSON path of the value inside the document (`$.tools.send_money.annotations`).
 */
export interface CatalogProblem {
  file: string;
  line: number;
  col: number;
  path: string;
  code: string;
  message: string;
  severity: Severity;
}

/** `file:line:col: error code: message`, the form editors and terminals link. */
export function formatCatalogProblem(p: CatalogProblem): string {
  const place = p.line > 0 ? `${p.file}:${p.line}:${p.col}` : p.file;
  return `${place}: ${p.severity} ${p.code}: ${p.message}`;
}

export function hasErrors(problems: readonly CatalogProblem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}

/** A key path as a JSON path, bracketing keys that are not identifiers (as core's readers do). */
export function pathString(keys: readonly (string | number)[]): string {
  let out = '$';
  for (const key of keys) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** The inverse of `pathString` (and of core's `childPath`), for mapping core's problem paths back to YAML nodes. */
export function parsePath(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  const step = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  step.lastIndex = path.startsWith('$') ? 1 : 0;
  while (step.lastIndex < path.length) {
    const m = step.exec(path);
    if (m === null) break; // a truncated key (`…`): the place of its parent will do
    if (m[1] !== undefined) keys.push(m[1]);
    else if (m[2] !== undefined) keys.push(Number(m[2]));
    else if (m[3] !== undefined) keys.push(JSON.parse(m[3]) as string);
  }
  return keys;
}
