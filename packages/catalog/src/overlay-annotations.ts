import type { Problem, ToolClaims } from '@mcp-trust/core';
import { checkToolClaims, readToolAnnotations } from '@mcp-trust/core';
import type { FieldProvenance } from '@mcp-trust/engine';
import { parsePath } from './catalog-problem.js';
import type { Path } from './yaml-checks.js';
import type { YamlSource } from './yaml-source.js';

/**
 * Reader findings that a server may get away with but an overlay may not: an overlay is the
 * operator's trusted word, so a misspelt key or a value the reader had to guess at must be fixed,
 * not silently read as "unknown".
 */
const STRICT_CODES: ReadonlySet<string> = new Set(['unknown-key', 'coerced', 'empty-set', 'duplicate-field']);

/**
 * Annotations in any dialect core reads, as claims. Every reader problem is reported at the YAML
 * node it points to; `checkToolClaims` contradictions are warnings (the policy believes the riskier
 * claim, but the author should fix the other). Returns `undefined` on any error.
 */
export function readOverlayAnnotations(src: YamlSource, value: unknown, path: Path): ToolClaims | undefined {
  const read = readToolAnnotations(value, '$');
  let ok = true;
  for (const p of read.problems) {
    const severity = p.severity === 'warning' && STRICT_CODES.has(p.code) ? 'error' : p.severity;
    if (severity === 'error') ok = false;
    report(src, path, p, severity);
  }
  for (const p of checkToolClaims(read.value, '$')) report(src, path, p, 'warning');
  return ok ? read.value : undefined;
}

function report(src: YamlSource, base: Path, p: Problem, severity: Problem['severity']): void {
  src.report([...base, ...parsePath(p.path)], p.code, p.message, severity);
}

/**
 * One `fields.NAME` entry: `{source, sensitivity}`, read exactly as a `returnMetadata` object
 * (any dialect core reads), both keys required.
 */
export function readFieldProvenance(
  src: YamlSource,
  value: unknown,
  path: Path,
): FieldProvenance | undefined {
  const read = readToolAnnotations({ returnMetadata: value }, '$');
  let ok = true;
  for (const p of read.problems) {
    const severity =
      p.severity === 'warning' && (STRICT_CODES.has(p.code) || p.code === 'missing-field')
        ? 'error'
        : p.severity;
    if (severity === 'error') ok = false;
    const at = parsePath(p.path);
    src.report([...path, ...(at[0] === 'returnMetadata' ? at.slice(1) : at)], p.code, p.message, severity);
  }
  const { returnSource, returnSensitivity } = read.value;
  if (ok && (returnSource === undefined || returnSensitivity === undefined)) {
    src.report(path, 'missing-field', 'a field needs both `source` and `sensitivity`');
    ok = false;
  }
  return ok ? { sources: returnSource!, sensitivity: returnSensitivity! } : undefined;
}
