import type { DataLabel, SensitivityTag, Source } from '../../packages/core/src/index.js';
import { makeLabel, SOURCES } from '../../packages/core/src/index.js';
import { pick, rng, some } from './random.js';

const TAGS: readonly SensitivityTag[] = [
  'user',
  'pii',
  'financial',
  'credentials',
  'regulated:HIPAA',
  'regulated:GDPR',
  'unknown',
];
const HOSTS = ['mail.acme.local', 'file-server.acme.local', 'github.com', 'news.example.org'];

/** Result labels as a session sees them: mostly small sets, some open-world, a few attributions. */
export function labelPool(size: number, seed = 1913): DataLabel[] {
  const next = rng(seed);
  const out: DataLabel[] = [];
  for (let i = 0; i < size; i++) {
    const sources: Source[] = some(next, SOURCES, 2);
    out.push(
      makeLabel({
        openWorld: next() < 0.3,
        malicious: next() < 0.05,
        private: next() < 0.4,
        sensitiveLevel: pick(next, ['none', 'low', 'medium', 'high'] as const),
        sources,
        sensitivity: next() < 0.2 ? [] : some(next, TAGS, 3),
        attribution: Array.from(
          { length: Math.floor(next() * 3) },
          (_, k) => `mcp://${pick(next, HOSTS)}/doc/${i}-${k}`,
        ),
      }),
    );
  }
  return out;
}
