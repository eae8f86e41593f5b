import type { SecretScan } from './found.js';
import { addSecret, FILLED_NOTE, FILLED_SCORE } from './found.js';
import { entropy, isAlnum, isBase64Url, isPlaceholder, looksFilled, variety } from './text.js';

const MAX_AUTHORITY = 512;

/** Characters that end a URL's authority: path/query/fragment starts, whitespace, quotes, brackets of prose. */
const AUTHORITY_END = new Uint8Array(128);
for (const c of '/?#"\'`<>\\)') AUTHORITY_END[c.charCodeAt(0)] = 1;
const endsAuthority = (c: number): boolean => c <= 32 || (c < 128 && AUTHORITY_END[c] === 1);
const isSchemeChar = (c: number): boolean => isAlnum(c) || c === 43 || c === 45 || c === 46;

const DATABASES = new Map([
  ['postgres', 'PostgreSQL'],
  ['postgresql', 'PostgreSQL'],
  ['mysql', 'MySQL'],
  ['mariadb', 'MariaDB'],
  ['mongodb', 'MongoDB'],
  ['mongodb+srv', 'MongoDB'],
  ['redis', 'Redis'],
  ['rediss', 'Redis'],
  ['amqp', 'AMQP'],
  ['amqps', 'AMQP'],
  ['mssql', 'SQL Server'],
  ['sqlserver', 'SQL Server'],
  ['oracle', 'Oracle'],
  ['clickhouse', 'ClickHouse'],
  ['cockroachdb', 'CockroachDB'],
]);
/** Users that say "the password is a token" (git over HTTPS). */
const TOKEN_USERS = new Set(['x-access-token', 'oauth2', 'x-token-auth', 'gitlab-ci-token', 'token']);
const LOOPBACK = /^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)(?::\d+)?$/i;

const SLACK_HOOK = /\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{8,200}/y;
const DISCORD_HOOK = /\/api\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]{60,80}(?![A-Za-z0-9_-])/y;

/**
 * Called at each `://`: credentials in the authority (`user:password@host`, a token as the user of
 * a git URL) and webhook URLs whose path is the secret (Slack, Discord). The span is the password,
 * the token, or the whole webhook URL.
 */
export function scanUrl(text: string, colon: number, scan: SecretScan): number {
  const authStart = colon + 3;
  let authEnd = authStart;
  let at = -1;
  const limit = Math.min(text.length, authStart + MAX_AUTHORITY);
  for (; authEnd < limit; authEnd++) {
    const c = text.charCodeAt(authEnd);
    if (c === 64 /* @ */) at = authEnd;
    else if (endsAuthority(c)) break;
  }
  if (at < 0) return scanWebhook(text, colon, authEnd, scan);
  const schemeStart = schemeBefore(text, colon);
  if (schemeStart === colon) return authEnd;
  const host = text.slice(at + 1, authEnd);
  let colon2 = authStart;
  while (colon2 < at && text.charCodeAt(colon2) !== 58) colon2++;
  const scheme = text.slice(schemeStart, colon).toLowerCase();
  if (colon2 === at) {
    addUserToken(text, authStart, at, scan);
    return authEnd;
  }
  const user = text.slice(authStart, colon2);
  const password = text.slice(colon2 + 1, at);
  if (password === 'x-oauth-basic' || password === 'x-oauth-token') {
    addUserToken(text, authStart, colon2, scan);
    return authEnd;
  }
  if (password.length < 4 || isPlaceholder(password)) return authEnd;
  const weak =
    password.length < 8 ||
    variety(password, 0, password.length) < 2 ||
    entropy(password, 0, password.length) < 2.5;
  if (weak && LOOPBACK.test(host)) return authEnd;
  const score = weak ? 0.5 : 0.85;
  const database = DATABASES.get(scheme);
  if (TOKEN_USERS.has(user.toLowerCase())) {
    addSecret(scan.found, 'url-token', colon2 + 1, at, 0.9, 'access token in a URL');
  } else if (database !== undefined) {
    addSecret(
      scan.found,
      'database-url-password',
      colon2 + 1,
      at,
      score,
      `password in a ${database} connection URL`,
    );
  } else {
    addSecret(scan.found, 'url-password', colon2 + 1, at, score, 'password in a URL (basic auth)');
  }
  return authEnd;
}

/** Where the scheme before `colon` starts (`colon` itself when there is none). */
function schemeBefore(text: string, colon: number): number {
  let start = colon;
  while (start > colon - 24 && isSchemeChar(text.charCodeAt(start - 1))) start--;
  return start;
}

/** A lone user part that is a token (`https://TOKEN@github.com`, `https://TOKEN:x-oauth-basic@…`). */
function addUserToken(text: string, start: number, end: number, scan: SecretScan): void {
  if (end - start < 20) return;
  for (let i = start; i < end; i++) if (!isBase64Url(text.charCodeAt(i))) return;
  if (entropy(text, start, end) < 3 || isPlaceholder(text.slice(start, end))) return;
  addSecret(scan.found, 'url-token', start, end, 0.85, 'access token as the user of a URL');
}

function scanWebhook(text: string, colon: number, authEnd: number, scan: SecretScan): number {
  const authStart = colon + 3;
  const hostLength = authEnd - authStart;
  if (hostLength === 15 && text.startsWith('hooks.slack.com', authStart)) {
    SLACK_HOOK.lastIndex = authEnd;
    if (!SLACK_HOOK.test(text)) return authEnd;
    const start = schemeBefore(text, colon);
    const end = SLACK_HOOK.lastIndex;
    if (looksFilled(text, authEnd, end)) {
      addSecret(scan.found, 'slack-webhook-url', start, end, FILLED_SCORE, `Slack webhook URL${FILLED_NOTE}`);
    } else {
      addSecret(scan.found, 'slack-webhook-url', start, end, 0.9, 'Slack webhook URL');
    }
    return end;
  }
  if (
    hostLength >= 11 &&
    (text.startsWith('discord.com', authEnd - 11) || text.startsWith('discordapp.com', authEnd - 14))
  ) {
    DISCORD_HOOK.lastIndex = authEnd;
    if (!DISCORD_HOOK.test(text)) return authEnd;
    const start = schemeBefore(text, colon);
    addSecret(scan.found, 'discord-webhook-url', start, DISCORD_HOOK.lastIndex, 0.9, 'Discord webhook URL');
    return DISCORD_HOOK.lastIndex;
  }
  return authEnd;
}
