import type { DetectedClass, Finding } from '../types.js';

/** Adds a PII finding. `message` says what was found, never the value. */
export function report(
  out: Finding[],
  name: string,
  dataClass: DetectedClass,
  start: number,
  end: number,
  score: number,
  message: string,
): void {
  out.push({ rule: `pii/${name}`, kind: 'pii', start, end, score, dataClass, message });
}
