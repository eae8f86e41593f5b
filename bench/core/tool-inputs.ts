import { DESTINATIONS, OUTCOMES, SEP1984_HINTS, SOURCES } from '../../packages/core/src/index.js';
import { pick, rng, some } from './random.js';

/**
 * A tools/list as servers really send it: a mix of every dialect the readers accept, most tools
 * annotated, some not at all, a few malformed. Deterministic for a given seed.
 */

const VERBS = ['get', 'list', 'search', 'create', 'update', 'delete', 'send', 'read', 'write', 'run'];
const NOUNS = ['issue', 'email', 'file', 'invoice', 'contact', 'page', 'record', 'message', 'job', 'repo'];
const CLASSES: unknown[] = [
  'none',
  'user',
  'pii',
  'financial',
  'credentials',
  { regulated: { scopes: ['HIPAA'] } },
  { regulated: { scopes: ['GDPR', 'CCPA'] } },
];
const PASCAL: Record<string, string> = {
  untrustedPublic: 'UntrustedPublic',
  trustedPublic: 'TrustedPublic',
  pii: 'PII',
};
const pascal = (v: string) => PASCAL[v] ?? v.charAt(0).toUpperCase() + v.slice(1);

type Next = () => number;

/** A single value or, in tools/list, sometimes the possible set. */
const oneOrSet = <T>(next: Next, xs: readonly T[]): T | T[] =>
  next() < 0.6 ? pick(next, xs) : some(next, xs, 3);

function actionMetadata(next: Next) {
  return {
    inputMetadata: {
      destination: oneOrSet(next, DESTINATIONS),
      sensitivity: oneOrSet(next, CLASSES),
      outcomes: oneOrSet(next, OUTCOMES),
    },
    returnMetadata: { source: oneOrSet(next, SOURCES), sensitivity: oneOrSet(next, CLASSES) },
  };
}

function mcpHints(next: Next) {
  const readOnly = next() < 0.5;
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && next() < 0.5,
    idempotentHint: next() < 0.5,
    openWorldHint: next() < 0.4,
  };
}

function sep1984Hints(next: Next) {
  return Object.fromEntries(some(next, [...SEP1984_HINTS], 4).map((h) => [h, next() < 0.7]));
}

function annotations(next: Next, i: number): Record<string, unknown> | undefined {
  const r = next();
  if (r < 0.35)
    return { ...mcpHints(next), ...actionMetadata(next), attribution: [`mcp://acme.example/tools/${i}`] };
  if (r < 0.5) {
    const m = actionMetadata(next);
    // SEP-2061 has no scopes: a regulated class is just "Regulated".
    const pc = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(pc) : typeof v === 'string' ? pascal(v) : 'Regulated';
    return {
      inputMetadata: {
        Destination: pc(m.inputMetadata.destination),
        Sensitivity: pc(m.inputMetadata.sensitivity),
        Outcomes: pc(m.inputMetadata.outcomes),
      },
      returnMetadata: { Source: pc(m.returnMetadata.source), Sensitivity: pc(m.returnMetadata.sensitivity) },
    };
  }
  if (r < 0.65) return { title: `Tool ${i}`, ...mcpHints(next), ...sep1984Hints(next) };
  if (r < 0.75) return { ...mcpHints(next), 'io.modelcontextprotocol/action-metadata': actionMetadata(next) };
  if (r < 0.8) {
    return {
      privateHint: true,
      sensitiveHint: pick(next, ['low', 'medium', 'high']),
      trustedHint: next() < 0.5,
    };
  }
  if (r < 0.85) return { inputMetadata: { destination: 'everywhere', outcomes: 7 }, readOnlyHint: 'yes' };
  if (r < 0.93) return mcpHints(next);
  return undefined;
}

function inputSchema(next: Next) {
  const names = some(next, ['id', 'query', 'path', 'to', 'body', 'limit', 'cursor', 'owner'], 4);
  return {
    type: 'object',
    properties: Object.fromEntries(
      names.map((n) => [n, { type: n === 'limit' ? 'number' : 'string', description: `The ${n}.` }]),
    ),
    required: names.slice(0, 1),
  };
}

export function toolsList(count: number, seed = 2061): { tools: unknown[] } {
  const next = rng(seed);
  const tools = Array.from({ length: count }, (_, i) => {
    const name = `${pick(next, VERBS)}_${pick(next, NOUNS)}_${i}`;
    const tool: Record<string, unknown> = {
      name,
      description: `${name.replaceAll('_', ' ')}: does what it says, for the current user.`,
      inputSchema: inputSchema(next),
    };
    const a = annotations(next, i);
    if (a !== undefined) tool.annotations = a;
    return tool;
  });
  return { tools };
}
