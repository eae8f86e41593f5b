import type { InputParse, ReturnParse } from './action-metadata-reader.js';
import { mergeParses, readInputMetadata, readReturnMetadata } from './action-metadata-reader.js';
import type { Dialect, ReadResult, ToolClaims } from './claims.js';
import { ACTION_METADATA_KEY, readActionMetadataExtension } from './ext-action-reader.js';
import type { HintName } from './hints.js';
import { isHintName, RISKY_HINT_VALUE, SEP1984_HINTS } from './hints.js';
import { parseAttribution, parseFlag, parseLevel } from './parse-scalars.js';
import { toolSet } from './parse-sets.js';
import { isRecord, keyPath, ReadContext, show } from './read-context.js';

/**
 * A tool's `annotations`, in any mix of dialects, into `ToolClaims`. A bad field is reported and
 * dropped, which leaves it unknown: for a possible set that is the full set, the conservative
 * reading SEP-1913 asks for ("missing annotations are unknown, not safe").
 */

const HINT_DIALECT: ReadonlyMap<HintName, Dialect> = new Map<HintName, Dialect>([
  ['maliciousActivityHint', 'sep1913'],
  ['trustedHint', 'sep1487'],
  ['privateHint', 'issue711'],
  ...SEP1984_HINTS.map((h): [HintName, Dialect] => [h, 'sep1984']),
]);

export function readToolAnnotations(annotations: unknown, path = '$'): ReadResult<ToolClaims> {
  const ctx = new ReadContext('tool', path);
  return ctx.result(readToolClaims(ctx, annotations, path));
}

/** A whole `tools/list` entry. Paths start at `$`, so annotation problems sit under `$.annotations`. */
export function readToolDefinition(tool: unknown): ReadResult<{ name: string; claims: ToolClaims }> {
  const ctx = new ReadContext('tool', '$');
  if (!isRecord(tool)) {
    ctx.wrongType('$', tool, 'a tool object');
    return ctx.result({ name: '', claims: { hints: {} } });
  }
  const raw = ctx.get(tool, 'name', '$');
  let name = '';
  if (raw === undefined) ctx.report('$.name', 'missing-field', 'a tool needs a name');
  else if (typeof raw !== 'string') ctx.wrongType('$.name', raw, 'a string');
  else if (raw.length === 0) ctx.report('$.name', 'invalid-value', 'a tool name cannot be empty');
  else name = raw;
  const claims = readToolClaims(ctx, ctx.get(tool, 'annotations', '$'), '$.annotations');
  return ctx.result({ name, claims });
}

function readToolClaims(ctx: ReadContext, raw: unknown, path: string): ToolClaims {
  const claims: ToolClaims = { hints: {} };
  if (raw === undefined) return claims;
  if (!isRecord(raw)) {
    ctx.wrongType(path, raw, 'an annotations object; ignored');
    return claims;
  }
  let input: InputParse = {};
  let ret: ReturnParse = {};
  for (const key of ctx.keys(raw, path)) {
    const at = keyPath(path, key);
    const value = ctx.get(raw, key, path);
    if (value === undefined) continue;
    if (isHintName(key)) {
      const dialect = HINT_DIALECT.get(key);
      if (dialect !== undefined) ctx.saw(dialect);
      const flag = parseFlag(ctx, value, at, RISKY_HINT_VALUE[key]);
      if (flag !== undefined) claims.hints[key] = flag;
      continue;
    }
    switch (key) {
      case 'title':
        if (typeof value === 'string') claims.title = value;
        else ctx.wrongType(at, value, 'a string; ignored');
        break;
      case 'sensitiveHint': {
        ctx.saw('issue711');
        const level = parseLevel(ctx, value, at);
        if (level !== undefined) claims.sensitiveLevel = level;
        break;
      }
      case 'attribution': {
        ctx.saw('sep1913');
        const attribution = parseAttribution(ctx, value, at);
        if (attribution !== undefined) claims.attribution = attribution;
        break;
      }
      case 'inputMetadata':
        input = mergeParses(ctx, input, readInputMetadata(ctx, value, at, 'sep1913'), at);
        break;
      case 'returnMetadata':
        ret = mergeParses(ctx, ret, readReturnMetadata(ctx, value, at, 'sep1913'), at);
        break;
      case ACTION_METADATA_KEY: {
        const ext = readActionMetadataExtension(ctx, value, at);
        input = mergeParses(ctx, input, ext.input, at);
        ret = mergeParses(ctx, ret, ext.ret, at);
        break;
      }
      default:
        ctx.report(at, 'unknown-key', `${show(key)} is not a known tool annotation; ignored`, 'warning');
    }
  }
  put(claims, 'destination', toolSet(input.destination));
  put(claims, 'outcomes', toolSet(input.outcomes));
  put(claims, 'inputSensitivity', toolSet(input.sensitivity));
  put(claims, 'returnSource', toolSet(ret.source));
  put(claims, 'returnSensitivity', toolSet(ret.sensitivity));
  return claims;
}

function put<K extends keyof ToolClaims>(claims: ToolClaims, key: K, value: ToolClaims[K] | undefined): void {
  if (value !== undefined) claims[key] = value;
}
