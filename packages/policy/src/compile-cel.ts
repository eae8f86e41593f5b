import type { ParseResult } from '@marcbachmann/cel-js';
import { celEnvironment } from './cel-environment.js';
import { celToClosure } from './cel-to-closure.js';
import type { EvalContext } from './eval-context.js';
import type { ProblemCode } from './problems.js';

/** A compiled CEL expression, run against one decision's context. */
export type CelProgram = (context: EvalContext) => unknown;

export type CelCompileResult =
  | { ok: true; program: CelProgram; type: string }
  | { ok: false; code: ProblemCode; message: string; index?: number };

interface CelError {
  code?: string;
  summary?: string;
  message: string;
  range?: { start: number };
}

function failure(code: ProblemCode, error: CelError): CelCompileResult {
  const message = error.summary ?? error.message.split('\n')[0] ?? 'invalid expression';
  const index = error.range?.start;
  return index === undefined ? { ok: false, code, message } : { ok: false, code, message, index };
}

/** A misspelt fact is reported as such, whether in CEL or in `conditions`. */
function codeOf(error: CelError | undefined): ProblemCode {
  if ((error as { name?: string } | undefined)?.name === 'ParseError') return 'cel-parse';
  return error?.code === 'no_such_key' || error?.code === 'unknown_variable' ? 'unknown-fact' : 'cel-type';
}

/**
 * Parse and type-check once, at load; evaluation then runs the parsed program. A parse error and
 * a type error are told apart, and carry the offset inside the expression where cel-js gives one.
 */
export function compileCel(expression: string): CelCompileResult {
  let parsed: ParseResult;
  try {
    parsed = celEnvironment().parse(expression);
  } catch (error) {
    return failure('cel-parse', error as CelError);
  }
  const checked = parsed.check();
  if (!checked.valid) {
    const error = checked.error as CelError | undefined;
    return failure(codeOf(error), error ?? { message: 'type check failed' });
  }
  const closure = celToClosure(parsed.ast);
  const program: CelProgram = closure
    ? (context) => closure(context.scope)
    : (context) => parsed(context.cel());
  return { ok: true, program, type: checked.type ?? 'dyn' };
}
