import type { TrustToolAnnotationsInit } from '@mcp-trust/server';
import { isAddress, isInternal } from './mailbox.js';

/**
 * `tools/resolve` for the mail server (SEP-1862): a mail's destination is known once its
 * recipient is — `internal` for the organisation's domain, `public` for anyone else. Every other
 * tool, and a recipient that is not one address, keeps its declaration.
 */
export function resolveMailTool(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  domain: string,
): TrustToolAnnotationsInit | undefined {
  if (tool !== 'send_email' || typeof args.to !== 'string' || !isAddress(args.to.trim())) return undefined;
  return { inputMetadata: { destination: isInternal(args.to.trim(), domain) ? 'internal' : 'public' } };
}
