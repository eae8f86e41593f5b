import { verdictJson, verdictReasons } from '@mcp-trust/engine';
import type { Verdict } from '@mcp-trust/policy';
import type { Json } from '../wire.js';

/** A tool error the model can read and a person can act on; the verdict rides in `_meta`. */
export function toolError(text: string, meta: Json = {}): Json {
  return { content: [{ type: 'text', text }], isError: true, _meta: meta };
}

/** "what was refused and why": every matched rule's message, strongest first (worded as the client library words it). */
export const reasons: (verdict: Verdict) => string[] = verdictReasons;

export function verdictMeta(verdict: Verdict): Json {
  return verdictJson(verdict) as unknown as Json;
}
