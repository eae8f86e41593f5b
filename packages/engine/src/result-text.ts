/**
 * The text of a result, as the model will read it: every string leaf of its content blocks (and
 * embedded resources) and of `structuredContent`, with the name of the field it sat in. Results
 * come from servers we may not trust, so the walk is bounded (depth, leaves, characters) and
 * survives throwing getters and proxies.
 */

export type LeafSink = (text: string, field: string) => void;

const MAX_DEPTH = 16;
const MAX_LEAVES = 20_000;
export const MAX_RESULT_CHARS = 1_000_000;
// Binary payloads and protocol fields say nothing the model reads as text.
const SKIP = new Set(['type', 'mimeType', 'data', 'blob', '_meta', 'annotations']);
const JSONISH = /^\s*[[{]/;

interface Budget {
  leaves: number;
  chars: number;
  skip: ReadonlySet<string>;
}

const NO_SKIP: ReadonlySet<string> = new Set();

/** Walk the result's string leaves; returns false when a bound was hit or something threw. */
export function walkResultText(result: unknown, sink: LeafSink): boolean {
  const budget: Budget = { leaves: MAX_LEAVES, chars: MAX_RESULT_CHARS, skip: SKIP };
  try {
    if (typeof result !== 'object' || result === null) return false;
    const r = result as Record<string, unknown>;
    let ok = true;
    for (const key of ['content', 'contents', 'structuredContent']) {
      if (Object.hasOwn(r, key)) ok = walk(r[key], key, 0, budget, sink) && ok;
    }
    return ok;
  } catch {
    return false;
  }
}

/** The string (and number) leaves of any value, every key included: how arguments are read. */
export function walkValue(value: unknown, field: string, sink: LeafSink): boolean {
  try {
    return walk(value, field, 0, { leaves: MAX_LEAVES, chars: MAX_RESULT_CHARS, skip: NO_SKIP }, sink);
  } catch {
    return false;
  }
}

function walk(value: unknown, field: string, depth: number, budget: Budget, sink: LeafSink): boolean {
  if (typeof value === 'string') return leaf(value, field, depth, budget, sink);
  if (typeof value === 'number' || typeof value === 'bigint') {
    return leaf(String(value), field, depth, budget, sink);
  }
  if (typeof value !== 'object' || value === null) return true;
  if (depth >= MAX_DEPTH) return false;
  let ok = true;
  if (Array.isArray(value)) {
    const n = Math.min(value.length, budget.leaves);
    for (let i = 0; i < n && budget.leaves > 0; i++)
      ok = walk(value[i], field, depth + 1, budget, sink) && ok;
    return ok && n === value.length;
  }
  for (const key of Object.keys(value)) {
    if (budget.leaves <= 0) return false;
    if (budget.skip.has(key)) continue;
    ok = walk((value as Record<string, unknown>)[key], key, depth + 1, budget, sink) && ok;
  }
  return ok;
}

function leaf(text: string, field: string, depth: number, budget: Budget, sink: LeafSink): boolean {
  if (budget.leaves <= 0 || budget.chars <= 0) return false;
  budget.leaves--;
  const cut = text.length > budget.chars ? text.slice(0, budget.chars) : text;
  budget.chars -= cut.length;
  // Many servers answer with JSON in a text block: its fields are as telling as structuredContent's.
  if (cut.length > 1 && JSONISH.test(cut)) {
    const parsed = tryParse(cut);
    if (parsed !== undefined) return walk(parsed, field, depth + 1, budget, sink) && cut === text;
  }
  sink(cut, field);
  return cut === text;
}

function tryParse(text: string): object | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null ? v : undefined;
  } catch {
    return undefined;
  }
}
