/**
 * A schema's complaints, said the way a person reads them: `params._meta: expected object,
 * received boolean`, rather than zod's issue tree as indented JSON.
 */
import { errorText } from './wire.js';

interface Issue {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  errors?: Issue[][];
}

/**
 * The schema's issues for the reading the message comes closest to. A JSON-RPC message is a
 * union (request, notification, result, error), whose one issue holds each branch's issues: the
 * closest branch is the one that knows every key the message has, with the fewest issues.
 */
function issuesOf(err: unknown): Issue[] {
  const issues = (err as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? flatten(issues as Issue[]) : [];
}

function flatten(issues: Issue[], prefix: readonly PropertyKey[] = []): Issue[] {
  const out: Issue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code !== 'invalid_union' || !Array.isArray(issue.errors) || issue.errors.length === 0) {
      out.push({ ...issue, path });
      continue;
    }
    const unknownKey = (branch: Issue[]) => branch.some((i) => i.code === 'unrecognized_keys');
    const ranked = [...issue.errors].sort(
      (a, b) => Number(unknownKey(a)) - Number(unknownKey(b)) || a.length - b.length,
    );
    out.push(...flatten(ranked[0]!, path));
  }
  return out;
}

/** Whether every problem is inside `params` (an invalid-params error, not an invalid request). */
export function paramsOnly(err: unknown): boolean {
  const issues = issuesOf(err);
  return issues.length > 0 && issues.every((i) => i.path[0] === 'params');
}

/** The schema's complaints as `path: message`, at most three. */
export function issuesText(err: unknown): string {
  const issues = issuesOf(err);
  if (issues.length === 0) return errorText(err);
  const shown = issues
    .slice(0, 3)
    .map((i) => `${i.path.length === 0 ? '(message)' : i.path.map(String).join('.')}: ${i.message}`);
  return `${shown.join('; ')}${issues.length > 3 ? `; and ${issues.length - 3} more` : ''}`;
}

/**
 * An error's message, with a zod issue list the SDK put in it as JSON (`Invalid tools/call
 * result: [ { … } ]`) said as `path: message` instead.
 */
export function readableError(err: unknown): string {
  if (Array.isArray((err as { issues?: unknown } | null)?.issues)) return issuesText(err);
  return readableMessage(errorText(err));
}

/** `readableError` for a message's text. */
export function readableMessage(text: string): string {
  const m = /^([^[\n]*?):\s*(\[\s*\{[\s\S]*\])\s*$/.exec(text);
  if (m === null) return text;
  try {
    const issues: unknown = JSON.parse(m[2]!);
    return Array.isArray(issues) ? `${m[1]}: ${issuesText({ issues })}` : text;
  } catch {
    return text;
  }
}
