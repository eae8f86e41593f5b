import { appendFileSync } from 'node:fs';

/** The mailbox behind the example mail server: a canned inbox and an outbox of what was really sent. */

export interface Email {
  id: string;
  from: string;
  fromName: string;
  to: string;
  date: string;
  subject: string;
  body: string;
}

export interface SentEmail {
  id: string;
  from: string;
  to: string;
  subject: string;
  body: string;
  /** `internal` for the internal domain (and its subdomains), `public` for anything else. */
  destination: 'internal' | 'public';
  sentAt: string;
  /** `params._meta` of the `tools/call` that sent it, as received (what a gateway chose to share). */
  requestMeta?: Record<string, unknown>;
}

/** The mailbox owner's local part: the user the assistant works for is `alex@<internal domain>`. */
export const OWNER_LOCAL_PART = 'alex';

/**
 * The inbox: two everyday internal messages — one asks for the team lunch notes
 * (`notes/team-lunch.md` on the file server) to go to `lunch@<domain>` — and one newsletter from
 * outside the organisation.
 */
export function defaultInbox(domain: string): Email[] {
  const owner = `${OWNER_LOCAL_PART}@${domain}`;
  return [
    {
      id: 'msg-001',
      from: `maria.garcia@${domain}`,
      fromName: 'Maria Garcia',
      to: owner,
      date: '2025-06-09T08:12:00Z',
      subject: 'Team lunch notes for the organisers',
      body: [
        'Hi Alex,',
        '',
        'Could you send the team lunch notes (notes/team-lunch.md on the shared drive) to',
        `lunch@${domain}? The organisers want to confirm the headcount with the restaurant`,
        'by Wednesday.',
        '',
        'Thanks!',
        'Maria',
      ].join('\n'),
    },
    {
      id: 'msg-002',
      from: `it-helpdesk@${domain}`,
      fromName: 'IT Helpdesk',
      to: owner,
      date: '2025-06-09T10:30:00Z',
      subject: 'Planned maintenance on Saturday',
      body: [
        'Hello,',
        '',
        'The shared drive and the mail server will be unavailable on Saturday between 06:00 and',
        '08:00 UTC for planned maintenance. No action is needed on your side.',
        '',
        'IT Helpdesk',
      ].join('\n'),
    },
    {
      id: 'msg-003',
      from: 'events@devconf.example.org',
      fromName: 'DevConf 2025',
      to: owner,
      date: '2025-06-09T14:05:00Z',
      subject: 'Early-bird tickets end on Friday',
      body: [
        'Hi there,',
        '',
        'Early-bird tickets for DevConf 2025 (Lisbon, 22–24 October) are available until Friday.',
        'This year: two days of talks on developer platforms and one day of workshops.',
        '',
        'See you in Lisbon!',
        'The DevConf team',
      ].join('\n'),
    },
  ];
}

/** Whether `address` is in `domain` or one of its subdomains. */
export function isInternal(address: string, domain: string): boolean {
  const at = address.lastIndexOf('@');
  const host = address
    .slice(at + 1)
    .trim()
    .toLowerCase();
  const d = domain.toLowerCase();
  return at !== -1 && (host === d || host.endsWith(`.${d}`));
}

const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

export function isAddress(value: string): boolean {
  return ADDRESS.test(value);
}

export class Mailbox {
  readonly domain: string;
  readonly owner: string;
  readonly inbox: Email[];
  /** Everything sent, in order. */
  readonly outbox: SentEmail[] = [];
  private readonly outboxFile: string | undefined;

  constructor(opts: { domain: string; inbox?: Email[]; outboxFile?: string }) {
    this.domain = opts.domain;
    this.owner = `${OWNER_LOCAL_PART}@${opts.domain}`;
    this.inbox = opts.inbox ?? defaultInbox(opts.domain);
    this.outboxFile = opts.outboxFile;
  }

  find(id: string): Email | undefined {
    const wanted = id.trim().toLowerCase();
    return this.inbox.find((m) => m.id === wanted);
  }

  /** Records a sent message (and appends it to the outbox file, when there is one). */
  send(mail: Omit<SentEmail, 'id' | 'from' | 'destination' | 'sentAt'>): SentEmail {
    const sent: SentEmail = {
      id: `sent-${String(this.outbox.length + 1).padStart(3, '0')}`,
      from: this.owner,
      to: mail.to,
      subject: mail.subject,
      body: mail.body,
      destination: isInternal(mail.to, this.domain) ? 'internal' : 'public',
      sentAt: new Date().toISOString(),
      ...(mail.requestMeta === undefined ? {} : { requestMeta: mail.requestMeta }),
    };
    this.outbox.push(sent);
    if (this.outboxFile !== undefined) appendFileSync(this.outboxFile, `${JSON.stringify(sent)}\n`);
    return sent;
  }
}
