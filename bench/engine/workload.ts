import type { ServerEntry, Session, ToolCall } from '../../packages/engine/src/index.js';

/** A small mail-and-bank world, shaped like AgentDojo's suites. */
export const SERVERS: Record<string, ServerEntry> = {
  mail: { trust: 'trusted', share: 'full' },
  bank: { trust: 'trusted', share: 'full' },
};

export const TOOLS: Record<string, Record<string, unknown>[]> = {
  mail: [
    {
      name: 'search_emails',
      annotations: {
        readOnlyHint: true,
        returnMetadata: { source: 'untrustedPublic', sensitivity: 'pii' },
        inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
      },
    },
    {
      name: 'send_email',
      annotations: {
        inputMetadata: { destination: 'public', sensitivity: ['pii', 'user'], outcomes: 'irreversible' },
        returnMetadata: { source: 'system', sensitivity: 'none' },
      },
    },
  ],
  bank: [
    {
      name: 'get_transactions',
      annotations: {
        readOnlyHint: true,
        returnMetadata: { source: 'internal', sensitivity: 'financial' },
        inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
      },
    },
    {
      name: 'send_money',
      annotations: {
        inputMetadata: { destination: 'public', sensitivity: 'financial', outcomes: 'irreversible' },
        returnMetadata: { source: 'system', sensitivity: 'none' },
      },
    },
  ],
};

const WORDS =
  'meeting project budget review quarterly report deadline invoice client proposal schedule update travel hotel flight dinner'.split(
    ' ',
  );

/** An e-mail-ish text with an address, a URL, an IBAN-like number, an id and some prose. */
export function mailText(i: number): string {
  const prose = Array.from({ length: 30 }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ');
  return `From: sender${i}@corp${i % 97}.example\nSubject: ${WORDS[i % WORDS.length]} ${i}\nid_: '${i}'\n${prose}. See https://docs${i}.example/item/${i * 13} or wire to DE${String(10 + (i % 89))}37040044053201${String(3000 + i).padStart(4, '0')}.`;
}

/** Put results into the session until its index holds about `n` values; returns the count. */
export function fillSession(s: Session, n: number): number {
  for (let i = 0; ; i++) {
    const call = { id: `f${i}`, server: 'mail', tool: 'search_emails', arguments: { query: `q${i}` } };
    s.beforeCall(call);
    s.afterResult(call, { content: [{ type: 'text', text: mailText(i) }] });
    const size = s.state().values.length;
    if (size >= n) return size;
  }
}

export function decisionCall(i: number): ToolCall {
  return {
    id: `d${i}`,
    server: 'mail',
    tool: 'send_email',
    arguments: {
      to: i % 2 === 0 ? `sender${i % 50}@corp${i % 50}.example` : 'boss@company.example',
      subject: `Re: quarterly review ${i}`,
      body: `Hi, following up on the quarterly report and the budget review. The deadline is next week, please send the invoice ${i} to the client.`,
    },
  };
}

/** Step i of a synthetic trace: alternately a read with a result and an action. */
export function traceStep(i: number): { call: ToolCall; result: unknown } {
  if (i % 2 === 0) {
    return {
      call: {
        id: `t${i}`,
        server: i % 4 === 0 ? 'mail' : 'bank',
        tool: i % 4 === 0 ? 'search_emails' : 'get_transactions',
        arguments: { query: `q${i}` },
      },
      result: { content: [{ type: 'text', text: mailText(i) }] },
    };
  }
  return {
    call: {
      id: `t${i}`,
      server: 'bank',
      tool: 'send_money',
      arguments: {
        recipient: `DE${String(10 + ((i - 1) % 89))}37040044053201${String(3000 + i - 1).padStart(4, '0')}`,
        amount: 100 + (i % 50),
        subject: 'rent',
      },
    },
    result: { content: [{ type: 'text', text: 'Transaction completed.' }] },
  };
}
