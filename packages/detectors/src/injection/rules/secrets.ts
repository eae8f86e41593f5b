/**
 * Demands for secrets: "read ~/.ssh/id_rsa", "pass its content as 'sidenote'", "include your API
 * keys", and the threats that come with them ("otherwise the tool will not work"). The signature
 * of a poisoned tool description (Invariant Labs' examples); in tool output they score lower,
 * since documentation mentions these paths too.
 */
import { isWordChar } from '../chars.js';
import { fastPaths } from '../fast-paths.js';
import { GAP } from '../lexicon.js';
import { before, type Ctx, clause, excerpt, matchAt, type Rule, sticky } from '../rule.js';

const SECRET_PATH = sticky(
  String.raw`(?:~\/\.ssh\b(?:[^\s"'\`),;]*[^\s"'\`),;.:])?|\.ssh\/(?:[^\s"'\`),;]*[^\s"'\`),;.:])?|id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?\b|\.env(?![\w-])|\.aws\/credentials|\.npmrc\b|\.netrc\b|\.pgpass\b|\.git-credentials\b|\/etc\/(?:passwd|shadow|sudoers)\b|mcp\.json\b|claude_desktop_config\.json|\.cursor\/(?:[^\s"'\`),;]*[^\s"'\`),;.:])?|\.(?:bash|zsh)_history\b|wallet\.dat\b|\.kube\/config\b|\.docker\/config\.json|credentials\.json\b|\.gnupg\b|authorized_keys\b|known_hosts\b)`,
);
/** Verbs that turn a path into a demand. */
const TAKE =
  /\b(?:read|cat|open|load|include|pass|send|upload|provide|attach|append|copy|paste|share|print|output|dump|fetch|get|retrieve|extract|collect|give|fill|put|insert|enter|embed)\b[^.\n]{0,80}$/i;
const LEAK =
  /\b(?:read|cat|print|output|dump|send|upload|share|leak|exfiltrate|post|e-?mail|paste)\b[^.\n]{0,80}$/i;
/** Files that are sensitive but hold no secret themselves (config, public keys, host lists). */
const MILD = /^(?:~\/)?\.ssh\/config|known_hosts|authorized_keys|\.pub$|\/etc\/passwd|_history/;

/** Where a path that ends in a secret file name may start: its first path character. */
const PATH_START = /[~./\w-]{0,40}$/;
const isPathChar = (c: number): boolean => c === 126 || c === 46 || c === 47 || c === 45 || isWordChar(c);
const SECRET_IN = new RegExp(SECRET_PATH.source, 'gi');

export const secretFile: Rule = {
  // The distinctive word of each name, found by the (fast) words pass rather than as symbols
  // starting with `.` or `/`, which would make the symbols pass stop at every full stop.
  words: [
    'ssh',
    'id_rsa',
    'id_dsa',
    'id_ecdsa',
    'id_ed25519',
    'env$',
    'aws',
    'npmrc',
    'netrc',
    'pgpass',
    'git-credentials',
    'passwd',
    'shadow',
    'sudoers',
    'mcp',
    'claude_desktop_config',
    'cursor',
    'bash_history',
    'zsh_history',
    'wallet',
    'kube',
    'docker',
    'credentials',
    'gnupg',
    'authorized_keys',
    'known_hosts',
  ],
  check(ctx, at, end) {
    const { text } = ctx;
    // The run of path characters ending at the name, found from its end.
    let from = at;
    if (fastPaths.on) {
      const lo = Math.max(0, at - 40);
      while (from > lo && isPathChar(text.charCodeAt(from - 1))) from--;
    } else from -= PATH_START.exec(text.slice(Math.max(0, at - 40), at))?.[0].length ?? 0;
    // Search a bounded slice: a name without its path must not send the search to the end of the text.
    const near = text.slice(from, end + 80);
    SECRET_IN.lastIndex = 0;
    // With no path before the name ("MCP server", most calls), only a match at the slice's start
    // counts: one sticky try there finds what the search would find first.
    const m = fastPaths.on && from === at ? matchAt(SECRET_PATH, near, 0) : SECRET_IN.exec(near);
    if (m === null || from + m.index > at || from + m.index + m[0].length < end) return undefined;
    const start = from + m.index;
    const stop = start + m[0].length;
    const tool = ctx.mode === 'tool';
    // Documentation tells people to load `.env` and edit `mcp.json`; in data only reading a secret
    // out (printing, sending) is a demand.
    const demanded = (tool ? TAKE : LEAK).test(before(text, start, 100));
    let score = demanded ? (tool ? 0.6 : 0.4) : tool ? 0.45 : 0.2;
    if (MILD.test(m[0])) score *= 0.55;
    ctx.add(
      'secret-file',
      start,
      stop,
      score,
      `${demanded ? 'asks for' : 'names'} a secret file: ${excerpt(text, start, stop)}`,
    );
    return Math.max(end, stop);
  },
};

