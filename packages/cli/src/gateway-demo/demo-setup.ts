import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the live demo runs: a scratch directory, its config, and where each server lives. */
export interface DemoSetup {
  dir: string;
  config: string;
  store: string;
  outbox: string;
  /** The CLI entry the gateway runs from (this very build). */
  bin: string;
  /** Servers in the config, with what they are, for the header. */
  servers: { name: string; what: string }[];
}

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** The example servers, built by `npm run build` beside the CLI. */
function example(name: string): string {
  return join(REPO, 'examples', name, 'dist', 'main.js');
}

/** `@modelcontextprotocol/server-filesystem`'s entry, when it is installed (a devDependency). */
function referenceFilesystem(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve('@modelcontextprotocol/server-filesystem/package.json');
    const bin = (JSON.parse(readFileSync(pkg, 'utf8')) as { bin?: Record<string, string> }).bin ?? {};
    const entry = Object.values(bin)[0];
    return entry === undefined ? undefined : join(dirname(pkg), entry);
  } catch {
    return undefined;
  }
}

export function prepareDemo(): DemoSetup {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-trust-demo-'));
  const missing = ['file-server', 'mail-server', 'web-server'].filter((n) => !existsSync(example(n)));
  if (missing.length > 0) {
    throw new Error(`the example servers are not built (${missing.join(', ')}): run \`npm run build\` first`);
  }
  const disk = join(dir, 'shared-drive');
  mkdirSync(disk, { recursive: true });
  writeFileSync(
    join(disk, 'standup.md'),
    '# Stand-up\n\n- Ship the gateway demo\n- Review the policy pack\n',
  );
  cpSync(join(REPO, 'examples', 'file-server', 'data', 'notes'), join(disk, 'notes'), { recursive: true });
  const store = join(dir, 'demo.db');
  const outbox = join(dir, 'outbox.jsonl');
  const node = JSON.stringify(process.execPath);
  const servers = [
    { name: 'files', what: 'example file server (HR drive; trusted: its declarations are believed)' },
    { name: 'mail', what: 'example e-mail server (trusted; answers tools/resolve)' },
    { name: 'web', what: 'example web server (untrusted; flags pages it knows are injected)' },
  ];
  let yaml = `# Written by \`mcp-trust demo\`.
mode: enforce
servers:
  files:
    command: ${node}
    args: [${JSON.stringify(example('file-server'))}]
    trust: trusted
  mail:
    command: ${node}
    args: [${JSON.stringify(example('mail-server'))}]
    env: { MAIL_OUTBOX_FILE: ${JSON.stringify(outbox)} }
    trust: trusted
  web:
    command: ${node}
    args: [${JSON.stringify(example('web-server'))}]
    env: { WEB_FLAG_INJECTIONS: "1" }
`;
  const fs = referenceFilesystem();
  if (fs !== undefined) {
    yaml += `  disk:
    command: ${node}
    args: [${JSON.stringify(fs)}, ${JSON.stringify(disk)}]
    overlay: filesystem
`;
    servers.push({
      name: 'disk',
      what: '@modelcontextprotocol/server-filesystem (untrusted; catalog overlay `filesystem`)',
    });
  }
  yaml += `policy:
  packs: [default]
store: ${JSON.stringify(store)}
`;
  const config = join(dir, 'config.yaml');
  writeFileSync(config, yaml);
  const bin = fileURLToPath(new URL('../bin.js', import.meta.url));
  return { dir, config, store, outbox, bin, servers };
}
