import type { DataLabel } from '@mcp-trust/core';
import { BOTTOM, writeResultMeta } from '@mcp-trust/core';
import type { VerdictJson } from '@mcp-trust/engine';
import type { Verdict } from '@mcp-trust/policy';
import { TrustRefusal } from './errors.js';

/** The verdicts of one call as `_meta["mcp-trust/verdict"]` carries them (the gateway's shape). */
export interface CallVerdicts {
  call: VerdictJson;
  result?: VerdictJson;
  /** How an escalation was settled: `onEscalate`. */
  approvedBy?: string;
}

interface Where {
  server: string;
  tool: string;
  /** `server__tool`. */
  name: string;
}

function refusal(
  where: Where,
  code: TrustRefusal['code'],
  phase: 'call' | 'result',
  text: string,
  verdict: Verdict,
  reasons: readonly string[],
  verdicts: CallVerdicts,
  label?: DataLabel,
): TrustRefusal {
  const meta = { ...writeResultMeta(label ?? BOTTOM), 'mcp-trust/verdict': verdicts };
  return new TrustRefusal({
    code,
    phase,
    server: where.server,
    tool: where.tool,
    text,
    verdict,
    reasons,
    meta,
    ...(label === undefined ? {} : { label }),
  });
}

export function blocked(where: Where, verdict: Verdict, why: readonly string[], v: CallVerdicts) {
  const text = `mcp-trust blocked ${where.name}. Why:\n- ${why.join('\n- ')}\nThis call will not be made; do not retry it unchanged.`;
  return refusal(where, 'blocked', 'call', text, verdict, why, v);
}

export function denied(
  where: Where,
  verdict: Verdict,
  why: readonly string[],
  v: CallVerdicts,
  asked: boolean,
) {
  const text = asked
    ? `The person declined this call to ${where.name}. Why it was asked:\n- ${why.join('\n- ')}`
    : `mcp-trust needs a person to approve this call to ${where.name}, and this host has no way to ask (no onEscalate), so it was not made. Why:\n- ${why.join('\n- ')}`;
  return refusal(where, 'denied', 'call', text, verdict, why, v);
}

export function withheld(
  where: Where,
  verdict: Verdict,
  why: readonly string[],
  v: CallVerdicts,
  label: DataLabel,
  asked: boolean | undefined,
) {
  const text =
    asked === undefined
      ? `mcp-trust withheld the result of ${where.name}. Why:\n- ${why.join('\n- ')}`
      : `mcp-trust withheld the result of ${where.name}: ${asked ? 'the person did not release it' : 'no one could be asked to release it (no onEscalate)'}. Why it was flagged:\n- ${why.join('\n- ')}`;
  return refusal(where, 'withheld', 'result', text, verdict, why, v, label);
}
