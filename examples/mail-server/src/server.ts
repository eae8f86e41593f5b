import type { Policy, ResultAnnotations } from '@mcp-trust/server';
import {
  createCallGuard,
  declareTools,
  loadServerPolicy,
  mcpUri,
  registerToolResolution,
  textResult,
  trustResult,
} from '@mcp-trust/server';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { askAboutInjection } from './injection-check.js';
import type { Email } from './mailbox.js';
import { isAddress, isInternal, Mailbox } from './mailbox.js';
import { resolveMailTool } from './resolve.js';

/**
 * The e-mail server of SEP-1913's reference scenario. Mail is labelled by sender: from the
 * internal domain it is `internal`, from anywhere else `untrustedPublic` and open-world (SEP-1913:
 * "Email bodies (user-controlled content)"). `send_email` declares where its input may go and
 * resolves it per recipient; the server refuses or asks, by its own policy over each call's
 * request annotations, and asks again when the body it is about to send looks injected. Everything
 * sent is kept in an outbox (and MAIL_OUTBOX_FILE), so tests can see what really left.
 */

export const MAIL_SERVER_NAME = 'example-mail-server';
export const DEFAULT_INTERNAL_DOMAIN = 'example.com';
/** The server's own policy (`examples/mail-server/policy.yaml`). */
export const DEFAULT_POLICY_FILE = new URL('../policy.yaml', import.meta.url);

export interface MailServerOptions {
  /** The mailbox to serve. Servers made from one mailbox share it (and its outbox). */
  mailbox?: Mailbox;
  /** The organisation's domain, when no `mailbox` is given (default `example.com`). */
  internalDomain?: string;
  /** Append every sent message to this file as a JSON line, when no `mailbox` is given. */
  outboxFile?: string;
  /** The attribution URI prefix (default `mcp://mail-server.<internal domain>`). */
  origin?: string;
  /** The policy each call is checked against (default: `policy.yaml`); `false` checks nothing. */
  policy?: Policy | false;
}

/** Options from the environment: MAIL_INTERNAL_DOMAIN, MAIL_OUTBOX_FILE, MAIL_ORIGIN. */
export function mailServerOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): MailServerOptions {
  const opts: MailServerOptions = {};
  if (env.MAIL_INTERNAL_DOMAIN) opts.internalDomain = env.MAIL_INTERNAL_DOMAIN.trim().toLowerCase();
  if (env.MAIL_OUTBOX_FILE) opts.outboxFile = env.MAIL_OUTBOX_FILE;
  if (env.MAIL_ORIGIN) opts.origin = env.MAIL_ORIGIN;
  return opts;
}

export function createMailbox(options: MailServerOptions = {}): Mailbox {
  return new Mailbox({
    domain: options.internalDomain ?? DEFAULT_INTERNAL_DOMAIN,
    ...(options.outboxFile === undefined ? {} : { outboxFile: options.outboxFile }),
  });
}

/** Reading mail: nothing leaves, and what comes back is from inside or outside the domain. */
const READS_MAIL = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
  inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
  returnMetadata: { source: ['internal', 'untrustedPublic'], sensitivity: ['pii', 'user'] },
} as const;

/** `tools/list` declarations: possible sets over every message and recipient. */
export const MAIL_TOOLS = declareTools({
  list_inbox: { title: 'List the inbox', ...READS_MAIL },
  read_email: { title: 'Read an e-mail', ...READS_MAIL },
  send_email: {
    title: 'Send an e-mail',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
    inputMetadata: {
      destination: ['internal', 'public'],
      sensitivity: ['none', 'user', 'pii', 'financial'],
      outcomes: 'irreversible',
    },
    returnMetadata: { source: 'system', sensitivity: 'none' },
  },
});

const SYSTEM: ResultAnnotations = {
  openWorldHint: false,
  returnMetadata: { source: 'system', sensitivity: 'none' },
};
let defaultPolicy: Policy | undefined;

/** `policy.yaml`, compiled once per process. */
function bundledPolicy(): Policy {
  defaultPolicy ??= loadServerPolicy({ files: [DEFAULT_POLICY_FILE] });
  return defaultPolicy;
}

