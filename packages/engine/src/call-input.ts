import type { Problem } from '@mcp-trust/core';

/**
 * A call as the engine can use it, whatever the driver handed over. Drivers relay what models
 * and servers produce, so a call may be missing fields or be no object at all: it is still
 * decided, with what is wrong recorded, and conservatively (see session.ts: arguments that
 * cannot be read carry the whole session's label).
 */
export interface CallInput {
  id: string;
  server: string;
  tool: string;
  args: Readonly<Record<string, unknown>>;
  /** False when the arguments were not an object (or could not be read). */
  argsOk: boolean;
}

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

export function readCall(call: unknown, problems: Problem[]): CallInput {
  const out: CallInput = { id: '', server: '', tool: '', args: EMPTY, argsOk: true };
  try {
    if (typeof call !== 'object' || call === null || Array.isArray(call)) {
      problems.push(problem('$', 'invalid-call', 'the call is not an object'));
      out.argsOk = false;
      return out;
    }
    const c = call as Record<string, unknown>;
    out.id = text(c.id, '$.id', problems);
    out.server = text(c.server, '$.server', problems);
    out.tool = text(c.tool, '$.tool', problems);
    const args = c.arguments;
    if (args === undefined || args === null) return out;
    if (typeof args !== 'object' || Array.isArray(args)) {
      problems.push(problem('$.arguments', 'invalid-arguments', 'the arguments are not an object'));
      out.argsOk = false;
      return out;
    }
    // Own enumerable keys only, copied once: getters run here, inside the guard, not in policies.
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(args)) copy[key] = (args as Record<string, unknown>)[key];
    out.args = copy;
  } catch {
    problems.push(problem('$', 'unreadable-call', 'reading the call threw'));
    out.argsOk = false;
  }
  return out;
}

function text(v: unknown, path: string, problems: Problem[]): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  problems.push(problem(path, 'invalid-field', `expected a string, got ${v === null ? 'null' : typeof v}`));
  return '';
}

export function problem(
  path: string,
  code: string,
  message: string,
  severity: Problem['severity'] = 'error',
): Problem {
  return { path, code, message, severity };
}
