import type { CallToolResult } from '@modelcontextprotocol/server';
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { ResultAnnotations, Source, TrustToolAnnotations } from './annotations.js';
import type { Email } from './mailbox.js';
import { isAddress, isInternal, Mailbox } from './mailbox.js';

/**
 * The e-mail server of SEP-1913's reference scenario. Mail is labelled by sender: from the
 * internal domain it is `internal`, from anywhere else `untrustedPublic` and open-world (SEP-1913:
 * "Email bodies (user-controlled content)"). `send_email` declares where its input may go
 * (internal or public, by recipient) and that sending cannot be undone; everything sent is kept
 * in an outbox, and appended to MAIL_OUTBOX_FILE when set, so tests can see what really left.
 */

export const MAIL_SERVER_NAME = 'example-mail-server';
export const DEFAULT_INTERNAL_DOMAIN = 'example.com';

export interface MailServerOptions {
  /** The mailbox to serve. Servers made from one mailbox share it (and its outbox). */
  mailbox?: Mailbox;
  /** The organisation's domain, when no `mailbox` is given (default `example.com`). */
  internalDomain?: string;
  /** Append every sent message to this file as a JSON line, when no `mailbox` is given. */
  outboxFile?: string;
  /** The attribution URI prefix (default `mcp://mail-server.<internal domain>`). */
  origin?: string;
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
} satisfies TrustToolAnnotations;

/** `tools/list` annotations: possible sets over every message and recipient. */
export const MAIL_TOOL_ANNOTATIONS = {
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
} satisfies Record<string, TrustToolAnnotations>;

function result(text: string, annotations: ResultAnnotations, isError = false): CallToolResult {
  return { content: [{ type: 'text', text }], _meta: { annotations }, isError };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function createMailServer(options: MailServerOptions = {}): McpServer {
  const mailbox = options.mailbox ?? createMailbox(options);
  const domain = mailbox.domain;
  const origin = (options.origin ?? `mcp://mail-server.${domain}`).replace(/\/+$/, '');
  const sourceOf = (m: Email): Source => (isInternal(m.from, domain) ? 'internal' : 'untrustedPublic');
  const system = (attribution?: string[]): ResultAnnotations => ({
    openWorldHint: false,
    ...(attribution ? { attribution } : {}),
    returnMetadata: { source: 'system', sensitivity: 'none' },
  });
  /** SEP-1913 response aggregation: open-world if any message is; sources and attribution are unions. */
  const mailAnnotations = (messages: Email[]): ResultAnnotations => {
    const sources = [...new Set(messages.map(sourceOf))];
    return {
      openWorldHint: sources.includes('untrustedPublic'),
      attribution: messages.map((m) => `${origin}/inbox/${m.id}`),
      returnMetadata: {
        source: sources.length === 1 ? sources[0]! : sources,
        sensitivity: ['pii', 'user'],
      },
    };
  };

  const server = new McpServer(
    { name: MAIL_SERVER_NAME, version: '0.1.0' },
    {
      // SEP-1862's `tools/resolve`, advertised as the extension: the SDK's capability schema
      // drops unknown keys under `tools`, so SEP-1862's `tools.resolve` would not reach the wire.
      capabilities: { tools: {}, experimental: { [TOOL_RESOLUTION]: {} } },
      instructions: `The mailbox of ${mailbox.owner}. Mail from outside ${domain} is marked open-world in _meta.annotations.`,
    },
  );

  server.registerTool(
    'list_inbox',
    {
      description: `List the most recent e-mails in ${mailbox.owner}'s inbox (id, date, sender, subject).`,
      inputSchema: z.object({
        limit: z.number().int().min(1).max(50).optional().describe('How many messages (default 20).'),
      }),
      annotations: MAIL_TOOL_ANNOTATIONS.list_inbox,
    },
    async ({ limit }) => {
      const messages = [...mailbox.inbox].sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit ?? 20);
      if (messages.length === 0) return result('The inbox is empty.', system());
      const lines = messages.map((m) => `${m.id}\t${m.date}\t${m.fromName} <${m.from}>\t${m.subject}`);
      return result(lines.join('\n'), mailAnnotations(messages));
    },
  );

  server.registerTool(
    'read_email',
    {
      description: 'Read one e-mail from the inbox, by id (as listed by list_inbox).',
      inputSchema: z.object({ id: z.string().describe('The message id, e.g. "msg-001".') }),
      annotations: MAIL_TOOL_ANNOTATIONS.read_email,
    },
    async ({ id }) => {
      const m = mailbox.find(id);
      if (m === undefined) return result(`No message with id ${JSON.stringify(id)}.`, system(), true);
      const text = [
        `From: ${m.fromName} <${m.from}>`,
        `To: ${m.to}`,
        `Date: ${m.date}`,
        `Subject: ${m.subject}`,
        '',
        m.body,
      ].join('\n');
      return result(text, mailAnnotations([m]));
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
      annotations: MAIL_TOOL_ANNOTATIONS.send_email,
    },
    async ({ to, subject, body }, ctx) => {
      const recipient = to.trim();
      if (!isAddress(recipient))
        return result(`Not sent: ${JSON.stringify(to)} is not one e-mail address.`, system(), true);
      const meta = ctx.mcpReq._meta;
      const sent = mailbox.send({
        to: recipient,
        subject,
        body,
        ...(isRecord(meta) ? { requestMeta: { ...meta } } : {}),
      });
      const where = sent.destination === 'internal' ? `inside ${domain}` : `outside ${domain}`;
      return result(`Sent ${sent.id} to ${sent.to} (${where}).`, system([`${origin}/sent/${sent.id}`]));
    },
  );

  // SEP-1862: the destination of a mail is known once the recipient is — internal or public.
  server.server.setRequestHandler(
    'tools/resolve',
    { params: resolveParams },
    async ({ name, arguments: args }) => {
      const annotations = resolvedAnnotations(name, args ?? {}, domain);
      if (annotations === undefined)
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown tool ${JSON.stringify(name)}`);
      return { tool: { name, annotations } } as never;
    },
  );

  return server;
}

/** The extension name of tool resolution (the newer drafts' form of SEP-1862). */
export const TOOL_RESOLUTION = 'io.modelcontextprotocol/tool-resolution';

const resolveParams = z.looseObject({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

/** `tools/resolve`: the static annotations, with `send_email`'s destination narrowed by its recipient. */
export function resolvedAnnotations(
  name: string,
  args: Record<string, unknown>,
  domain: string,
): TrustToolAnnotations | undefined {
  if (!Object.hasOwn(MAIL_TOOL_ANNOTATIONS, name)) return undefined;
  const base: TrustToolAnnotations = MAIL_TOOL_ANNOTATIONS[name as keyof typeof MAIL_TOOL_ANNOTATIONS];
  if (name !== 'send_email' || typeof args.to !== 'string' || !isAddress(args.to.trim())) return base;
  const destination = isInternal(args.to.trim(), domain) ? 'internal' : 'public';
  const input = base.inputMetadata ?? { destination, sensitivity: 'none', outcomes: 'irreversible' };
  return { ...base, inputMetadata: { ...input, destination } };
}
