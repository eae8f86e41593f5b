import { createHash } from 'node:crypto';
import { canonicalJson } from '@mcp-trust/store';
import type { Json } from './wire.js';

/** The parts of a tool definition a rug pull would change: what the model reads and what it may send. */
const PINNED_KEYS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/** SHA-256 (hex) over the canonical JSON of the pinned parts of a `tools/list` entry. */
export function toolDigest(tool: Json): string {
  const pinned: Json = {};
  for (const key of PINNED_KEYS) if (tool[key] !== undefined) pinned[key] = tool[key];
  return createHash('sha256').update(canonicalJson(pinned)).digest('hex');
}
