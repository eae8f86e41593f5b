/**
 * From raw hits to findings whose scores can be combined. Strong hits stand alone. Weak hits only
 * add up when they sit together: a long benign document collects the odd "please send … to" and
 * "important update" pages apart, an injection packs its signals into one paragraph. So weak hits
 * are grouped into clusters, each rule counts once per cluster, and only the strongest cluster
 * is kept.
 */
import type { Hit } from './rule.js';

/** A hit this strong reaches the threshold on its own. */
const STRONG = 0.5;
/** Weak hits farther apart than this belong to different clusters. */
const CLUSTER_GAP = 600;
/** What hiding text adds to what is hidden. */
const HIDDEN = 0.3;
/** Findings kept per rule (a pathological text could otherwise produce one per line). */
const PER_RULE = 20;

export function settle(hits: readonly Hit[], hidden: readonly [number, number][]): Hit[] {
  const all = [...hits];
  for (const [a, b] of hidden) {
    if (hits.some((h) => h.start >= a && h.start < b)) {
      all.push({
        rule: 'hidden-html',
        start: a,
        end: b,
        score: HIDDEN,
        message: 'instructions in hidden HTML (a comment or an element styled out of sight)',
      });
    }
  }
  all.sort((x, y) => x.start - y.start || y.score - x.score);

  // One rule matching the same words from two triggers is one hit.
  const kept: Hit[] = [];
  const last = new Map<string, Hit>();
  for (const h of all) {
    const prev = last.get(h.rule);
    if (prev !== undefined && h.start < prev.end) {
      if (h.score > prev.score) Object.assign(prev, { score: h.score, message: h.message });
      prev.end = Math.max(prev.end, h.end);
      continue;
    }
    const copy = { ...h };
    kept.push(copy);
    last.set(h.rule, copy);
  }

  const strong: Hit[] = [];
  const count = new Map<string, number>();
  for (const h of kept) {
    if (h.score < STRONG) continue;
    const n = count.get(h.rule) ?? 0;
    if (n < PER_RULE) strong.push(h);
    count.set(h.rule, n + 1);
  }
  return [...strong, ...bestCluster(kept.filter((h) => h.score < STRONG))];
}

/** The weak hits of the cluster with the highest combined score, one per rule. */
function bestCluster(weak: readonly Hit[]): Hit[] {
  let best: Hit[] = [];
  let bestScore = 0;
  let current: Hit[] = [];
  let end = Number.NEGATIVE_INFINITY;
  const close = (): void => {
    const byRule = new Map<string, Hit>();
    for (const h of current) {
      const prev = byRule.get(h.rule);
      if (prev === undefined || h.score > prev.score) byRule.set(h.rule, h);
    }
    const members = [...byRule.values()];
    const score = 1 - members.reduce((clean, h) => clean * (1 - h.score), 1);
    if (score > bestScore) {
      best = members;
      bestScore = score;
    }
  };
  for (const h of weak) {
    if (current.length > 0 && h.start - end > CLUSTER_GAP) {
      close();
      current = [];
    }
    current.push(h);
    end = Math.max(end, h.end);
  }
  if (current.length > 0) close();
  return best;
}
