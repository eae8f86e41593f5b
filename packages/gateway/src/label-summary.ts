import type { DataLabel } from '@mcp-trust/core';
import type { Json } from './wire.js';

/** A label for the audit log: only what says something. */
export function labelSummary(label: DataLabel): Json {
  const out: Json = {};
  if (label.openWorld) out.openWorld = true;
  if (label.malicious) out.malicious = true;
  if (label.private) out.private = true;
  if (label.sensitiveLevel !== 'none') out.sensitiveLevel = label.sensitiveLevel;
  if (label.sources.length > 0) out.sources = [...label.sources];
  if (label.sensitivity.length > 0) out.sensitivity = [...label.sensitivity];
  if (label.attribution.length > 0) out.attribution = label.attribution.slice(0, 20);
  return out;
}
