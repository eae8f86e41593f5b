import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Finding } from '@mcp-trust/detectors';
import { detectSecrets, scanText } from '@mcp-trust/detectors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeAt } from '../src/secrets/text.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SHARED = resolve(REPO_ROOT, '../shared/data');
const FIXTURES = process.env.SECRETLINT_FIXTURES || join(SHARED, 'secretlint-fixtures');

function secrets(text: string): Finding[] {
  const out: Finding[] = [];
  detectSecrets(text, out);
  return out;
}

/** The text of each finding's span. */
const spans = (text: string): string[] => secrets(text).map((f) => text.slice(f.start, f.end));
const rules = (text: string): string[] => secrets(text).map((f) => f.rule);

// Test tokens are random bodies behind their vendor prefix, assembled at run time so that no
// complete token sits in the source for a scanner to flag. mulberry32, seeded: the same every run.
let seed = 0x2f6b_1d3a;
function random(
  length: number,
  alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
): string {
  let s = '';
  for (let i = 0; i < length; i++) {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    s += alphabet[((t ^ (t >>> 14)) >>> 0) % alphabet.length];
  }
  return s;
}
const HEX = '0123456789abcdef';
const b64url = (s: string): string => Buffer.from(s).toString('base64url');

interface Fixture {
  id: string;
  text: string;
  positive: boolean;
}

/**
 * secretlint's fixtures, with the truth secretlint itself recorded: an input holds a secret when its
 * `output.json` lists messages. This covers the folders not named `ng.`/`ok.` (npm, privatekey), and
 * counts as clean the `filter-comments/ng.*` inputs, whose "THIS IS SECRET A" is a dummy rule's.
 * Inputs that are clean only under a `.secretlintrc.json` (an `allows` list, a rule switched off)
 * hold real secrets and are left out. `.p12` key stores are given as base64, the way MCP carries
 * binary content.
 */
function loadFixtures(): Fixture[] {
  const fixtures: Fixture[] = [];
  for (const rule of readdirSync(FIXTURES).filter((d) => d.startsWith('secretlint-rule-'))) {
    for (const name of readdirSync(join(FIXTURES, rule))) {
      const dir = join(FIXTURES, rule, name);
      const output = JSON.parse(readFileSync(join(dir, 'output.json'), 'utf8')) as {
        filePath: string;
        messages: unknown[];
      };
      const positive = output.messages.length > 0;
      if (!positive && existsSync(join(dir, '.secretlintrc.json'))) continue;
      const file = join(dir, basename(output.filePath));
      const text = file.endsWith('.p12') ? readFileSync(file).toString('base64') : readFileSync(file, 'utf8');
      fixtures.push({ id: `${rule.slice('secretlint-rule-'.length)}/${name}`, text, positive });
    }
  }
  return fixtures;
}

