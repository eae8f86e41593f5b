import type { Generated } from './cel-to-source.js';
import type { EvalContext } from './eval-context.js';
import type { Runtime } from './source-runtime.js';
import { RUNTIME } from './source-runtime.js';

/**
 * Generated source (cel-to-source.ts, conditions-to-source.ts) made into functions, once, at
 * load. A program runs the generated code and, if that throws or (for a `when`) gives no bool,
 * runs `slow`, the exact path, on the same context: so every value, error and error message is
 * the slow path's, and the generated code only has to be right when it returns.
 *
 * Where `new Function` is not allowed (node --disallow-code-generation-from-strings), nothing is
 * built and the caller keeps the slow path.
 */

type Program = (context: EvalContext) => unknown;

/** A program running `generated`, falling back to `slow`; undefined if it cannot be built. */
export function sourceProgram(generated: Generated, slow: Program, mustBeBool: boolean): Program | undefined {
  const check = mustBeBool && !generated.bool ? `if (typeof v === 'boolean') return v;` : 'return v;';
  const source = `"use strict";
${generated.head}
return function generated(c) {
  const f = c.scope.root;
  ${generated.locals}try {
    const v = ${generated.value};
    ${check}
  } catch {}
  return slow(c);
};`;
  return build<Program>(source, slow);
}

/** The generated code alone, without a fallback: it throws where the program would fall back. */
export function rawSource(generated: Generated): ((facts: unknown) => unknown) | undefined {
  const source = `"use strict";
${generated.head}
return function generated(f) {
  ${generated.locals}return ${generated.value};
};`;
  return build(source, undefined);
}

function build<T>(source: string, slow: unknown): T | undefined {
  let factory: (rt: Runtime, slow: unknown) => T;
  try {
    factory = new Function('rt', 'slow', source) as typeof factory;
  } catch (error) {
    // Code generation from strings disabled: keep the slow path. A syntax error is our bug.
    if (error instanceof EvalError) return undefined;
    throw error;
  }
  return factory(RUNTIME, slow);
}
