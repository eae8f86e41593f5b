import type { ReadResult, ToolClaims } from '@mcp-trust/core';
import { readToolAnnotations } from '@mcp-trust/core';

/**
 * A `tools/resolve` answer as a driver hands it over: the resolved tool's `annotations` (any
 * dialect), or the tool (`{name, annotations}`), or the whole result (`{tool: {…}}`). Neither
 * `tool` nor `annotations` is an annotation key, so unwrapping them cannot misread annotations.
 */
export function readResolved(resolved: unknown): ReadResult<ToolClaims> {
  let value = resolved;
  let path = '$';
  try {
    if (isObject(value) && Object.hasOwn(value, 'tool') && isObject(value.tool)) {
      value = value.tool;
      path = '$.tool';
    }
    if (isObject(value) && Object.hasOwn(value, 'annotations')) {
      value = value.annotations;
      path = `${path}.annotations`;
    }
  } catch {
    // A hostile object: read what we have; the reader reports what it cannot read.
  }
  return readToolAnnotations(value, path);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