describe('detectSecrets on the secretlint fixtures', () => {
  const fixtures = loadFixtures();

  it('finds ≥ 95% of the inputs with a secret and flags ≤ 2% of the inputs without', () => {
    const positives = fixtures.filter((f) => f.positive);
    const negatives = fixtures.filter((f) => !f.positive);
    const missed = positives.filter((f) => secrets(f.text).length === 0).map((f) => f.id);
    const flagged = negatives.filter((f) => secrets(f.text).length > 0).map((f) => f.id);
    expect(positives.length).toBeGreaterThanOrEqual(55);
    expect(negatives.length).toBeGreaterThanOrEqual(45);
    expect(missed.length / positives.length, `missed: ${missed.join(', ')}`).toBeLessThanOrEqual(0.05);
    expect(flagged.length / negatives.length, `flagged: ${flagged.join(', ')}`).toBeLessThanOrEqual(0.02);
  });

  it('never puts the secret in the message, and spans stay inside the text', () => {
    let checked = 0;
    for (const { text } of fixtures) {
      for (const f of secrets(text)) {
        expect(f.kind).toBe('secret');
        expect(f.dataClass).toBe('credentials');
        expect(f.rule).toMatch(/^secret\/[a-z0-9-]+$/);
        expect(f.score).toBeGreaterThan(0);
        expect(f.score).toBeLessThanOrEqual(1);
        expect(f.start).toBeGreaterThanOrEqual(0);
        expect(f.end).toBeLessThanOrEqual(text.length);
        expect(f.end - f.start).toBeGreaterThanOrEqual(4);
        // A secret as short as `pass` may be a word of the message; longer ones never are.
        if (f.end - f.start >= 8) expect(f.message).not.toContain(text.slice(f.start, f.end));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('detectSecrets on ordinary text', () => {
  it('finds nothing in the AgentDojo tool outputs', () => {
    const data = JSON.parse(readFileSync(join(SHARED, 'agentdojo/agentdojo-v1.2.1.json'), 'utf8')) as {
      suites: Record<
        string,
        {
          injection_vectors: Record<string, string>;
          user_tasks: Record<string, { calls: { result: string | null }[] }>;
        }
      >;
    };
    let results = 0;
    for (const suite of Object.values(data.suites)) {
      for (const task of Object.values(suite.user_tasks)) {
        for (const call of task.calls) {
          if (call.result === null) continue;
          const text = call.result.replace(
            /\{\{(\w+)\}\}/g,
            (_, v: string) => suite.injection_vectors[v] ?? '',
          );
          expect(rules(text), text.slice(0, 200)).toEqual([]);
          results++;
        }
      }
    }
    expect(results).toBeGreaterThan(100);
  });

  it('finds nothing in ids, hashes, lockfiles, images and prose', () => {
    const texts = [
      `id: ${crypto.randomUUID()} request ${crypto.randomUUID()}`,
      `commit ${random(40, HEX)}\nMerge: ${random(7, HEX)} ${random(7, HEX)}\n    fix: token refresh`,
      `"integrity": "sha512-${Buffer.from(random(64)).toString('base64')}",\n"resolved": "https://registry.npmjs.org/a/-/a-1.0.0.tgz"`,
      `<img src="data:image/png;base64,${Buffer.from(random(3000)).toString('base64')}" alt="logo">`,
      'Please reset your password: go to Settings, choose Security, then enter a new password twice.',
      'The API key is stored in the vault; ask the platform team for access. Tokens expire after 24h.',
      'const token = await getToken(); const password = config.db.password; apiKey: string;',
      'max_tokens: 4096, "input_tokens": 1234, "nextPageToken": "CiAKGjBpNDd2Nmp2Zml2cXRwYjBp"',
      'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 user@host',
      '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJRTES\n-----END CERTIFICATE-----',
    ];
    for (const text of texts) expect(rules(text), text.slice(0, 80)).toEqual([]);
  });
});

describe('vendor tokens', () => {
  const cases: [string, string, string][] = [
    ['github-token', `${'gh'}p_${random(36)}`, `${'gX'}X_${random(36)}`],
    ['github-token', `github_${'pat'}_${random(22)}_${random(59)}`, `github_${'pat'}_${random(10)}`],
    ['gitlab-token', `${'glpat'}-${random(20)}`, `${'glpat'}-${random(8)}`],
    [
      'slack-token',
      `${'xoxb'}-${random(11, '0123456789')}-${random(13, '0123456789')}-${random(24)}`,
      'xoxb-',
    ],
    ['stripe-key', `${'sk'}_live_${random(24)}`, `${'pk'}_live_${random(24)}`],
    ['stripe-key', `${'rk'}_test_${random(24)}`, `x${'sk'}_test_${random(24)}`],
    ['openai-api-key', `${'sk'}-proj-${random(74)}${'T3Blbk'}FJ${random(74)}`, `${'sk'}-proj-${random(160)}`],
    ['anthropic-api-key', `${'sk'}-ant-api03-${random(93)}AA`, `${'sk'}-ant-api03-${random(12)}`],
    ['groq-api-key', `${'gsk'}_${random(52)}`, `${'gsk'}_${random(53)}`],
    [
      'huggingface-token',
      `${'hf'}_${random(34, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')}`,
      `${'hf'}_${random(33)}1`,
    ],
    ['npm-token', `${'npm'}_${random(36)}`, `${'npm'}_${random(20)}`],
    ['sendgrid-api-key', `${'SG'}.${random(22)}.${random(43)}`, `x${'SG'}.${random(22)}.${random(43)}`],
    ['shopify-token', `${'shpat'}_${random(32, HEX)}`, `${'shpat'}_${random(12, HEX)}`],
    ['linear-api-key', `${'lin'}_api_${random(40)}`, `${'lin'}_api_${random(20)}`],
    ['notion-token', `${'ntn'}_${random(11, '0123456789')}${random(35)}`, `${'ntn'}_${random(46)}`],
    ['figma-token', `${'figd'}_${random(40)}`, `${'figd'}_${random(10)}`],
    ['grafana-token', `${'glsa'}_${random(32)}_${random(8, HEX)}`, `${'glsa'}_${random(32)}`],
    [
      'grafana-token',
      `${'glc'}_${b64url(`{"o":"${random(6)}","n":"stack","k":"${random(24)}"}`)}`,
      `${'glc'}_${random(48)}`,
    ],
    [
      'tailscale-key',
      `${'tskey'}-auth-${random(12)}-${random(32)}`,
      `x${'tskey'}-auth-${random(12)}-${random(32)}`,
    ],
    ['vercel-token', `${'vcp'}_${random(40)}`, `${'vcp'}_${random(6)}`],
    ['cloudflare-token', `${'cfat'}_${random(40)}${random(8, HEX)}`, `${'cfat'}_${random(49)}`],
    [
      '1password-token',
      `${'ops'}_${b64url(`{"email":"${random(8)}@example.com","secretKey":"${random(30)}"}`)}`,
      `${'ops'}_${random(80)}`,
    ],
    ['docker-token', `${'dckr'}_pat_${random(27)}`, `${'dckr'}_pat_${random(8)}`],
    [
      'aws-access-key-id',
      `${'AKIA'}${random(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`,
      `${'AKIA'}IOSFODNN7EXAMPLE`,
    ],
    ['gcp-api-key', `${'AIza'}${random(35)}`, `${'AIza'}${random(20)}`],
  ];
  it.each(cases)('%s: finds the token and its exact span, not a look-alike', (name, token, lookalike) => {
    const text = `config:\n  value ${token} (rotated)\n`;
    const found = secrets(text);
    expect(found.map((f) => f.rule)).toEqual([`secret/${name}`]);
    expect(text.slice(found[0]!.start, found[0]!.end)).toBe(token);
    expect(found[0]!.score).toBeGreaterThanOrEqual(0.9);
    expect(found[0]!.message).not.toContain(token);
    expect(rules(`config:\n  value ${lookalike} (rotated)\n`)).toEqual([]);
  });

  it('reports a well-formed token with a placeholder body with less confidence', () => {
    const [found] = secrets(`STRIPE_KEY=${'sk'}_live_${'X'.repeat(24)}`);
    expect(found?.rule).toBe('secret/stripe-key');
    expect(found?.score).toBeLessThan(0.6);
    expect(found?.message).toContain('placeholder');
  });

  it('keeps one finding where a key and a token overlap: the vendor rule wins', () => {
    const token = `${'gh'}p_${random(36)}`;
    expect(rules(`GITHUB_TOKEN=${token}`)).toEqual(['secret/github-token']);
    expect(rules(`Authorization: Bearer ${token}`)).toEqual(['secret/github-token']);
  });

  it('finds tokens recognised where a value starts: Databricks, Vault, Discord', () => {
    const dapi = `${'dapi'}${random(32, HEX)}`;
    const vault = `${'hvs'}.${random(90)}`;
    const discord = `${Buffer.from('123456789012345678').toString('base64')}.${random(6)}.${random(38)}`;
    expect(spans(`DATABRICKS_HOST=x\nDATABRICKS_TOKEN=${dapi}`)).toEqual([dapi]);
    expect(rules(`{"token": "${vault}"}`)).toEqual(['secret/vault-token']);
    expect(rules(`X-Vault-Token: ${vault}`)).toEqual(['secret/vault-token']);
    expect(rules(`bot = "${discord}"`)).toEqual(['secret/discord-bot-token']);
    expect(
      rules(`name = "${Buffer.from('not a number here').toString('base64')}.abcdef.${random(30)}"`),
    ).toEqual([]);
  });

  it('finds webhook URLs whose path is the secret', () => {
    const slack = `https://hooks.slack.com/services/T${random(8, 'ABCDEFGHJK0123456789')}/B${random(10, 'ABCDEFGHJK0123456789')}/${random(24)}`;
    const discord = `https://discord.com/api/webhooks/${random(18, '0123456789')}/${random(68)}`;
    expect(spans(`post to ${slack} now`)).toEqual([slack]);
    expect(rules(`hook: ${discord}`)).toEqual(['secret/discord-webhook-url']);
    expect(rules('see https://api.slack.com/apps and https://discord.com/developers/docs')).toEqual([]);
  });
});

describe('AWS, GCP and Azure credentials in context', () => {
  it('finds an AWS secret access key by its key name, and only 40-character values', () => {
    const key = random(40, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
    expect(spans(`aws_secret_access_key = ${key}`)).toEqual([key]);
    expect(rules(`{"SecretAccessKey": "${key}"}`)).toEqual(['secret/aws-secret-access-key']);
    expect(rules(`AWS_SECRET_ACCESS_KEY = ${random(54)}==`)).toEqual([]);
  });

  it('finds a GCP service account key and names it', () => {
    const pem = `-----BEGIN PRIVATE KEY-----\\n${random(64)}\\n${random(64)}\\n${random(40)}=\\n-----END PRIVATE KEY-----\\n`;
    const json = `{"type": "service_account", "project_id": "p", "private_key": "${pem}", "client_email": "a@p.iam.gserviceaccount.com"}`;
    const [found] = secrets(json);
    expect(found?.rule).toBe('secret/gcp-service-account-key');
    expect(json.slice(found!.start, found!.end)).toBe(pem.slice(0, pem.length - 2));
  });

  it('finds a GCP .p12 key store under its default password, not one with a real password', () => {
    const p12 = (name: string) =>
      readFileSync(join(FIXTURES, 'secretlint-rule-gcp', name, 'input.p12')).toString('base64');
    const blob = p12('ng.privatekey-p12-sha256-mac');
    expect(spans(`{"blob": "${blob}"}`)).toEqual([blob]);
    expect(rules(`{"blob": "${p12('ok.secure-privatekey-p12')}"}`)).toEqual([]);
    expect(rules(`{"blob": "${p12('ok.invalid-p12-huge-iter')}"}`)).toEqual([]);
  });

  it('finds the signature of an Azure shared access signature', () => {
    const sig = encodeURIComponent(
      `${random(43, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')}=`,
    );
    expect(
      spans(`SharedAccessSignature=sv=2022-11-02&ss=b&sp=rl&se=2030-01-01T00:00:00Z&sig=${sig}`),
    ).toEqual([sig]);
  });

  it('finds the account key of an Azure connection string', () => {
    const key = `${random(86, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')}==`;
    const text = `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${key};EndpointSuffix=core.windows.net`;
    expect(spans(text)).toEqual([key]);
    expect(rules('DefaultEndpointsProtocol=https;AccountName=acme;EndpointSuffix=core.windows.net')).toEqual(
      [],
    );
  });
});

describe('private keys and JWTs', () => {
  const body = Array.from({ length: 6 }, () =>
    random(64, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'),
  ).join('\n');

  it.each([
    'RSA PRIVATE KEY',
    'EC PRIVATE KEY',
    'OPENSSH PRIVATE KEY',
    'PRIVATE KEY',
    'PGP PRIVATE KEY BLOCK',
  ])('finds a %s block, whole', (label) => {
    const pem = `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`;
    expect(spans(`key:\n${pem}\nend`)).toEqual([pem]);
  });

  it('finds a private key block that is base64-encoded again, as kubeconfig carries it', () => {
    const pem = (label: string) =>
      Buffer.from(`-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`).toString('base64');
    const key = pem('EC PRIVATE KEY');
    expect(spans(`users:\n- user:\n    client-key-data: ${key}\n`)).toEqual([key]);
    expect(rules(`    client-certificate-data: ${pem('CERTIFICATE')}\n`)).toEqual([]);
  });

  it('rates an encrypted key lower, and skips placeholders and certificates', () => {
    const [encrypted] = secrets(
      `-----BEGIN ENCRYPTED PRIVATE KEY-----\n${body}\n-----END ENCRYPTED PRIVATE KEY-----`,
    );
    expect(encrypted?.score).toBeLessThan(0.9);
    for (const filler of ['...', 'xxx', '***', 'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo=']) {
      expect(rules(`-----BEGIN PRIVATE KEY-----\n${filler}\n-----END PRIVATE KEY-----`)).toEqual([]);
    }
    expect(rules(`-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`)).toEqual([]);
  });

  it('finds a JWT whose header names an alg, and not other dotted base64', () => {
    const jwt = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(`{"sub":"${random(10)}","iat":1700000000}`)}.${random(43)}`;
    expect(spans(`Authorization: Bearer ${jwt}`)).toEqual([jwt]);
    expect(rules(`${b64url('{"typ":"none"}')}.${b64url('{"sub":"x1234567"}')}.${random(43)}`)).toEqual([]);
    expect(rules(`${b64url('{"alg":"HS256"}')}.${random(43)}`)).toEqual([]);
  });
});

describe('credentials in URLs', () => {
  it.each([
    ['postgres://app:S3cure-Pa55w0rd@db.internal:5432/prod', 'S3cure-Pa55w0rd', 'database-url-password'],
    ['mysql://root:Kq7!vR2zLm@mysql.example.net/app', 'Kq7!vR2zLm', 'database-url-password'],
    ['mongodb+srv://svc:Zx9Lk2Pq7Wm@cluster0.abcd.mongodb.net/db', 'Zx9Lk2Pq7Wm', 'database-url-password'],
    ['redis://:h7Gk2LmQ9pXz@cache.example.com:6379', 'h7Gk2LmQ9pXz', 'database-url-password'],
    ['amqps://worker:Tr4nsp0rt-K3y@mq.example.com/vhost', 'Tr4nsp0rt-K3y', 'database-url-password'],
    ['https://deploy:Vx82-kLq9-Zm3p@git.example.com/repo.git', 'Vx82-kLq9-Zm3p', 'url-password'],
  ])('finds the password in %s', (url, password, name) => {
    expect(secrets(`url = "${url}"`).map((f) => [f.rule, `url = "${url}"`.slice(f.start, f.end)])).toEqual([
      [`secret/${name}`, password],
    ]);
  });

  it('skips templates, placeholders, missing passwords and weak local defaults', () => {
    for (const url of [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell/compose template is the input
      'postgres://user:${DB_PASSWORD}@db/prod',
      'mysql://{user}:{password}@localhost/app',
      'mongodb://username:password@cluster.example.net/test',
      'https://YOUR_USER:YOUR_PASSWORD@api.example.com',
      'amqp://guest:guest@mq.example.com:5672/',
      'redis://cache.example.com:6379',
      'https://user@example.com/path',
      'jdbc:mysql://admin:pass@localhost:3306/db',
      'https://user:xxxx@example.com',
    ]) {
      expect(rules(`url: ${url}`), url).toEqual([]);
    }
  });

  it('finds a token given as the user of a git URL', () => {
    const token = random(40, HEX);
    expect(spans(`"dep": "git+https://${token}:x-oauth-basic@github.com/acme/lib.git"`)).toEqual([token]);
  });
});

describe('values assigned to secret-named keys', () => {
  it.each([
    ['DB_PASSWORD=Tq8#mZ2vLp', 'Tq8#mZ2vLp'],
    ['password = "k2J9-xQ7m-Lp4Z"', 'k2J9-xQ7m-Lp4Z'],
    ['"client_secret": "8f2KqL9mZ3xV7pT1wR5nB6yH"', '8f2KqL9mZ3xV7pT1wR5nB6yH'],
    ['api_key: a1B2c3D4e5F6g7H8i9J0', 'a1B2c3D4e5F6g7H8i9J0'],
    ['SECRET_TOKEN=9c1f7e2ab34d5f60718293a4b5c6d7e8', '9c1f7e2ab34d5f60718293a4b5c6d7e8'],
    ['mysql --user=admin --password=Wq9!zK2m#x', 'Wq9!zK2m#x'],
    ['Server=db;Database=app;User Id=sa;Password=Rn7$kV2q!Lm;', 'Rn7$kV2q!Lm'],
    ['GET /v1/data?user=42&access_token=Zk29XqLm7Pw4Tr81Vb&page=2', 'Zk29XqLm7Pw4Tr81Vb'],
    ['//registry.npmjs.org/:_authToken=a7c1e9f3b5d7', 'a7c1e9f3b5d7'],
  ])('finds the value of %s', (text, value) => {
    expect(spans(text)).toEqual([value]);
  });

  it('finds Docker config auth and HTTP basic auth, decoding them', () => {
    const auth = Buffer.from('ci-bot:Lq8-vZ2k-Pm4x').toString('base64');
    expect(rules(`{"auths": {"registry.example.com": {"auth": "${auth}"}}}`)).toEqual([
      'secret/docker-config-auth',
    ]);
    expect(spans(`Authorization: Basic ${auth}`)).toEqual([auth]);
    expect(rules(`{"auth": "${Buffer.from('just some text').toString('base64')}"}`)).toEqual([]);
  });

  it('skips placeholders, templates, references and low-entropy values', () => {
    for (const text of [
      'password=xxxxxxxxxxxx',
      'api_key: <your-api-key>',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell/compose template is the input
      'API_KEY=${API_KEY}',
      'SECRET_TOKEN=%SECRET_TOKEN%',
      'password: changeme',
      'password = "p@ssw0rd"',
      'client_secret: "example-client-secret-value"',
      'token = "aaaaaaaaaaaaaaaaaaaaaa"',
      'DOCKER_TOKEN=not_a_real_token',
      'const token = this.auth.refreshToken;',
      'password: process.env.DB_PASSWORD',
      'apiKey: options?.apiKey',
      'secret = os.environ["SECRET"]',
      'PWD: /Users/someone/projects',
      'token_count = 12345678901234',
      'public_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA"',
    ]) {
      expect(rules(text), text).toEqual([]);
    }
  });
});

describe('robustness', () => {
  it('finishes on a megabyte of repeated near misses, finding nothing in them', () => {
    const units = [
      'ghp_',
      'sk-ant-',
      'a=',
      'password=',
      'token: ',
      '-----BEGIN PRIVATE KEY-----\n',
      'eyJ',
      'a://',
      'https://a:b',
      'AKIA',
      'MIIJeQIBAzCC',
      'SG.',
      'glpat-',
      '_-.=:AJ',
      `${'sk'}-${'a'.repeat(300)}`,
    ];
    for (const unit of units) {
      const text = unit.repeat(Math.ceil(2 ** 20 / unit.length));
      expect(rules(text), unit).toEqual([]);
    }
  });

  it('never throws, and keeps every span inside the text, on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        for (const f of secrets(text)) {
          expect(f.start).toBeGreaterThanOrEqual(0);
          expect(f.end).toBeLessThanOrEqual(text.length);
          expect(f.start).toBeLessThan(f.end);
        }
      }),
    );
    const tokenish = fc.stringMatching(
      /^(?:[A-Za-z0-9_\-.=:/@"' \n]|ghp_|sk-|eyJ|AKIA|:\/\/|-----BEGIN ){0,60}$/,
    );
    fc.assert(fc.property(tokenish, (text) => void secrets(text)));
  });

  it('reports the credentials data class through scanText', () => {
    const scan = scanText(`token=${'gh'}p_${random(36)}`, { kinds: ['secret'] });
    expect(scan.dataClasses).toEqual(['credentials']);
    expect(scan.malicious).toBe(false);
  });
});

describe('codeAt', () => {
  it('reads what charCodeAt reads inside the text, and 0 past either end', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.integer({ min: -3, max: 16 }),
        (text, i) => {
          expect(codeAt(text, i)).toBe(i >= 0 && i < text.length ? text.charCodeAt(i) : 0);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
