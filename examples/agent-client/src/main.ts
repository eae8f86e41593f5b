#!/usr/bin/env node
/**
 * A small host on `@mcp-trust/client` (docs/hosts.md): it owns one SDK `Client` per example server
 * over stdio, wraps them in one `TrustSession`, and routes every tool call of a scripted agent
 * (script.ts) through it, printing one line per call: the tool, what was decided, and why.
 *
 *   node examples/agent-client/dist/main.js [--approve]
 *
 * `--approve` makes the scripted person say yes when asked to allow a call; by default they say
 * no. Releasing a flagged result to the model is a different question, and they always say no.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CallVerdicts, EscalationQuestion, TrustSessionOptions } from '@mcp-trust/client';
import { TrustRefusal, TrustSession } from '@mcp-trust/client';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { runScript } from './script.js';
import { labelText, timeline } from './timeline.js';

/** Starts an example server's build (`examples/<name>/dist/main.js`) and connects a client to it. */
async function connect(name: string, env: Record<string, string> = {}): Promise<Client> {
  const entry = fileURLToPath(new URL(`../../${name}/dist/main.js`, import.meta.url));
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const client = new Client({ name: 'example-agent-client', version: '0.1.0' });
  // The SDK hands a server only a safe part of the host's environment; add what it needs.
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry],
    env: { ...getDefaultEnvironment(), ...env },
  });
  await client.connect(transport);
  return client;
}

async function main(argv: readonly string[]): Promise<void> {
  const approve = argv.includes('--approve');
  // MAIL_OUTBOX_FILE, when set, records what the mail server really sent (the test reads it).
  const outbox = process.env.MAIL_OUTBOX_FILE;
  const [files, mail, web] = await Promise.all([
    connect('file-server'),
    connect('mail-server', outbox === undefined ? {} : { MAIL_OUTBOX_FILE: outbox }),
    connect('web-server'),
  ]);

  // What the person was asked during the current call, so the timeline can say what about.
  const questions: EscalationQuestion[] = [];
  const options: TrustSessionOptions = {
    clients: { files, mail, web },
    // The user's own drive and mailbox are trusted: their declarations and labels are believed.
    // The web server is untrusted (the default): only what it says that raises risk counts, so
    // the injected page is caught by the session's own detectors, not by the server's word.
    servers: { files: { trust: 'trusted' }, mail: { trust: 'trusted' }, web: {} },
    policy: { packs: ['default'] },
    // A real host shows `q.message` in a dialog and waits for the person.
    onEscalate: (q) => {
      questions.push(q);
      return q.phase === 'call' && approve ? 'approve' : 'deny';
    },
  };
  let trust = await TrustSession.create(options);
  const tools = await trust.listTools(); // for the model: `server__tool`, with effective annotations
  console.log(`Session ${trust.id} (pack default; files, mail trusted; web untrusted)`);
  console.log(
    `Tools: ${tools.map((t) => t.name).join(', ')}; the person answers ${approve ? 'approve' : 'deny'}`,
  );

  const print = timeline();
  await runScript({
    user(title, words) {
      console.log(`\n${title}\n  user: ${words}`);
      trust.notePrompt(words);
    },

    // The host's tool loop: every call goes through the session, and a refusal is a tool error.
    async call(name, args) {
      questions.length = 0;
      try {
        const result = await trust.callTool(name, args);
        const asked = questions.at(-1);
        const verdicts = result._meta?.['mcp-trust/verdict'] as CallVerdicts | undefined;
        const rules = [...(verdicts?.call.rules ?? []), ...(verdicts?.result?.rules ?? [])];
        const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
        let decision =
          asked === undefined ? 'allowed' : asked.phase === 'call' ? 'asked → approved' : 'released';
        // mcp-trust let it through, but the server may still refuse by its own policy.
        if (result.isError) decision += ', server error';
        print({ tool: name, decision, rules: rules.map((r) => r.rule), asked }, trust.label);
        return text;
      } catch (err) {
        if (!(err instanceof TrustRefusal)) throw err;
        const asked = questions.at(-1);
        const decision =
          asked === undefined ? err.code : asked.phase === 'call' ? 'asked → denied' : 'flagged → withheld';
        print({ tool: name, decision, rules: err.rules, asked, reasons: err.reasons }, trust.label);
        return undefined; // a real host gives the model `err.toolResult`, so it does not retry
      }
    },

    async restart() {
      // Persist as a host would: plain JSON, in any store. Another process would restore it with
      // its own newly connected clients; here the same options do.
      const saved = JSON.stringify(trust.state());
      console.log(`\nThe host restarts: state() is ${saved.length} bytes of JSON`);
      console.log(`  before: ${labelText(trust.label)}`);
      trust = await TrustSession.restore(JSON.parse(saved), options);
      console.log(`  after:  ${labelText(trust.label)} (session ${trust.id})`);
      console.log('  the agent tries the market summary again:');
    },
  });

  await Promise.all([files.close(), mail.close(), web.close()]);
}

await main(process.argv.slice(2));
