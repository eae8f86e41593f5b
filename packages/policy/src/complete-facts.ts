import { annotationFactsOf, defaultArgFacts, defaultFacts, joinLabelFacts } from './default-facts.js';
import type { AnnotationFacts, ArgFacts, Facts, LabelFacts } from './facts.js';

/** Every field optional, all the way down; lists are given whole. */
export type DeepPartial<T> = T extends readonly (infer U)[]
  ? readonly U[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isPlain(base) || !isPlain(over)) return over;
  const out: Plain = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = merge(base[k], v);
  return out;
}

/**
 * Partial facts (a `policy test` case, a hand-written example) completed onto `defaultFacts()`.
 * Each argument is completed onto a bottom argument. Where the partial leaves them out,
 * `argsLabel` is the join of the arguments' labels, and the request and response annotations
 * are those of the session and response labels, as the engine derives them.
 */
export function completeFacts(partial: DeepPartial<Facts> = {}): Facts {
  const facts = merge(defaultFacts(), { ...partial, args: undefined }) as Facts;
  const args: Record<string, ArgFacts> = {};
  for (const [name, arg] of Object.entries(partial.args ?? {})) {
    args[name] = merge(defaultArgFacts(), arg) as ArgFacts;
  }
  facts.args = args;
  if (partial.argsLabel === undefined)
    facts.argsLabel = joinLabelFacts(Object.values(args).map((a) => a.label));
  if (partial.request?.annotations === undefined) {
    facts.request = { annotations: annotationFactsOf(facts.session.label) };
  } else {
    facts.request = {
      annotations: merge(
        annotationFactsOf(facts.session.label),
        partial.request.annotations,
      ) as AnnotationFacts,
    };
  }
  const response = facts.response.label as LabelFacts;
  if (partial.response?.annotations === undefined) facts.response.annotations = annotationFactsOf(response);
  return facts;
}
