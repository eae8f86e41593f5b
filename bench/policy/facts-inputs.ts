import type { DeepPartial, Facts } from '../../packages/policy/src/index.js';
import { completeFacts } from '../../packages/policy/src/index.js';

/**
 * Realistic facts for one decision each: the SEP-1913 e-mail and salary scenarios, an AgentDojo
 * style banking transfer, a result phase, and a tool nobody declared. Built once; the benchmark
 * cycles through them so no single shape is all the JIT sees.
 */

const web = { openWorld: true, sources: ['untrustedPublic'], attribution: ['https://example.com/article'] };
const salaries = {
  sources: ['internal'],
  sensitivity: ['financial'],
  attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'],
};
const sendEmail = {
  name: 'send_email',
  server: 'mail',
  destination: ['public'],
  outcomes: ['irreversible'],
  inputSensitivity: ['pii', 'user'],
  declared: { destination: true, outcomes: true, inputSensitivity: true },
  annotations: {
    inputMetadata: { destination: 'public', sensitivity: ['pii', 'user'], outcomes: 'irreversible' },
  },
};

const SCENARIOS: DeepPartial<Facts>[] = [
  // Reading drafts at the start of a session: nothing matches.
  {
    tool: {
      name: 'read_drafts',
      destination: ['ephemeral'],
      outcomes: ['benign'],
      annotations: { inputMetadata: { destination: 'ephemeral', outcomes: 'benign' } },
    },
    server: { name: 'mail' },
  },
  // The salary spreadsheet e-mailed to the accountant the user named.
  {
    tool: sendEmail,
    server: { name: 'mail' },
    session: { calls: 3, results: 2, label: salaries },
    args: {
      to: { value: 'accountant@example.com', endorsed: true, role: 'recipient' },
      subject: { value: 'Salaries', endorsed: true, role: 'content' },
      body: { value: 'Attached: salaries.xlsx …', label: salaries, role: 'content' },
    },
  },
  // A web page summarised, then e-mailed to an address found on the page.
  {
    tool: sendEmail,
    server: { name: 'mail' },
    session: { calls: 2, results: 1, label: web },
    args: {
      to: { value: 'eve@evil.example', label: web, role: 'recipient' },
      subject: { value: 'Summary', role: 'content' },
      body: { value: 'The article says …', label: web, role: 'content' },
    },
  },
  // A bank transfer whose IBAN came from a bill (open-world), in a session that read the balance.
  {
    tool: {
      name: 'send_money',
      server: 'banking',
      destination: ['public'],
      outcomes: ['irreversible'],
      hints: { destructiveHint: true },
    },
    server: { name: 'banking' },
    session: { calls: 5, results: 4, label: { ...web, sensitivity: ['financial'] } },
    args: {
      recipient: { value: 'GB29NWBK60161331926819', label: web, role: 'recipient' },
      amount: { value: 98.7, role: 'amount' },
      subject: { value: 'Bill', role: 'content' },
      date: { value: '2024-05-01', endorsed: true, role: 'selector' },
    },
  },
  // The result phase of a web fetch flagged malicious.
  {
    phase: 'result',
    tool: { name: 'fetch', server: 'web', destination: ['ephemeral'], outcomes: ['benign'] },
    server: { name: 'web' },
    session: { calls: 1, label: { ...web, malicious: true } },
    response: { label: { ...web, malicious: true } },
    args: { url: { value: 'https://example.com/article', endorsed: true } },
  },
  // A tool nobody declared anything for: every possible set full.
  {
    tool: { name: 'do_thing', server: 'misc' },
    server: { name: 'misc' },
    session: { calls: 8, results: 7, label: { sensitivity: ['pii'] } },
    args: { a: { value: 'x' }, b: { value: 2 } },
  },
];

export function factsPool(): Facts[] {
  return SCENARIOS.map((s) => completeFacts(s));
}