const SMUGGLE = sticky(
  String.raw`(?:pass|put|include|provide|send|add|insert|place|supply|attach|append|embed|paste)${GAP}(?:[\w'’-]+${GAP}){0,6}?(?:content|contents|text|value|output|result|data|body|key|token|secret)s?\b[^.\n]{0,100}?\b(?:as|in|into|inside|within|via|through|using)${GAP}(?:the${GAP}|a${GAP})?([\`'"])?([A-Za-z_][\w-]*)\1?(?:${GAP}(parameter|param|argument|arg|field|key|property|input|variable))?`,
);

export const paramSmuggling: Rule = {
  nearWords: [
    'pass',
    'put',
    'include',
    'provide',
    'send',
    'add',
    'insert',
    'place',
    'supply',
    'attach',
    'append',
    'embed',
    'paste',
  ],
  check(ctx, at) {
    const { text } = ctx;
    const m = matchAt(SMUGGLE, text, at);
    if (m === null || (m[1] === undefined && m[3] === undefined)) return undefined;
    const end = at + m[0].length;
    const score = ctx.mode === 'tool' ? 0.45 : 0.35;
    ctx.add(
      'param-smuggling',
      at,
      end,
      score,
      `smuggles data through a parameter: ${excerpt(text, at, end)}`,
    );
    return undefined;
  },
};

const DEMAND = sticky(
  String.raw`(?:read|retrieve|get|fetch|collect|gather|extract|include|pass|send|provide|attach|append|copy|upload|share|leak|output|print|cat|dump|list|look\s+up|find)${GAP}(?:[\w'’-]+${GAP}){0,4}?(?:api[\s_-]?keys?|access[\s_-]?tokens?|auth(?:entication)?\s+tokens?|bearer\s+tokens?|session\s+(?:tokens?|cookies?)|cookies|secret\s+keys?|secrets|passwords?|passphrases?|credentials?|private[\s_-]?keys?|ssh[\s_-]?keys?|seed\s+phrases?|mnemonic|environment\s+variables|env\s+vars?)\b`,
);

const NOT = /\b(?:never|not|don['’]?t|do\s+not|must\s+not|avoid)\s+(?:\w+\s+)?$/i;

export const secretDemand: Rule = {
  nearWords: [
    'read',
    'retrieve',
    'get$',
    'fetch',
    'collect',
    'gather',
    'extract',
    'include',
    'pass',
    'send',
    'provide',
    'attach',
    'append',
    'copy',
    'upload',
    'share',
    'leak',
    'output',
    'print',
    'cat$',
    'dump',
    'list',
    'look up',
    'find',
  ],
  check(ctx: Ctx, at: number) {
    if (ctx.mode !== 'tool') return undefined;
    const { text } = ctx;
    const m = matchAt(DEMAND, text, at);
    if (m === null || NOT.test(before(text, at, 24))) return undefined;
    const end = at + m[0].length;
    ctx.add('secret-demand', at, end, 0.4, `asks for credentials: ${excerpt(text, at, end)}`);
    return undefined;
  },
};

const THREAT = sticky(
  String.raw`(?:otherwise|or\s+else|if\s+you\s+(?:don['’]?t|do\s+not|fail\s+to|violate|skip|forget))\b[^.\n]{0,100}?\b(?:will\s+(?:not\s+work|fail|crash|break|be\s+blocked|stop\s+working)|(?:system|tool|server|request|app|user\s+experience)\s+will\s+(?:crash|fail|break|be\s+blocked|suffer))`,
);

export const coercion: Rule = {
  nearWords: ['otherwise', 'or else', 'if you'],
  check(ctx, at) {
    const { text } = ctx;
    const m = matchAt(THREAT, text, at);
    if (m === null) return undefined;
    const end = at + m[0].length;
    const c = clause(text, at, 200);
    const score = ctx.mode === 'tool' ? 0.3 : 0.2;
    ctx.add(
      'coercion',
      at,
      end,
      score,
      `threatens failure to force compliance: ${excerpt(text, at, Math.max(end, at + c.length))}`,
    );
    return undefined;
  },
};
