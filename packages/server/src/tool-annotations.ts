import type { Problem, ToolClaims, WireForm } from '@mcp-trust/core';
import { checkToolClaims, readToolAnnotations, writeToolAnnotations } from '@mcp-trust/core';
import { TrustError } from './trust-error.js';
import type { TrustToolAnnotations, TrustToolAnnotationsInit } from './wire-types.js';

/** How to write annotations. */
export interface ToolAnnotationsOptions {
  /** `sep1913` (default): `inputMetadata`/`returnMetadata` at the top level; `extension`: under `io.modelcontextprotocol/action-metadata`. */
  form?: WireForm;
  /** The tool's name, for error messages. */
  tool?: string;
}

/**
 * A tool's `annotations` for `tools/list`, in SEP-1913 form (or the extension form), from a typed
 * declaration. The declaration is read by `@mcp-trust/core`'s reader and written back by its
 * writer, so what goes on the wire is exactly what every mcp-trust reader understands: sets in
 * rank order, one member as a scalar, a partial metadata object completed with full sets.
 *
 * Works with any SDK: the result is a plain JSON object.
 *
 * @throws {TrustError} `invalid-annotations` for anything the reader would not accept (naming the
 *   JSON path), `contradictory-annotations` for claims that contradict each other.
 */
export function toolAnnotations(
  init: TrustToolAnnotationsInit,
  opts: ToolAnnotationsOptions = {},
): TrustToolAnnotations {
  const claims = readDeclaration(
    init,
    opts.tool === undefined ? 'tool' : `tool ${JSON.stringify(opts.tool)}`,
  );
  return writeToolAnnotations(
    claims,
    opts.form === undefined ? {} : { form: opts.form },
  ) as TrustToolAnnotations;
}

/**
 * A declaration (or a resolution) as canonical claims, refusing anything the reader had to guess
 * at. A metadata object may be partial (`missing-field` is the one warning allowed): what it
 * leaves out is unknown.
 */
export function readDeclaration(init: unknown, subject: string): ToolClaims {
  const read = readToolAnnotations(init, 'annotations');
  const bad = read.problems.filter(
    (p) => p.severity === 'error' || (p.severity === 'warning' && p.code !== 'missing-field'),
  );
  if (bad.length > 0) throw new TrustError('invalid-annotations', subject, bad.map(issue));
  const contradictions = checkToolClaims(read.value, 'annotations').filter((p) => p.severity === 'error');
  if (contradictions.length > 0) {
    throw new TrustError('contradictory-annotations', subject, contradictions.map(issue));
  }
  return read.value;
}

function issue(p: Problem) {
  return { path: p.path, message: p.message };
}
