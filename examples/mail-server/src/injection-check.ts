import type { HandlerContext } from '@mcp-trust/server';
import { confirmWithUser, refusal, scanContent } from '@mcp-trust/server';
import type { CallToolResult, InputRequiredResult, McpServer } from '@modelcontextprotocol/server';

/**
 * Mid-task detection (SEP-1913: servers SHOULD ask when they detect malicious activity during a
 * task): a body that reads like a prompt injection is probably the attacker's words, not the
 * user's, so the person is asked before it goes. `undefined` means send.
 */
export function askAboutInjection(
  server: McpServer,
  ctx: HandlerContext,
  args: Record<string, string>,
): CallToolResult | InputRequiredResult | undefined {
  const scan = scanContent(`${args.subject}\n${args.body}`);
  if (!scan.malicious) return undefined;
  const answer = confirmWithUser({
    server,
    ctx,
    tool: 'send_email',
    args,
    question: 'injected-body',
    message:
      `The e-mail to ${args.to} reads like a prompt injection (${scan.findings.slice(0, 3).join('; ')}). ` +
      'It may be an attacker speaking, not you. Send it anyway?',
  });
  if (answer.status === 'confirmed') return undefined;
  if (answer.status === 'asking') return answer.result;
  return refusal(`Not sent: ${answer.message} The body looks like a prompt injection.`);
}
