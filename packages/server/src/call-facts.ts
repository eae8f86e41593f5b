import type { DataLabel, ToolContract } from '@mcp-trust/core';
import { labelFacts, toolFacts } from '@mcp-trust/engine';
import type { ArgFacts, Facts } from '@mcp-trust/policy';
import { completeFacts } from '@mcp-trust/policy';

/**
 * The facts of a `call` decision on the server side, in the policy language's own shape
 * (docs/policy.md), so a rule means the same here as in the gateway. What differs is what a
 * server can know:
 * - `session.label` and `request.annotations` are what the caller's request annotations say;
 * - a server cannot tell which argument carries which data, so every argument (and `argsLabel`)
 *   carries the whole request label: session-level taint, as SEP-1913 servers see it;
 * - the tool is the server's own, so its contract is believed (`server.trust` is `trusted`),
 *   narrowed by the server's own resolver for these arguments.
 */
export interface CallFactsInput {
  server: string;
  contract: ToolContract;
  args: Readonly<Record<string, unknown>>;
  caller: DataLabel;
  roles?: Readonly<Record<string, string>>;
}

export function callFacts(i: CallFactsInput): Facts {
  const label = labelFacts(i.caller);
  const args: Record<string, ArgFacts> = {};
  for (const [name, value] of Object.entries(i.args)) {
    args[name] = { value, label, endorsed: false, role: i.roles?.[name] ?? '' };
  }
  return completeFacts({
    phase: 'call',
    tool: toolFacts(i.contract, i.server),
    server: { name: i.server, trust: 'trusted' },
    args,
    argsLabel: label,
    session: { id: 'caller', label },
  });
}
