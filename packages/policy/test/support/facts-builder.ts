import type { DataLabel, ToolContract, Trust } from '@mcp-trust/core';
import {
  BOTTOM,
  buildContract,
  defaultContract,
  filterToolClaims,
  HINT_NAMES,
  join,
  readToolDefinition,
  writeToolAnnotations,
} from '@mcp-trust/core';
import type { ArgFacts, Facts, LabelFacts, ToolFacts } from '@mcp-trust/policy';

/**
 * Facts built the way the engine builds them, from core's labels and contracts, so tests decide
 * on realistic inputs rather than hand-typed facts that could drift from the label model.
 */

export function labelFacts(label: DataLabel): LabelFacts {
  return {
    openWorld: label.openWorld,
    malicious: label.malicious,
    private: label.private,
    sensitiveLevel: label.sensitiveLevel,
    sources: [...label.sources],
    sensitivity: [...label.sensitivity],
    attribution: [...label.attribution],
  };
}

/** A contract from a tool definition (any dialect), as a server of the given trust declares it. */
export function contractOf(tool: unknown, trust: Trust = 'trusted'): ToolContract {
  const read = readToolDefinition(tool);
  const claims = filterToolClaims(read.value.claims, trust);
  return buildContract(read.value.name, [{ origin: 'declared', claims }]);
}

export function toolFacts(contract: ToolContract, server: string): ToolFacts {
  const hints: Record<string, boolean> = {};
  const hintSet: Record<string, boolean> = {};
  for (const h of HINT_NAMES) {
    hints[h] = contract.hints[h] === true;
    hintSet[h] = contract.hints[h] !== undefined;
  }
  return {
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
    annotations: writeToolAnnotations(contract),
  };
}

export interface ArgInit {
  value: unknown;
  label?: DataLabel;
  endorsed?: boolean;
  role?: string;
}

export interface FactsInit {
  phase?: 'call' | 'result';
  contract?: ToolContract;
  server?: string;
  trust?: Trust;
  args?: Record<string, ArgInit>;
  session?: DataLabel;
  response?: DataLabel;
}

const annotationsOf = (l: DataLabel) => ({
  openWorldHint: l.openWorld,
  maliciousActivityHint: l.malicious,
  privateHint: l.private,
  sensitiveHint: l.sensitiveLevel,
  attribution: [...l.attribution],
});

export function buildFacts(init: FactsInit = {}): Facts {
  const server = init.server ?? 'server';
  const args: Record<string, ArgFacts> = {};
  let argsLabel = BOTTOM;
  for (const [name, a] of Object.entries(init.args ?? {})) {
    const label = a.label ?? BOTTOM;
    args[name] = {
      value: a.value,
      label: labelFacts(label),
      endorsed: a.endorsed ?? false,
      role: a.role ?? '',
    };
    argsLabel = join(argsLabel, label);
  }
  const session = init.session ?? BOTTOM;
  const response = init.response ?? BOTTOM;
  return {
    phase: init.phase ?? 'call',
    tool: toolFacts(init.contract ?? defaultContract('tool'), server),
    server: { name: server, trust: init.trust ?? 'untrusted' },
    args,
    argsLabel: labelFacts(argsLabel),
    session: { id: 's1', label: labelFacts(session), calls: 1, results: 0, escalations: 0, blocks: 0 },
    request: { annotations: annotationsOf(session) },
    response: { label: labelFacts(response), annotations: annotationsOf(response) },
  };
}
