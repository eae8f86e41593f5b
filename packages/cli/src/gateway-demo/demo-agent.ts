import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { z } from 'zod';

export type Json = Record<string, unknown>;

/** What came back from one call, read the way a host would. */
export interface CallOutcome {
  result: Json;
  isError: boolean;
  text: string;
  /** `call` / `result` action from `_meta["mcp-trust/verdict"]`. */
  callAction?: string;
  resultAction?: string;
  rules: string[];
  /** The question the person was asked, if any, and what they answered. */
  asked?: { message: string; answer: 'accept' | 'decline' };
  annotations?: Json;
}

const loose = z.looseObject({});

/**
 * The scripted agent: a real SDK client that speaks to the gateway over stdio, declares form
 * elicitation, and answers each question the way the scenario's person would.
 */
export class DemoAgent {
  private answer: 'accept' | 'decline' = 'decline';
  private asked: CallOutcome['asked'];
  readonly stderr: string[] = [];

  private constructor(private readonly client: Client) {}

  static async start(bin: string, config: string): Promise<DemoAgent> {
    const client = new Client(
      { name: 'mcp-trust-demo-agent', version: '0.1.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } },
    );
    const agent = new DemoAgent(client);
    client.setRequestHandler('elicitation/create', async (req) => {
      const params = req.params as Json;
      agent.asked = { message: String(params.message ?? ''), answer: agent.answer };
      return agent.answer === 'accept'
        ? { action: 'accept', content: { approve: true } }
        : { action: 'decline' };
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'gateway', '--config', config],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) =>
      agent.stderr.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
    );
    await client.connect(transport);
    return agent;
  }

  get protocolVersion(): string | undefined {
    return (
      this.client as unknown as { getNegotiatedProtocolVersion?: () => string }
    ).getNegotiatedProtocolVersion?.();
  }

  async tools(): Promise<Json[]> {
    const res = await this.client.request(
      { method: 'tools/list', params: {} },
      z.looseObject({ tools: z.array(loose) }),
    );
    return res.tools as Json[];
  }

  /** One tool call in an explicit agent session; `person` is how the scripted person answers a question. */
  async call(
    session: string,
    name: string,
    args: Json,
    person: 'accept' | 'decline' = 'decline',
  ): Promise<CallOutcome> {
    this.answer = person;
    this.asked = undefined;
    const result = (await this.client.request(
      { method: 'tools/call', params: { name, arguments: args, _meta: { 'mcp-trust/session': session } } },
      loose,
    )) as Json;
    const meta = (result._meta ?? {}) as Json;
    const verdict = (meta['mcp-trust/verdict'] ?? {}) as Json;
    const phase = (p: unknown): Json => (typeof p === 'object' && p !== null ? (p as Json) : {});
    const rules = [phase(verdict.call).rules, phase(verdict.result).rules, verdict.rules]
      .flatMap((r) => (Array.isArray(r) ? r : []))
      .map((r) => String((r as Json).rule));
    const content = Array.isArray(result.content) ? (result.content as Json[]) : [];
    const outcome: CallOutcome = {
      result,
      isError: result.isError === true,
      text: content.map((c) => (typeof c.text === 'string' ? c.text : '')).join('\n'),
      rules: [...new Set(rules)],
    };
    const callAction = phase(verdict.call).action ?? verdict.action;
    if (typeof callAction === 'string') outcome.callAction = callAction;
    if (typeof phase(verdict.result).action === 'string')
      outcome.resultAction = String(phase(verdict.result).action);
    if (this.asked !== undefined) outcome.asked = this.asked;
    if (typeof meta.annotations === 'object' && meta.annotations !== null)
      outcome.annotations = meta.annotations as Json;
    return outcome;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
