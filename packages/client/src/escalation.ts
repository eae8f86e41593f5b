import type { DataLabel } from '@mcp-trust/core';
import type { Verdict } from '@mcp-trust/policy';

/**
 * A question for the person, asked when the policy escalates: what the assistant wants to do,
 * why mcp-trust asks, and where the data came from. `message` says all of it in words, as the
 * gateway asks it by elicitation; the other fields are there for a host's own dialog.
 */
export interface EscalationQuestion {
  /** `call`: allow this call once? `result`: release this flagged result to the model once? */
  phase: 'call' | 'result';
  server: string;
  tool: string;
  /** `server__tool`, as the model knows it. */
  name: string;
  arguments: Readonly<Record<string, unknown>>;
  /** Every matched rule as `rule: message`, strongest first (for a result, also what the detectors found). */
  reasons: readonly string[];
  /**
   * Where the data came from: per argument, the origins (attribution URIs) of the values found in
   * it (call phase; when no argument carries any, the session's origins under `*`); for a result,
   * its own origins under `result`.
   */
  origins: Readonly<Record<string, readonly string[]>>;
  /** The label of the session (call) or of the withheld result (result). */
  label: DataLabel;
  verdict: Verdict;
  /** The withheld result, for a host that shows it to the person (never to the model). */
  result?: unknown;
  /** The whole question in words. */
  message: string;
}

/** `approve` lets it through once; anything else (`deny`, or anything unexpected) refuses. */
export type EscalationAnswer = 'approve' | 'deny';

export type OnEscalate = (question: EscalationQuestion) => EscalationAnswer | Promise<EscalationAnswer>;

const MAX_SHOWN = 400;
const MAX_ORIGINS = 6;

/** Where the arguments' data came from; the session's origins when no argument says. */
export function callOrigins(
  argLabels: Readonly<Record<string, DataLabel>>,
  session: DataLabel,
): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const [name, label] of Object.entries(argLabels))
    if (label.attribution.length > 0) out[name] = label.attribution;
  if (Object.keys(out).length === 0 && session.attribution.length > 0) out['*'] = session.attribution;
  return out;
}

export function callQuestionText(
  name: string,
  args: unknown,
  reasons: readonly string[],
  origins: Readonly<Record<string, readonly string[]>>,
): string {
  let shown = JSON.stringify(args) ?? '{}';
  if (shown.length > MAX_SHOWN) shown = `${shown.slice(0, MAX_SHOWN)}…`;
  const from = Object.entries(origins).flatMap(([arg, uris]) =>
    uris.map((uri) => (arg === '*' ? uri : `${arg} ← ${uri}`)),
  );
  const origin =
    from.length > 0 ? `\nWhere the data came from: ${from.slice(0, MAX_ORIGINS).join(', ')}` : '';
  return `The assistant wants to call ${name} with ${shown}.\nmcp-trust asks because:\n- ${reasons.join('\n- ')}${origin}\nAllow it once?`;
}

export function resultQuestionText(name: string, reasons: readonly string[]): string {
  return `The result of ${name} was flagged and is being withheld from the assistant.\nWhy:\n- ${reasons.join('\n- ')}\nRelease it to the assistant anyway?`;
}
