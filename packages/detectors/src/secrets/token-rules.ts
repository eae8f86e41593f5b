import { decodeBase64Text } from './base64.js';

/**
 * Vendor tokens that announce themselves with a prefix (`ghp_`, `xoxb-`, `sk_live_`): the prefix is
 * the word before a separator, the body is matched right after it with a sticky, bounded regex.
 */
export interface TokenRule {
  /** `secret/NAME`. */
  readonly name: string;
  /** What the finding says it is. */
  readonly what: string;
  /** Text that must follow the separator before the body (`pat_` in `github_pat_`). */
  readonly rest?: string;
  /** The body, sticky, ending at a token boundary. */
  readonly body: RegExp;
  /** `letter`: only a letter may not precede the prefix (Tailscale allows `MY_tskey-…`). */
  readonly boundary?: 'letter';
  /** A further check on the body `text[start, end)`. */
  readonly check?: (text: string, start: number, end: number) => boolean;
}

/**
 * Rules by prefix word, keyed by `packWord` (case-folded, so the word itself is kept to compare).
 * `endings` marks the words' last two letters, five bits each: one table read turns away
 * almost every separator of ordinary text before the word is even read.
 */
export interface PrefixTable {
  get(word: number): { readonly word: string; readonly rules: readonly TokenRule[] } | undefined;
  readonly endings: Uint8Array;
}

/** A word of up to six letters, five bits a letter (the first lowest): a small-integer key, no slicing. */
export function packWord(word: string): number {
  let packed = 0;
  for (let i = word.length - 1; i >= 0; i--) packed = (packed << 5) | (word.charCodeAt(i) & 31);
  return packed;
}

function table(entries: [string, TokenRule[]][]): PrefixTable {
  const map = new Map(entries.map(([word, rules]) => [packWord(word), { word, rules }]));
  if (map.size !== entries.length) throw new Error('two prefix words pack to the same key');
  const endings = new Uint8Array(1 << 10);
  for (const [word] of entries) {
    endings[((word.charCodeAt(word.length - 2) & 31) << 5) | (word.charCodeAt(word.length - 1) & 31)] = 1;
  }
  return { get: (word) => map.get(word), endings };
}

/** A base64(url) body that decodes to a JSON object (1Password, Grafana Cloud tokens). */
const decodesToJson = (text: string, start: number, end: number): boolean =>
  decodeBase64Text(text, start, end, 2).startsWith('{"');

const GITHUB =
  /(?:[A-Za-z0-9]{36,251}|\d{1,20}_[A-Za-z0-9_-]{10,2000}\.[A-Za-z0-9_-]{10,8000}\.[A-Za-z0-9_-]{10,2000})(?![A-Za-z0-9_-])/y;
const STRIPE = /[A-Za-z0-9]{24,247}(?![A-Za-z0-9])/y;
const SHOPIFY = /[A-Za-z0-9]{32,64}(?![A-Za-z0-9])/y;
const VERCEL = /[A-Za-z0-9]{24,128}(?![A-Za-z0-9])/y;
const CLOUDFLARE = /[A-Za-z0-9]{40}[a-f0-9]{8}(?![A-Za-z0-9])/y;
const SLACK = /\d{1,20}-[A-Za-z0-9-]{8,250}/y;
const GITLAB = /[A-Za-z0-9_-]{20,200}(?:\.[A-Za-z0-9_-]{2,100})*(?![A-Za-z0-9_-])/y;

const github = (what: string): TokenRule => ({ name: 'github-token', what, body: GITHUB });
const stripe = (what: string, rest: string): TokenRule => ({ name: 'stripe-key', what, rest, body: STRIPE });
const shopify = (what: string): TokenRule => ({ name: 'shopify-token', what, body: SHOPIFY });
const vercel = (what: string): TokenRule => ({ name: 'vercel-token', what, body: VERCEL });
const cloudflare = (what: string): TokenRule => ({ name: 'cloudflare-token', what, body: CLOUDFLARE });
const slack = (what: string): TokenRule => ({ name: 'slack-token', what, body: SLACK });
const gitlab = (what: string): TokenRule => ({ name: 'gitlab-token', what, body: GITLAB });

