/**
 * Sessions built from the AgentDojo ground truth.
 *
 * - benign: per user task, its prompt, then its calls with their recorded results, every injection
 *   vector replaced by its benign default;
 * - attacked: per user task, per vector its results carry, per injection task of the suite: the
 *   user task's calls up to and including the first call whose result carries that vector (now
 *   holding the attack text, the other vectors their defaults), then the injection task's calls.
 */

import type { Overlay } from '../../packages/engine/src/index.js';
import { attackText, fillVectors, fillVectorsDeep, vectorsIn } from './attack-text.js';
import type { AgentDojoData, InjectionCall, RecordedCall, SuiteName } from './data.js';
import { DERIVED_INJECTION_CALLS } from './derived-injection-calls.js';
import { isEffectTool } from './effect-calls.js';
import { injectionResults } from './injection-results.js';

export interface TextResult {
  content: { type: 'text'; text: string }[];
  isError: boolean;
}

export interface SessionStep {
  id: string;
  tool: string;
  arguments: Record<string, unknown>;
  result: TextResult;
  /** Whose call: the user task's, or the injected task's. */
  part: 'user' | 'injection';
  /** An injection call that does the attacker's work (see effect-calls.ts); false for user calls. */
  effect: boolean;
}

export interface EvalSession {
  id: string;
  suite: SuiteName;
  kind: 'benign' | 'attacked';
  userTask: string;
  prompt: string;
  steps: SessionStep[];
  /** Attacked sessions only. */
  vector?: string;
  injectionTask?: string;
  attackText?: string;
  /** The injection task's calls were derived from its goal (derived-injection-calls.ts). */
  derived?: boolean;
}

const textResult = (text: string, isError = false): TextResult => ({
  content: [{ type: 'text', text }],
  isError,
});

function userStep(call: RecordedCall, i: number, texts: Readonly<Record<string, string>>): SessionStep {
  const isError = call.error !== null;
  const text = isError ? (call.error ?? '') : fillVectors(call.result ?? '', texts);
  return {
    id: `c${i + 1}`,
    tool: call.tool,
    arguments: fillVectorsDeep(call.arguments, texts) as Record<string, unknown>,
    result: textResult(text, isError),
    part: 'user',
    effect: false,
  };
}

/** Vectors a user task's results carry, in order of first appearance. */
export function resultVectors(calls: readonly RecordedCall[]): string[] {
  return [...new Set(calls.flatMap((c) => vectorsIn(c.result ?? '')))];
}

export function benignSessions(data: AgentDojoData, suite: SuiteName): EvalSession[] {
  const s = data.suites[suite];
  return Object.entries(s.user_tasks).map(([name, task]) => ({
    id: `${suite}/${name}`,
    suite,
    kind: 'benign',
    userTask: name,
    prompt: task.prompt,
    steps: task.calls.map((c, i) => userStep(c, i, s.injection_vectors)),
  }));
}

export function attackedSessions(data: AgentDojoData, suite: SuiteName, overlay: Overlay): EvalSession[] {
  const s = data.suites[suite];
  const results = injectionResults(suite, s);
  const out: EvalSession[] = [];
  for (const [name, task] of Object.entries(s.user_tasks)) {
    for (const vector of resultVectors(task.calls)) {
      const upTo = task.calls.findIndex((c) => vectorsIn(c.result ?? '').includes(vector));
      for (const [injName, injection] of Object.entries(s.injection_tasks)) {
        const attack = attackText(data.attack_template, injection.goal);
        const texts = { ...s.injection_vectors, [vector]: attack };
        const steps = task.calls.slice(0, upTo + 1).map((c, i) => userStep(c, i, texts));
        const derived = injection.calls.length === 0 ? DERIVED_INJECTION_CALLS[suite]?.[injName] : undefined;
        const seen = new Map<string, string>();
        (derived ?? injection.calls).forEach((raw, j) => {
          const call = withEarlierResults(raw, seen);
          const effect = isEffectTool(overlay, call.tool);
          const text = results.resultFor(call, effect, texts);
          seen.set(`i${j + 1}`, text);
          steps.push({
            id: `i${j + 1}`,
            tool: call.tool,
            arguments: call.arguments,
            result: textResult(text),
            part: 'injection',
            effect,
          });
        });
        out.push({
          id: `${suite}/${name}/${vector}/${injName}`,
          suite,
          kind: 'attacked',
          userTask: name,
          prompt: task.prompt,
          steps,
          vector,
          injectionTask: injName,
          attackText: attack,
          ...(derived === undefined ? {} : { derived: true }),
        });
      }
    }
  }
  return out;
}

/** `$result:iN` arguments (derived calls only) become the text of the task's call N's result. */
function withEarlierResults(call: InjectionCall, seen: ReadonlyMap<string, string>): InjectionCall {
  const args = Object.fromEntries(
    Object.entries(call.arguments).map(([k, v]) => {
      const ref =
        typeof v === 'string' && v.startsWith('$result:') ? seen.get(v.slice('$result:'.length)) : undefined;
      return [k, ref ?? v];
    }),
  );
  return { ...call, arguments: args };
}
