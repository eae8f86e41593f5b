import type { SensitiveLevel } from './enums.js';
import { SENSITIVE_LEVELS } from './enums.js';
import { enumMatcher } from './parse-sets.js';
import type { ReadContext } from './read-context.js';
import { isArray, keyPath, MAX_ATTRIBUTION, show } from './read-context.js';
import { setOf } from './sets.js';

/**
 * Scalar parsing shared by every reader: boolean hints, #711 levels, attribution lists. A bad
 * value is reported, then dropped (tool claims) or read as its risky value (data claims).
 */

/** What a failed value turns into: nothing for tool claims, the risky value for data claims. */
export function failClosed<T>(ctx: ReadContext, risky: T): T | undefined {
  return ctx.mode === 'data' ? risky : undefined;
}

function failNote(ctx: ReadContext, risky: unknown): string {
  return ctx.mode === 'data' ? `; read as ${show(risky)} (fail closed)` : '; ignored';
}

/** A boolean hint. The strings `"true"`/`"false"` are accepted with a `coerced` warning. */
export function parseFlag(ctx: ReadContext, raw: unknown, path: string, risky: boolean): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true' || raw === 'false') {
    ctx.report(path, 'coerced', `the string ${show(raw)} read as a boolean`, 'warning');
    return raw === 'true';
  }
  if (raw !== undefined) ctx.wrongType(path, raw, `a boolean${failNote(ctx, risky)}`);
  return failClosed(ctx, risky);
}

const matchLevel = enumMatcher(SENSITIVE_LEVELS);

export function isLevelString(raw: string): boolean {
  return (SENSITIVE_LEVELS as readonly string[]).includes(raw.toLowerCase());
}

/** #711 `sensitiveHint`: `low|medium|high` (and `none`). A bare boolean says "sensitive" without a level. */
export function parseLevel(ctx: ReadContext, raw: unknown, path: string): SensitiveLevel | undefined {
  if (typeof raw === 'string') {
    const hit = matchLevel(ctx, raw, path);
    if (hit !== undefined) return hit;
    ctx.report(path, 'invalid-value', `${show(raw)} is not low, medium or high${failNote(ctx, 'high')}`);
    return failClosed(ctx, 'high');
  }
  if (typeof raw === 'boolean') {
    const level = raw ? 'high' : 'none';
    ctx.report(path, 'coerced', `a boolean sensitiveHint read as ${show(level)}`, 'warning');
    return level;
  }
  ctx.wrongType(path, raw, `low, medium or high${failNote(ctx, 'high')}`);
  return failClosed(ctx, 'high');
}

/** Attribution URIs. Bad entries are dropped one by one: attribution is provenance, not risk. */
export function parseAttribution(ctx: ReadContext, raw: unknown, path: string): string[] | undefined {
  if (typeof raw === 'string' && raw.length > 0) {
    ctx.report(path, 'coerced', 'a single attribution string read as a list of one', 'warning');
    return [raw];
  }
  if (!isArray(raw)) {
    ctx.wrongType(path, raw, 'an array of URI strings');
    return undefined;
  }
  const items = ctx.items(raw, path, MAX_ATTRIBUTION);
  if (items === undefined) return undefined;
  const out: string[] = [];
  items.forEach((item, i) => {
    if (typeof item === 'string' && item.length > 0) out.push(item);
    else ctx.report(keyPath(path, i), 'invalid-value', `${show(item)} is not a URI string; dropped`);
  });
  return setOf(out);
}
