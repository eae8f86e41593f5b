import type { EscalationQuestion, TrustProblem } from '@mcp-trust/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from './support.js';
import { annotated, fakeServer, session, TOOLS } from './support.js';

const PAYROLL = 'Payroll March: Alice Moreau 182000, Bilal Hassan 131500';

/**
 * SEP-1862 `tools/resolve` before each call: the server narrows `send`'s destination by recipient,
 * so sensitive data mailed inside the company goes unasked while the same text sent outside is
 * escalated; a failed resolve keeps the static contract (both possible destinations).
 */
describe('tools/resolve before a call', () => {
  let files: FakeServer;
  let mail: FakeServer;
  const resolves: Record<string, unknown>[] = [];
  beforeAll(async () => {
    files = await fakeServer({
      tools: [TOOLS.note],
      answer: () =>
        annotated(PAYROLL, {
          openWorldHint: false,
          attribution: ['mcp://files/hr/payroll.csv'],
          returnMetadata: { source: 'internal', sensitivity: 'financial' },
        }),
    });
    mail = await fakeServer({
      tools: [TOOLS.send],
      resolve: (name, args) => {
        resolves.push({ name, args });
        const to = String(args.to);
        if (to.startsWith('fail')) throw new Error('resolver down');
        const destination = to.endsWith('@example.com') ? 'internal' : 'public';
        return {
          tool: {
            name,
            annotations: {
              inputMetadata: { destination, sensitivity: ['pii'], outcomes: 'irreversible' },
              returnMetadata: { source: 'system', sensitivity: 'none' },
            },
          },
        };
      },
    });
  });
  afterAll(async () => {
    await files.close();
    await mail.close();
  });

  async function send(to: string) {
    const questions: EscalationQuestion[] = [];
    const { trust, problems } = await session({
      clients: { files: files.client, mail: mail.client },
      servers: { files: { trust: 'trusted' }, mail: { trust: 'trusted' } },
      onEscalate: (q) => {
        questions.push(q);
        return 'deny';
      },
    });
    await trust.callTool('files', 'note', {});
    const outcome = await trust.callTool('mail', 'send', { to, body: PAYROLL }).then(
      () => 'sent',
      (e: Error) => e.name,
    );
    return { outcome, questions, problems: problems as TrustProblem[] };
  }

  it('sends inside the company without a question', async () => {
    const { outcome, questions } = await send('colleague@example.com');
    expect(outcome).toBe('sent');
    expect(questions).toHaveLength(0);
    expect(resolves.at(-1)).toEqual({
      name: 'send',
      args: { to: 'colleague@example.com', body: PAYROLL },
    });
  });

  it('asks before the same data leaves', async () => {
    const { outcome, questions } = await send('accountant@outside.example');
    expect(outcome).toBe('TrustRefusal');
    expect(questions[0]?.reasons.some((r) => r.startsWith('sensitive-data-to-public: '))).toBe(true);
    expect(questions[0]?.origins.body).toEqual(['mcp://files/hr/payroll.csv']);
  });

  it('keeps the static contract when resolve fails, and says so', async () => {
    const { outcome, questions, problems } = await send('fail@example.com');
    expect(outcome).toBe('TrustRefusal');
    expect(questions).toHaveLength(1);
    expect(problems.find((p) => p.code === 'resolve-failed')).toMatchObject({ server: 'mail', tool: 'send' });
  });
});
