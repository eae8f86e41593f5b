import type { ArgumentInfo, FieldProvenance, OverlayResolver, ToolOverlay } from '@mcp-trust/engine';
import { readWhen } from './argument-match.js';
import { readFieldProvenance, readOverlayAnnotations } from './overlay-annotations.js';
import type { Path } from './yaml-checks.js';
import { describe, readObject, readRecord, readString } from './yaml-checks.js';
import type { YamlSource } from './yaml-source.js';

const TOOL_KEYS = ['annotations', 'arguments', 'resolve', 'fields'] as const;
const ARGUMENT_KEYS = ['role'] as const;
const RESOLVER_KEYS = ['when', 'annotations'] as const;

/** One `tools.NAME` entry (or `defaults`). `undefined` when anything in it is an error. */
export function readToolOverlay(
  src: YamlSource,
  value: unknown,
  path: Path,
  what: string,
): ToolOverlay | undefined {
  const obj = readObject(src, value, path, what, TOOL_KEYS);
  if (obj === undefined) return undefined;
  const claims =
    obj.annotations === undefined
      ? { hints: {} }
      : readOverlayAnnotations(src, obj.annotations, [...path, 'annotations']);
  const args = obj.arguments === undefined ? {} : readArguments(src, obj.arguments, [...path, 'arguments']);
  const resolvers = obj.resolve === undefined ? [] : readResolvers(src, obj.resolve, [...path, 'resolve']);
  const fields = obj.fields === undefined ? {} : readFields(src, obj.fields, [...path, 'fields']);
  if (claims === undefined || args === undefined || resolvers === undefined || fields === undefined)
    return undefined;
  return Object.keys(fields).length > 0
    ? { claims, arguments: args, resolvers, fields }
    : { claims, arguments: args, resolvers };
}

function readFields(
  src: YamlSource,
  value: unknown,
  path: Path,
): Record<string, FieldProvenance> | undefined {
  const obj = readRecord(src, value, path, '`fields`');
  if (obj === undefined) return undefined;
  const out: Record<string, FieldProvenance> = {};
  let ok = true;
  for (const [name, raw] of Object.entries(obj)) {
    const p = readFieldProvenance(src, raw, [...path, name]);
    if (p === undefined) ok = false;
    else out[name] = p;
  }
  return ok ? out : undefined;
}

function readArguments(
  src: YamlSource,
  value: unknown,
  path: Path,
): Record<string, ArgumentInfo> | undefined {
  const obj = readRecord(src, value, path, '`arguments`');
  if (obj === undefined) return undefined;
  const out: Record<string, ArgumentInfo> = {};
  let ok = true;
  for (const [name, raw] of Object.entries(obj)) {
    const at = [...path, name];
    const info = readObject(src, raw, at, `argument ${JSON.stringify(name)}`, ARGUMENT_KEYS);
    if (info === undefined) {
      ok = false;
      continue;
    }
    const entry: ArgumentInfo = {};
    if (info.role !== undefined) {
      const role = readString(src, info.role, [...at, 'role'], '`role`');
      if (role === undefined) ok = false;
      else entry.role = role;
    }
    out[name] = entry;
  }
  return ok ? out : undefined;
}

function readResolvers(src: YamlSource, value: unknown, path: Path): OverlayResolver[] | undefined {
  if (!Array.isArray(value)) {
    src.report(
      path,
      'invalid-type',
      `\`resolve\` must be a list of {when, annotations}, got ${describe(value)}`,
    );
    return undefined;
  }
  const out: OverlayResolver[] = [];
  value.forEach((raw, i) => {
    const at = [...path, i];
    const obj = readObject(src, raw, at, 'a resolver', RESOLVER_KEYS);
    if (obj === undefined) return;
    if (obj.when === undefined) src.report(at, 'missing-field', 'a resolver needs `when`');
    if (obj.annotations === undefined) src.report(at, 'missing-field', 'a resolver needs `annotations`');
    if (obj.when === undefined || obj.annotations === undefined) return;
    const when = readWhen(src, obj.when, [...at, 'when']);
    const claims = readOverlayAnnotations(src, obj.annotations, [...at, 'annotations']);
    if (when !== undefined && claims !== undefined) out.push({ when, claims });
  });
  return out.length === value.length ? out : undefined;
}
