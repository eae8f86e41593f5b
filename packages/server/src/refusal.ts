import { makeLabel, writeResultMeta } from '@mcp-trust/core';
import type { Verdict } from '@mcp-trust/policy';
import type { CallToolResult } from '@modelcontextprotocol/server';

/** `_meta` key of the server's own policy verdict (the gateway's is `mcp-trust/verdict`). */
export const SERVER_VERDICT_KEY = 'mcp-trust/server-verdict';

/** The server's own words: a system source, nothing sensitive, not open-world. */
const SYSTEM = makeLabel({ sources: ['system'] });

/**
 * A refusal as a tool error (`isError: true`) the model can read and a person can act on: the
 * text says what was refused and why; `_meta` carries SEP-1913 annotations for the text itself
 * and, when a policy decided, its verdict (every matched rule with its message).
 */
export function refusal(text: string, verdict?: Verdict): CallToolResult {
  const meta: Record<string, unknown> = { ...writeResultMeta(SYSTEM) };
  if (verdict !== undefined) meta[SERVER_VERDICT_KEY] = verdictMeta(verdict);
  return { content: [{ type: 'text', text }], isError: true, _meta: meta };
}

/** Every matched rule's message, strongest first, then every rule that failed to evaluate. */
export function reasonsOf(verdict: Verdict): string[] {
  const rank = { block: 0, escalate: 1, warn: 2, allow: 3 } as const;
  const out = [...verdict.matched].sort((a, b) => rank[a.effect] - rank[b.effect]).map((m) => m.message);
  for (const e of verdict.errors)
    out.push(`rule ${e.rule} failed to evaluate (${e.message}), so the server fails closed`);
  return out;
}

function verdictMeta(verdict: Verdict) {
  return {
    decision: verdict.decision,
    action: verdict.action,
    mode: verdict.mode,
    rules: verdict.matched.map((m) => ({ rule: m.rule, effect: m.effect, message: m.message })),
    errors: verdict.errors.map((e) => ({ rule: e.rule, message: e.message })),
  };
}
