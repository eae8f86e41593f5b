import type { ParseResult } from '@marcbachmann/cel-js';
import { phaseGuard } from './cel-ast.js';
import { celEnvironment } from './cel-environment.js';
import type { Closure } from './cel-to-closure.js';
import { celConjunction, celToClosure } from './cel-to-closure.js';
import type { Generated } from './cel-to-source.js';
import { celConjunctionSource, celToSource } from './cel-to-source.js';
import type { EvalContext } from './eval-context.js';
import type { ProblemCode } from './problems.js';
import { sourceProgram } from './source-program.js';

/** A compiled CEL expression, run against one decision's context. */
export type CelProgram = (context: EvalContext) => unknown;

/**
 * A rule can skip this expression in any phase but `phase`; in that phase `program` gives the
 * same as the whole expression (the `phase == '…'` operand left out, as it is true).
 */
export type PhaseGuard = { phase: string; program: CelProgram };

export type CelCompileResult =
  | { ok: true; program: CelProgram; type: string; guard?: PhaseGuard }
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
 * With `mustBeBool` (a rule's `when`), a program that gives anything but a bool throws; checked
 * inside the program rather than around it, as every call layer costs on the hot path.
 */
export function compileCel(expression: string, mustBeBool = false): CelCompileResult {
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
  const type = checked.type ?? 'dyn';
  const closure = celToClosure(parsed.ast);
  const program = closure
    ? fast(celToSource(parsed.ast), fromClosure(closure, mustBeBool), mustBeBool)
    : onCelJs((context) => parsed(context.cel()), mustBeBool);
  const guarded = phaseGuard(parsed.ast);
  if (guarded === undefined) return { ok: true, program, type };
  // On cel-js the guard still tells when to skip; in its phase the whole expression runs.
  const inPhase = closure && celConjunction(guarded.rest);
  const guard: PhaseGuard = {
    phase: guarded.phase,
    program: inPhase
      ? fast(celConjunctionSource(guarded.rest), fromClosure(inPhase, mustBeBool), mustBeBool)
      : program,
  };
  return { ok: true, program, type, guard };
}

/**
 * Generated code where the generator goes (cel-to-source.ts), with the closures behind it: only
 * where there are closures, so that a fallback is never anything less checked.
 */
function fast(generated: Generated | undefined, closure: CelProgram, mustBeBool: boolean): CelProgram {
  return (generated && sourceProgram(generated, closure, mustBeBool)) ?? closure;
}

function fromClosure(closure: Closure, mustBeBool: boolean): CelProgram {
  if (!mustBeBool) return (context) => closure(context.scope);
  return (context) => asBool(closure(context.scope));
}

function onCelJs(program: CelProgram, mustBeBool: boolean): CelProgram {
  return mustBeBool ? (context) => asBool(program(context)) : program;
}

function asBool(value: unknown): boolean {
  if (typeof value !== 'boolean') throw new Error(`'when' gave ${typeof value}, not a bool`);
  return value;
}
