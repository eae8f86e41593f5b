import type { DataLabel, ToolContract, Trust } from '@mcp-trust/core';
import { HINT_NAMES, writeToolAnnotations } from '@mcp-trust/core';
import type { ArgFacts, Facts, SessionFacts, ToolFacts } from '@mcp-trust/policy';
import type { SessionCounts } from './counters.js';
import { annotationFacts, BOTTOM_ANNOTATIONS, BOTTOM_FACTS, labelFacts } from './label-facts.js';

/**
 * The facts of one decision (packages/policy/src/facts.ts). What does not change from call to
 * call is built once and shared: a contract's tool facts (incl. its SEP-1913 annotations, which
 * would otherwise be re-serialised every call) per contract object, label facts per label. Only
 * the arguments and the session's counts are new each time. Shared parts are frozen.
 */

const toolCache = new WeakMap<ToolContract, Map<string, ToolFacts>>();

export function toolFacts(contract: ToolContract, server: string): ToolFacts {
  let byServer = toolCache.get(contract);
  if (byServer === undefined) {
    byServer = new Map();
    toolCache.set(contract, byServer);
  }
  let f = byServer.get(server);
  if (f !== undefined) return f;
  const hints: Record<string, boolean> = {};
  const hintSet: Record<string, boolean> = {};
  for (const name of HINT_NAMES) {
    const v = contract.hints[name];
    hints[name] = v === true;
    hintSet[name] = v !== undefined;
  }
  f = deepFreeze({
    name: contract.tool,
    server,
    destination: [...contract.destination],
    outcomes: [...contract.outcomes],
    inputSensitivity: [...contract.inputSensitivity],
    returnSource: [...contract.returnSource],
    returnSensitivity: [...contract.returnSensitivity],
    declared: { ...contract.declared },
    hints,
    hintSet,
    sensitiveLevel: contract.sensitiveLevel ?? 'none',
    attribution: [...contract.attribution],
    annotations: writeToolAnnotations(contract) as Record<string, unknown>,
  });
  byServer.set(server, f);
  return f;
}

export interface FactsInput {
  phase: 'call' | 'result';
  tool: ToolFacts;
  server: { name: string; trust: Trust };
  args: Record<string, ArgFacts>;
  argsLabel: DataLabel;
  sessionId: string;
  sessionLabel: DataLabel;
  counts: SessionCounts;
  /** The result's label; absent in the call phase (bottom). */
  response?: DataLabel;
}

export function buildFacts(i: FactsInput): Facts {
  const session: SessionFacts = {
    id: i.sessionId,
    label: labelFacts(i.sessionLabel),
    calls: i.counts.calls,
    results: i.counts.results,
    escalations: i.counts.escalations,
    blocks: i.counts.blocks,
  };
  return {
    phase: i.phase,
    tool: i.tool,
    server: i.server,
    args: i.args,
    argsLabel: labelFacts(i.argsLabel),
    session,
    request: { annotations: annotationFacts(i.sessionLabel) },
    response:
      i.response === undefined
        ? { label: BOTTOM_FACTS, annotations: BOTTOM_ANNOTATIONS }
        : { label: labelFacts(i.response), annotations: annotationFacts(i.response) },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
