/** A seeded generator (mulberry32), so every run benchmarks the same inputs. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)]!;
}

/** Up to `max` distinct members of `xs`. */
export function some<T>(next: () => number, xs: readonly T[], max = xs.length): T[] {
  const n = 1 + Math.floor(next() * Math.min(max, xs.length));
  return [...xs].sort(() => next() - 0.5).slice(0, n);
}
