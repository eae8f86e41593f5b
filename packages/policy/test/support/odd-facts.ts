import type { Facts } from '@mcp-trust/policy';
import fc from 'fast-check';

/**
 * Facts not of the promised shape, for checking that generated code gives up (and the closures
 * decide) rather than reading them differently: a map that is a list, a field inherited rather
 * than own, objects without a prototype or with another one, a list that is a string or a map,
 * a bool that is a number, a field that is undefined.
 */

type Mutation = (f: Record<string, unknown>) => void;

const anyArg = (f: Record<string, unknown>) => {
  const args = f.args as Record<string, Record<string, unknown>>;
  const name = Object.keys(args)[0];
  return name === undefined ? undefined : { args, name };
};

const MUTATIONS: Record<string, Mutation> = {
  'args is a list': (f) => {
    f.args = Object.values(f.args as object);
  },
  'an argument inherits endorsed and role': (f) => {
    const a = anyArg(f);
    if (a === undefined) return;
    const { endorsed, role, ...own } = a.args[a.name]!;
    a.args[a.name] = Object.assign(Object.create({ endorsed, role }), own);
  },
  'tool has no prototype': (f) => {
    f.tool = Object.assign(Object.create(null), f.tool);
  },
  'facts are a class instance': (f) => {
    const label = (f.session as Record<string, unknown>).label;
    (f.session as Record<string, unknown>).label = Object.assign(new (class Label {})(), label);
  },
  'destination is a string': (f) => {
    (f.tool as Record<string, unknown>).destination = 'public';
  },
  'sensitivity is a map': (f) => {
    ((f.session as Record<string, unknown>).label as Record<string, unknown>).sensitivity = {
      credentials: 1,
    };
  },
  'a hint is a number': (f) => {
    ((f.tool as Record<string, unknown>).hints as Record<string, unknown>).privilegedAccessHint = 1;
  },
  'a role is a number': (f) => {
    const a = anyArg(f);
    if (a !== undefined) a.args[a.name]!.role = 5;
  },
  'an argument is undefined': (f) => {
    const a = anyArg(f);
    if (a !== undefined) a.args[a.name] = undefined as never;
  },
  'a label is missing': (f) => {
    const a = anyArg(f);
    if (a !== undefined) delete a.args[a.name]!.label;
  },
  'the response is null': (f) => {
    f.response = null;
  },
  'Object.prototype has the field': (f) => {
    // Simulated per object (a real pollution would leak into other tests): a prototype that
    // has `openWorld`, as a polluted Object.prototype would.
    const s = f.session as Record<string, unknown>;
    const { openWorld: _, ...rest } = s.label as Record<string, unknown>;
    s.label = Object.assign(Object.create({ openWorld: true }), rest);
  },
};

/** Complete facts with one oddity applied (a deep copy: the input is not touched). */
export function oddFacts(complete: fc.Arbitrary<Facts>): fc.Arbitrary<{ oddity: string; facts: Facts }> {
  return fc.tuple(complete, fc.constantFrom(...Object.keys(MUTATIONS))).map(([f, oddity]) => {
    const copy = structuredClone(f) as unknown as Record<string, unknown>;
    MUTATIONS[oddity]!(copy);
    return { oddity, facts: copy as unknown as Facts };
  });
}
