import { pick, rng, some } from './random.js';

/**
 * CallToolResults with several content blocks and annotations in the forms servers emit: SEP-1913
 * `_meta.annotations` on the result, the extension's per-block trust annotations, GitHub's
 * `_meta.ifc`, and results with nothing at all.
 */

type Next = () => number;

const HOSTS = ['github.com', 'mail.acme.local', 'file-server.acme.local', 'news.example.org'];

function block(next: Next, i: number, k: number): Record<string, unknown> {
  const r = next();
  const b: Record<string, unknown> =
    r < 0.6
      ? {
          type: 'text',
          text: `Item ${k} of result ${i}: `.padEnd(80 + Math.floor(next() * 400), 'lorem ipsum '),
        }
      : r < 0.75
        ? {
            type: 'image',
            data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk',
            mimeType: 'image/png',
          }
        : r < 0.9
          ? { type: 'resource_link', uri: `https://${pick(next, HOSTS)}/r/${i}/${k}`, name: `r${k}` }
          : {
              type: 'resource',
              resource: { uri: `mcp://${pick(next, HOSTS)}/doc/${i}`, mimeType: 'text/plain', text: 'body' },
            };
  if (next() < 0.4) {
    b._meta = {
      'io.modelcontextprotocol/trust-annotations': {
        untrusted: next() < 0.5,
        ...(next() < 0.5
          ? { sensitive: pick(next, [true, 'low', 'high', 'pii', ['pii', 'financial']]) }
          : {}),
        attribution: [`https://${pick(next, HOSTS)}/item/${i}/${k}`],
      },
    };
  }
  return b;
}

function resultMeta(next: Next, i: number): Record<string, unknown> | undefined {
  const r = next();
  if (r < 0.45) {
    const source = pick(next, ['untrustedPublic', 'internal', 'user']);
    return {
      annotations: {
        openWorldHint: source === 'untrustedPublic' || next() < 0.3,
        ...(next() < 0.1 ? { maliciousActivityHint: true } : {}),
        ...(next() < 0.3 ? { privateHint: true, sensitiveHint: pick(next, ['low', 'medium', 'high']) } : {}),
        attribution: some(next, HOSTS, 2).map((h) => `mcp://${h}/result/${i}`),
        ...(next() < 0.5
          ? {
              returnMetadata: {
                source,
                sensitivity: pick(next, ['pii', ['pii', 'user'], { regulated: { scopes: ['HIPAA'] } }]),
              },
            }
          : {}),
      },
    };
  }
  if (r < 0.65) {
    return {
      ifc: {
        integrity: pick(next, ['untrusted', 'trusted']),
        confidentiality: pick(next, ['public', 'private', ['org:acme', 'repo:acme/payroll']]),
      },
    };
  }
  if (r < 0.8)
    return { 'io.modelcontextprotocol/trust-annotations': { untrusted: true, sensitive: 'medium' } };
  return undefined;
}

export function toolResults(count: number, seed = 1913): unknown[] {
  const next = rng(seed);
  return Array.from({ length: count }, (_, i) => {
    const content = Array.from({ length: 2 + Math.floor(next() * 5) }, (_, k) => block(next, i, k));
    const meta = resultMeta(next, i);
    return meta === undefined ? { content } : { content, _meta: meta };
  });
}
