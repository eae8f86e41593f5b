import type { SensitivityTag } from './data-class.js';
import { DATA_CLASS_NAMES, tagsOfDataClass } from './data-class.js';
import type { SetParse } from './parse-sets.js';
import { enumMatcher, legacyCase, parseMembers } from './parse-sets.js';
import type { ReadContext } from './read-context.js';
import { isArray, isRecord, keyPath, MAX_SET_ITEMS, show } from './read-context.js';

/**
 * A sensitivity (`DataClass | DataClass[]`) into tags. SEP-1913 spells classes in lower case and
 * scopes regulated data (`{regulated: {scopes: ["HIPAA"]}}`); SEP-2061 wrote `"PII"` and a bare
 * `"Regulated"`. A regulated class whose scopes cannot be read is still regulated: the tag
 * `regulated` (regime not named), never dropped, because dropping it would lower risk.
 */

const matchClass = enumMatcher(DATA_CLASS_NAMES, 'sep2061');

export function parseSensitivity(ctx: ReadContext, raw: unknown, path: string): SetParse<SensitivityTag> {
  return parseMembers(ctx, raw, path, dataClassTags, true);
}

function dataClassTags(ctx: ReadContext, item: unknown, path: string): SensitivityTag[] | undefined {
  if (typeof item === 'string') return namedClassTags(ctx, item, path);
  if (isRecord(item)) return regulatedTags(ctx, item, path);
  ctx.wrongType(path, item, 'a data class (a string or {regulated: {scopes}})');
  return undefined;
}

function namedClassTags(ctx: ReadContext, item: string, path: string): SensitivityTag[] | undefined {
  if (item.toLowerCase() === 'regulated') {
    if (item === 'regulated') unscoped(ctx, path);
    else legacyCase(ctx, path, 'value', item, 'regulated', 'sep2061');
    return ['regulated'];
  }
  const name = matchClass(ctx, item, path);
  if (name === undefined) ctx.report(path, 'invalid-value', `${show(item)} is not a data class`);
  return name === undefined ? undefined : tagsOfDataClass(name);
}

function unscoped(ctx: ReadContext, path: string): void {
  ctx.report(path, 'missing-field', 'regulated data needs {regulated: {scopes: [...]}}; read as regulated');
}

function regulatedTags(ctx: ReadContext, obj: object, path: string): SensitivityTag[] | undefined {
  for (const key of ctx.keys(obj, path)) {
    if (key !== 'regulated')
      ctx.report(keyPath(path, key), 'unknown-key', `${show(key)} is not part of a data class`);
  }
  const reg = ctx.get(obj, 'regulated', path);
  const at = keyPath(path, 'regulated');
  if (reg === undefined) {
    ctx.report(path, 'invalid-value', 'an object data class must be {regulated: {scopes}}');
    return undefined;
  }
  if (!isRecord(reg)) {
    ctx.wrongType(at, reg, 'an object {scopes: [...]}; read as regulated');
    return ['regulated'];
  }
  for (const key of ctx.keys(reg, at)) {
    if (key !== 'scopes')
      ctx.report(keyPath(at, key), 'unknown-key', `${show(key)} is not part of regulated`);
  }
  const scopes = ctx.get(reg, 'scopes', at);
  const scopesAt = keyPath(at, 'scopes');
  if (scopes === undefined) {
    unscoped(ctx, at);
    return ['regulated'];
  }
  if (!isArray(scopes)) {
    ctx.wrongType(scopesAt, scopes, 'an array of scope strings; read as regulated');
    return ['regulated'];
  }
  const items = ctx.items(scopes, scopesAt, MAX_SET_ITEMS);
  const named: string[] = [];
  let lost = items === undefined;
  items?.forEach((s, i) => {
    if (typeof s === 'string') named.push(s);
    else {
      ctx.wrongType(keyPath(scopesAt, i), s, 'a scope string; read as regulated');
      lost = true;
    }
  });
  // A scope we could not read may be any regime: the bare tag covers them all.
  const tags = tagsOfDataClass({ regulated: { scopes: named } });
  return lost && !tags.includes('regulated') ? [...tags, 'regulated'] : tags;
}
