/** A small mail server's declarations, resolver and policy, shared by the guard tests. */
import { loadPolicy } from '@mcp-trust/policy';
import type { ToolResolver } from '@mcp-trust/server';
import { declareTools } from '@mcp-trust/server';

export const RULES = `
rules:
  - name: open-world-to-outside
    effect: block
    when: phase == 'call' && 'public' in tool.destination && session.label.openWorld
    message: Not sent to {{ args.to.value }}, untrusted content from {{ session.label.attribution }}.
  - name: sensitive-to-outside
    effect: escalate
    when: phase == 'call' && 'public' in tool.destination && sensitive(session.label)
    message: "{{ tool.name }} would send {{ session.label.sensitivity }} data outside."
`;

export const MAIL_TOOLS = declareTools({
  send_email: {
    inputMetadata: {
      destination: ['internal', 'public'],
      sensitivity: ['user', 'pii', 'financial'],
      outcomes: 'irreversible',
    },
    returnMetadata: { source: 'system', sensitivity: 'none' },
  },
  read_email: {
    readOnlyHint: true,
    inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
  },
});

export const byRecipient: ToolResolver = (tool, args) =>
  tool === 'send_email' && typeof args.to === 'string'
    ? { inputMetadata: { destination: args.to.endsWith('@example.com') ? 'internal' : 'public' } }
    : undefined;

export function policyOf(text: string, opts: { packs?: string[]; mode?: 'audit' | 'warn' | 'enforce' } = {}) {
  const { policy, problems } = loadPolicy({ files: [{ path: 'test.yaml', text }], ...opts });
  if (policy === undefined) throw new Error(JSON.stringify(problems));
  return policy;
}
