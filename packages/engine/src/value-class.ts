import type { DataLabel, SensitivityTag } from '@mcp-trust/core';
import { makeLabel } from '@mcp-trust/core';
import type { ValueKind } from './value-extract.js';

/**
 * The label an extracted identifier carries. It keeps everything about where it came from (open
 * world, malicious, sources, attribution), but its sensitivity is what the identifier itself is,
 * not what the document around it was: an e-mail address read from a mailbox that also holds a
 * reset code is personal data, not a credential; an IBAN is financial; a URL, host, path or id
 * names a thing and holds no class of its own. Tokens, quoted strings, whole field values and
 * shingles may be the sensitive content itself, so they keep the result's sensitivity.
 * An identifier never says more than its result: its class counts only where the result declared
 * it (or declared nothing, `unknown`), so every index label stays below the session label.
 */
const OWN_CLASS: Partial<Record<ValueKind, readonly SensitivityTag[]>> = {
  email: ['pii'],
  number: ['pii'],
  iban: ['financial'],
  url: [],
  host: [],
  path: [],
  id: [],
};

export function identifierLabel(result: DataLabel, kind: ValueKind | undefined): DataLabel | undefined {
  const own = kind === undefined ? undefined : OWN_CLASS[kind];
  if (own === undefined) return undefined;
  const sensitivity = result.sensitivity.includes('unknown')
    ? result.sensitivity
    : own.filter((t) => result.sensitivity.includes(t));
  return makeLabel({
    openWorld: result.openWorld,
    malicious: result.malicious,
    private: result.private,
    sources: result.sources,
    sensitivity,
    attribution: result.attribution,
  });
}
