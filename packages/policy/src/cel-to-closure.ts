import type { ASTNode } from '@marcbachmann/cel-js';
import { operands } from './cel-ast.js';
import { compilePath, compileVariable } from './closure-access.js';
import { compileCall, compileList, compileMethod } from './closure-calls.js';
import { conditional, junction, not } from './closure-logic.js';
import { compileBinary } from './closure-operators.js';
import type { Binding, Closure } from './closure-types.js';
import { Unsupported } from './closure-types.js';

/**
 * A fast path for CEL: compile a type-checked cel-js AST into plain JS closures that read the
 * facts as they are (no conversion into CEL values, no per-call interpreter set-up). cel-js
 * spends microseconds per expression on this; a closure spends tens of nanoseconds.
 *
 * Only the part of CEL that rules use is compiled: literals, fact access, comparisons, `in`,
 * `&&`/`||`/`!`/`?:`, `size`, `has`, the string methods `contains`/`startsWith`/`endsWith`, the
 * macros `exists`/`all`/`exists_one`/`filter`, list literals, and our helpers. Anything else
 * returns undefined and the rule runs on cel-js itself. Semantics follow CEL: a missing key is an
 * error; `&&`/`||` and `exists`/`all` absorb an error when the other side decides the result.
 * test/cel-to-closure.test.ts checks every pack expression against cel-js on generated facts.
 *
 * Closures made from the same code share their call sites, which V8 then cannot inline; so the
 * common shapes are compiled into one closure each rather than a tree of small ones: a chain of
 * field reads (closure-access.ts), a whole `&&` chain (closure-logic.ts), a comparison with a
 * literal (closure-operators.ts), a macro's loop (closure-calls.ts).
 */

export type { Closure } from './closure-types.js';

export function celToClosure(ast: ASTNode): Closure | undefined {
  return attempt(() => compile(ast, []));
}

/** The `&&` of several expressions (a rule's operands left once its phase guard is known to hold). */
export function celConjunction(parts: readonly ASTNode[]): Closure | undefined {
  return attempt(() =>
    junction(
      '&&',
      parts.map((p) => compile(p, [])),
    ),
  );
}

function attempt(build: () => Closure): Closure | undefined {
  try {
    return build();
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** `bound` lists the macro variables in scope, outermost first; a name's index is its slot. */
function compile(node: ASTNode, bound: readonly Binding[]): Closure {
  const sub = (n: ASTNode) => compile(n, bound);
  switch (node.op) {
    case 'value': {
      const v = node.args;
      return () => v;
    }
    case 'id':
      return compileVariable(node, bound);
    case '.':
    case '[]':
      return compilePath(node, bound, compile);
    case '&&':
    case '||':
      return junction(node.op, operands(node, node.op).map(sub));
    case '!_':
      return not(sub(node.args));
    case '?:': {
      const [c, a, b] = node.args.map(sub) as [Closure, Closure, Closure];
      return conditional(c, a, b);
    }
    case 'list':
      return compileList(node.args, bound, compile);
    case '==':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
    case 'in':
      return compileBinary(node.op, node.args[0], node.args[1], sub);
    case 'call':
      return compileCall(node, bound, compile);
    case 'rcall':
      return compileMethod(node, bound, compile);
    default:
      throw new Unsupported(node.op);
  }
}