export function createMailServer(options: MailServerOptions = {}): McpServer {
  const mailbox = options.mailbox ?? createMailbox(options);
  const domain = mailbox.domain;
  const origin = options.origin?.replace(/\/+$/, '');
  const uriOf = (path: string) =>
    origin === undefined ? mcpUri(`mail-server.${domain}`, path) : `${origin}/${path}`;
  const resolve = (tool: string, args: Readonly<Record<string, unknown>>) =>
    resolveMailTool(tool, args, domain);
  const policy = options.policy ?? bundledPolicy();
  const guard =
    policy === false
      ? undefined
      : createCallGuard({ policy, server: MAIL_SERVER_NAME, tools: MAIL_TOOLS, resolve });
  /** A message as it comes back: open-world unless its sender is inside the organisation. */
  const labelOf = (m: Email): ResultAnnotations => {
    const internal = isInternal(m.from, domain);
    return {
      openWorldHint: !internal,
      attribution: [uriOf(`inbox/${m.id}`)],
      returnMetadata: { source: internal ? 'internal' : 'untrustedPublic', sensitivity: ['pii', 'user'] },
    };
  };

  const server = new McpServer(
    { name: MAIL_SERVER_NAME, version: '0.1.0' },
    {
      capabilities: { tools: {} },
      instructions: `The mailbox of ${mailbox.owner}. Mail from outside ${domain} is marked open-world in _meta.annotations.`,
    },
  );
  registerToolResolution(server, { tools: MAIL_TOOLS, resolve });

  server.registerTool(
    'list_inbox',
    {
      description: `List the most recent e-mails in ${mailbox.owner}'s inbox (id, date, sender, subject), one per content block.`,
      inputSchema: z.object({
        limit: z.number().int().min(1).max(50).optional().describe('How many messages (default 20).'),
      }),
      annotations: MAIL_TOOLS.list_inbox.annotations,
    },
    async ({ limit }) => {
      const messages = [...mailbox.inbox].sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit ?? 20);
      const empty: ResultAnnotations = {
        openWorldHint: false,
        returnMetadata: { source: 'internal', sensitivity: 'none' },
      };
      if (messages.length === 0)
        return textResult('The inbox is empty.', empty, { tool: MAIL_TOOLS.list_inbox });
      // SEP-1913 response aggregation: each message labelled, the response open-world if any is.
      const items = messages.map((m) => ({
        content: {
          type: 'text' as const,
          text: `${m.id}\t${m.date}\t${m.fromName} <${m.from}>\t${m.subject}`,
        },
        annotations: labelOf(m),
      }));
      return trustResult(items, { perBlock: 'extension', tool: MAIL_TOOLS.list_inbox });
    },
  );

  server.registerTool(
    'read_email',
    {
      description: 'Read one e-mail from the inbox, by id (as listed by list_inbox).',
      inputSchema: z.object({ id: z.string().describe('The message id, e.g. "msg-001".') }),
      annotations: MAIL_TOOLS.read_email.annotations,
    },
    async ({ id }) => {
      const m = mailbox.find(id);
      if (m === undefined)
        return textResult(`No message with id ${JSON.stringify(id)}.`, SYSTEM, { isError: true });
      const text = [
        `From: ${m.fromName} <${m.from}>`,
        `To: ${m.to}`,
        `Date: ${m.date}`,
        `Subject: ${m.subject}`,
        '',
        m.body,
      ];
      return textResult(text.join('\n'), labelOf(m), { tool: MAIL_TOOLS.read_email });
    },
  );

  server.registerTool(
    'send_email',
    {
      description: `Send an e-mail from ${mailbox.owner}. Recipients outside ${domain} are external (public).`,
      inputSchema: z.object({
        to: z.string().describe('One recipient address, e.g. "lunch@example.com".'),
        subject: z.string().describe('The subject line.'),
        body: z.string().describe('The plain-text body.'),
      }),
      annotations: MAIL_TOOLS.send_email.annotations,
    },
    async (args, ctx) => {
      const recipient = args.to.trim();
      if (!isAddress(recipient))
        return textResult(`Not sent: ${JSON.stringify(args.to)} is not one e-mail address.`, SYSTEM, {
          isError: true,
        });
      const refused = await guard?.enforce({ server, ctx, tool: 'send_email', args });
      if (refused !== undefined) return refused;
      const injected = askAboutInjection(server, ctx, args);
      if (injected !== undefined) return injected;
      const meta = ctx.mcpReq._meta;
      const sent = mailbox.send({
        to: recipient,
        subject: args.subject,
        body: args.body,
        ...(isRecord(meta) ? { requestMeta: { ...meta } } : {}),
      });
      const where = sent.destination === 'internal' ? `inside ${domain}` : `outside ${domain}`;
      return textResult(
        `Sent ${sent.id} to ${sent.to} (${where}).`,
        { ...SYSTEM, attribution: [uriOf(`sent/${sent.id}`)] },
        { tool: MAIL_TOOLS.send_email },
      );
    },
  );

  return server;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
