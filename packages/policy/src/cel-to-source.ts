import type { ASTNode } from '@marcbachmann/cel-js';
import { operands } from './cel-ast.js';
import { Unsupported } from './closure-types.js';
import { emitPath, emitVariable } from './source-access.js';
import { emitCall, emitList, emitMethod } from './source-calls.js';
import { emitBinary } from './source-operators.js';
import type { Emit, Emitted, Place } from './source-unit.js';
import { asBool, emitLiteral, Frame, Unit } from './source-unit.js';

/**
 * Code generation for CEL: a type-checked cel-js AST becomes the source of one JS function,
 * built once at load with `new Function` (source-program.ts). Each rule then has its own
 * function, with its own property reads and inlined operators, which V8 specialises to the
 * facts' shapes; closures (cel-to-closure.ts) share their code and so their call sites.
 *
 * **Generated code is optimistic.** It must give CEL's value whenever it returns; anything it
 * does not expect (an error, a missing key, a value of the wrong type, an odd shape) makes it
 * throw, and the program then runs the closure path, which decides exactly as cel-js does
 * (test/cel-to-closure.test.ts), errors and all. So it has no error absorption of its own:
 * `a && b` is JS `&&` on checked bools, since whenever both are bools the two agree. Evaluation
 * is pure, so running the closures after a bail-out gives what they alone would have.
 *
 * **Security.** Policy files are operator-trusted, but the generator treats rule text as
 * untrusted input; text reaches the generated source only as data, never as code:
 * - code is generated from the checked AST only, never from expression text;
 * - identifiers in the source are the generator's own (`t3`, `v0`, `m2`, `rt.field`); CEL
 *   variable names, field names and map keys are never emitted as identifiers: a macro
 *   variable becomes a numbered slot, a field or key is a bracket access with a
 *   `JSON.stringify`-ed string, a top-level fact must be one of the schema's (`ROOT_FIELDS`);
 * - a literal is emitted only after its JS type is checked: a string by `JSON.stringify`, a bool
 *   or null as the keyword, a finite number by `String()` of a `number`, an int by `String()` of a
 *   `bigint` with `n`; any other literal is not generated;
 * - operators, methods and helpers come from fixed tables here; anything else (and any node
 *   the generator does not know) throws `Unsupported`, and the expression keeps the closure
 *   path (which itself falls back to cel-js), never something unchecked;
 * - the function is built in the global scope and reaches only `rt` (source-runtime.ts).
 */

/** Source giving `ast`'s value from the facts `f`, or undefined where the generator does not go. */
export function celToSource(ast: ASTNode): Generated | undefined {
  return attempt((place) => emit(ast, place));
}

/** The `&&` of several expressions (a rule's operands once its phase guard holds). */
export function celConjunctionSource(parts: readonly ASTNode[]): Generated | undefined {
  return attempt((place) => emitJunction('&&', parts, place));
}

export interface Generated {
  /** Declarations shared by every call (constant lists, macro functions). */
  readonly head: string;
  /** The `let` of the temporaries `value` uses. */
  readonly locals: string;
  /** An expression over `f` (the facts) and the temporaries: the value. */
  readonly value: string;
  /** Whether the value is known to be a JS bool. */
  readonly bool: boolean;
}

function attempt(build: (place: Place) => Emitted): Generated | undefined {
  const unit = new Unit();
  const frame = new Frame();
  try {
    const out = build({ unit, frame, bound: [] });
    return { head: unit.head.join('\n'), locals: frame.declare(), value: out.code, bool: out.bool };
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

const emit: Emit = (node, place) => {
  switch (node.op) {
    case 'value':
      return emitLiteral(node.args);
    case 'id':
      return emitVariable(node, place);
    case '.':
    case '[]':
      return emitPath(node, place, emit);
    case '&&':
    case '||':
      return emitJunction(node.op, operands(node, node.op), place);
    case '!_':
      return { code: `(!${asBool(emit(node.args, place), place)})`, bool: true };
    case '?:': {
      const [c, a, b] = node.args.map((n: ASTNode) => emit(n, place)) as [Emitted, Emitted, Emitted];
      return { code: `(${asBool(c, place)} ? ${a.code} : ${b.code})`, bool: a.bool && b.bool };
    }
    case 'list':
      return emitList(node.args, place, emit);
    case '==':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
    case 'in':
      return emitBinary(node.op, node.args[0], node.args[1], place, emit);
    case 'call':
      return emitCall(node, place, emit);
    case 'rcall':
      return emitMethod(node, place, emit);
    default:
      throw new Unsupported(node.op);
  }
};

/** With every operand a bool, JS's short-circuit is CEL's commutative `&&`/`||`. */
function emitJunction(op: '&&' | '||', parts: readonly ASTNode[], place: Place): Emitted {
  if (parts.length === 0) return { code: op === '&&' ? 'true' : 'false', bool: true };
  const code = parts.map((p) => asBool(emit(p, place), place)).join(` ${op} `);
  return { code: `(${code})`, bool: true };
}