/** Prefixes ending in `_`, keyed by the word before it. */
export const UNDERSCORE_RULES: PrefixTable = table([
  ['ghp', [github('GitHub personal access token')]],
  ['gho', [github('GitHub OAuth access token')]],
  ['ghu', [github('GitHub user-to-server token')]],
  ['ghs', [github('GitHub app installation token')]],
  ['ghr', [github('GitHub refresh token')]],
  [
    'github',
    [
      {
        name: 'github-token',
        what: 'GitHub fine-grained personal access token',
        rest: 'pat_',
        body: /[A-Za-z0-9]{20,30}_[A-Za-z0-9]{50,70}(?![A-Za-z0-9_])/y,
      },
    ],
  ],
  ['sk', [stripe('Stripe live secret key', 'live_'), stripe('Stripe test secret key', 'test_')]],
  ['rk', [stripe('Stripe live restricted key', 'live_'), stripe('Stripe test restricted key', 'test_')]],
  [
    'whsec',
    [
      {
        name: 'stripe-key',
        what: 'Stripe webhook signing secret',
        body: /[A-Za-z0-9]{32,64}(?![A-Za-z0-9])/y,
      },
    ],
  ],
  ['gsk', [{ name: 'groq-api-key', what: 'Groq API key', body: /[A-Za-z0-9]{52}(?![A-Za-z0-9])/y }]],
  [
    'hf',
    [{ name: 'huggingface-token', what: 'Hugging Face access token', body: /[A-Za-z]{34}(?![A-Za-z0-9])/y }],
  ],
  ['npm', [{ name: 'npm-token', what: 'npm access token', body: /[A-Za-z0-9]{36}(?![A-Za-z0-9])/y }]],
  ['shpat', [shopify('Shopify access token')]],
  ['shpca', [shopify('Shopify custom app access token')]],
  ['shppa', [shopify('Shopify private app access token')]],
  ['shpss', [shopify('Shopify app shared secret')]],
  [
    'lin',
    [
      {
        name: 'linear-api-key',
        what: 'Linear API key',
        rest: 'api_',
        body: /[A-Za-z0-9]{40,64}(?![A-Za-z0-9])/y,
      },
      {
        name: 'linear-api-key',
        what: 'Linear OAuth token',
        rest: 'oauth_',
        body: /[A-Za-z0-9]{40,64}(?![A-Za-z0-9])/y,
      },
    ],
  ],
  [
    'ntn',
    [
      {
        name: 'notion-token',
        what: 'Notion integration token',
        body: /\d{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])/y,
      },
    ],
  ],
  [
    'figd',
    [
      {
        name: 'figma-token',
        what: 'Figma personal access token',
        body: /[A-Za-z0-9_-]{40,128}(?![A-Za-z0-9_-])/y,
      },
    ],
  ],
  [
    'dckr',
    [
      {
        name: 'docker-token',
        what: 'Docker personal access token',
        rest: 'pat_',
        body: /[A-Za-z0-9_-]{27,64}(?![A-Za-z0-9_-])/y,
      },
    ],
  ],
  [
    'glsa',
    [
      {
        name: 'grafana-token',
        what: 'Grafana service account token',
        body: /[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Za-z0-9])/y,
      },
    ],
  ],
  [
    'glc',
    [
      {
        name: 'grafana-token',
        what: 'Grafana Cloud API token',
        body: /[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])/y,
        check: decodesToJson,
      },
    ],
  ],
  ['vcp', [vercel('Vercel personal access token')]],
  ['vci', [vercel('Vercel integration token')]],
  ['vca', [vercel('Vercel app access token')]],
  ['vcr', [vercel('Vercel app refresh token')]],
  ['vck', [vercel('Vercel AI Gateway API key')]],
  ['cfat', [cloudflare('Cloudflare account API token')]],
  ['cfut', [cloudflare('Cloudflare user API token')]],
  ['cfk', [cloudflare('Cloudflare global API key')]],
  [
    'ops',
    [
      {
        name: '1password-token',
        what: '1Password service account token',
        body: /eyJ[A-Za-z0-9_-]{50,4000}(?![A-Za-z0-9_-])/y,
        check: decodesToJson,
      },
    ],
  ],
  [
    'dop',
    [
      {
        name: 'digitalocean-token',
        what: 'DigitalOcean personal access token',
        rest: 'v1_',
        body: /[a-f0-9]{64}(?![A-Za-z0-9])/y,
      },
    ],
  ],
  [
    'doo',
    [
      {
        name: 'digitalocean-token',
        what: 'DigitalOcean OAuth token',
        rest: 'v1_',
        body: /[a-f0-9]{64}(?![A-Za-z0-9])/y,
      },
    ],
  ],
]);

/** Prefixes ending in `-`, keyed by the word before it. */
export const DASH_RULES: PrefixTable = table([
  ['glpat', [gitlab('GitLab personal access token')]],
  ['gldt', [gitlab('GitLab deploy token')]],
  ['glrt', [gitlab('GitLab runner token')]],
  ['glptt', [gitlab('GitLab pipeline trigger token')]],
  ['glft', [gitlab('GitLab feed token')]],
  ['glcbt', [gitlab('GitLab CI/CD job token')]],
  ['gloas', [gitlab('GitLab OAuth application secret')]],
  ['glsoat', [gitlab('GitLab SCIM token')]],
  ['xoxb', [slack('Slack bot token')]],
  ['xoxp', [slack('Slack user token')]],
  ['xoxa', [slack('Slack app token')]],
  ['xoxo', [slack('Slack token')]],
  ['xoxr', [slack('Slack refresh token')]],
  ['xoxs', [slack('Slack session token')]],
  ['xoxe', [slack('Slack rotating token')]],
  ['xapp', [slack('Slack app-level token')]],
  [
    'sk',
    [
      {
        name: 'anthropic-api-key',
        what: 'Anthropic API key',
        rest: 'ant-',
        body: /(?:api|admin|oat|sid)\d{2}-[A-Za-z0-9_-]{80,200}(?![A-Za-z0-9_-])/y,
      },
      // OpenAI keys of every generation carry base64("OpenAI") between two random halves.
      {
        name: 'openai-api-key',
        what: 'OpenAI API key',
        body: /[A-Za-z0-9_-]{20,300}T3BlbkFJ[A-Za-z0-9_-]{20,300}(?![A-Za-z0-9_-])/y,
      },
    ],
  ],
  [
    'tskey',
    [
      {
        name: 'tailscale-key',
        what: 'Tailscale key',
        body: /[a-z]{2,16}-[A-Za-z0-9]{6,64}-[A-Za-z0-9]{16,128}(?![A-Za-z0-9])/y,
        boundary: 'letter',
      },
    ],
  ],
  [
    'PMAK',
    [{ name: 'postman-api-key', what: 'Postman API key', body: /[a-f0-9]{24}-[a-f0-9]{34}(?![A-Za-z0-9])/y }],
  ],
  [
    'pypi',
    [
      {
        name: 'pypi-token',
        what: 'PyPI upload token',
        rest: 'AgEIcHlwaS5vcmc',
        body: /[A-Za-z0-9_-]{50,400}(?![A-Za-z0-9_-])/y,
      },
    ],
  ],
]);
