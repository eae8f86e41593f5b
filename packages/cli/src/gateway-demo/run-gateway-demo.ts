import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { Style } from '../demo/colour.js';
import type { Json } from './demo-agent.js';
import { DemoAgent } from './demo-agent.js';
import { prepareDemo } from './demo-setup.js';
import { classify, SCENARIOS } from './scenarios.js';
import { callLines, expectationText } from './timeline.js';

export interface GatewayDemoOptions {
  /** Keep the scratch directory (config, store, outbox) instead of deleting it. */
  keep?: boolean;
}

/**
 * `mcp-trust demo`: the gateway as a real process, a real SDK client as the agent, the example
 * servers (and server-filesystem) behind it, through SEP-1913's scenarios; then the audit log is
 * verified by the real CLI. Returns the exit code: non-zero if any scenario did not turn out as
 * it should, so the demo doubles as a smoke test.
 */
export async function runGatewayDemo(
  print: (line: string) => void,
  s: Style,
  opts: GatewayDemoOptions = {},
): Promise<number> {
  const setup = prepareDemo();
  print(
    s.bold('mcp-trust demo — a policy-enforcing gateway between an agent and MCP servers it did not write'),
  );
  print('');
  print(`  ${s.dim('gateway')}  node ${setup.bin} gateway --config ${setup.config}`);
  for (const srv of setup.servers) print(`  ${s.dim('server ')}  ${s.bold(srv.name.padEnd(5))} ${srv.what}`);
  let agent: DemoAgent | undefined;
  let failures = 0;
  try {
    agent = await DemoAgent.start(setup.bin, setup.config);
    const tools = await agent.tools();
    print(
      `  ${s.dim('agent  ')}  a scripted MCP client (protocol ${agent.protocolVersion ?? '?'}, answers questions by form elicitation); ${tools.length} tools, named server__tool`,
    );
    const drive = setup.servers.some((x) => x.name === 'disk') ? `${setup.dir}/shared-drive` : undefined;
    for (const [i, sc] of SCENARIOS.entries()) {
      print('');
      print(s.bold(`${i + 1}. ${sc.title}`) + s.dim(` — expected: ${expectationText(sc.expect)}`));
      print(`   ${s.dim(sc.story)}`);
      const session = `demo-${i + 1}`;
      const a = agent;
      const last = await sc.run({
        agent: a,
        ...(drive === undefined ? {} : { drive }),
        step: async (name: string, args: Json, person?: 'accept' | 'decline') => {
          const o = await a.call(session, name, args, person);
          for (const line of callLines(name, args, o, s)) print(line);
          return o;
        },
      });
      const got = classify(last);
      if (got === sc.expect) print(`   ${s.green('✓')} ${expectationText(got)}, as the SEP expects`);
      else {
        failures++;
        print(`   ${s.red(`✗ expected ${expectationText(sc.expect)}, got ${expectationText(got)}`)}`);
      }
    }
  } catch (err) {
    failures++;
    print(s.red(`demo failed: ${err instanceof Error ? err.message : String(err)}`));
    if (agent !== undefined) for (const line of agent.stderr.slice(-10)) print(s.dim(`  gateway: ${line}`));
  } finally {
    await agent?.close().catch(() => undefined);
  }

  print('');
  print(s.bold('What actually left the building'));
  const sent = existsSync(setup.outbox)
    ? readFileSync(setup.outbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Json)
    : [];
  for (const m of sent)
    print(
      `  ${s.dim('mail')} ${String(m.id)} to ${String(m.to)} (${String(m.destination)}): ${String(m.subject)}`,
    );
  if (sent.length === 0) print(`  ${s.dim('nothing')}`);

  print('');
  print(s.bold('The audit log') + s.dim(` — mcp-trust audit verify --store ${setup.store}`));
  const verify = spawnSync(process.execPath, [setup.bin, 'audit', 'verify', '--store', setup.store], {
    encoding: 'utf8',
  });
  const said = `${verify.stdout}${verify.stderr}`.trim();
  print(`  ${verify.status === 0 ? s.green(said) : s.red(said)}`);
  if (verify.status !== 0) failures++;

  if (opts.keep === true) print(s.dim(`\nkept ${setup.dir} (config, store, outbox)`));
  else rmSync(setup.dir, { recursive: true, force: true });
  print('');
  print(
    failures === 0
      ? s.green('All scenarios behaved as the SEP describes.')
      : s.red(`${failures} scenario(s) did not.`),
  );
  return failures === 0 ? 0 : 1;
}
