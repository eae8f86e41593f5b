/**
 * The scanning loop: the trigger passes (`triggers.ts`) find the places worth a closer look; each
 * hit runs only the rules that registered that trigger, with sticky expressions at that spot. The
 * `near` triggers run in a second round over windows around what the first round found.
 */
import type { Ctx, Hit, Mode } from './rule.js';
import { CORE, keyOf, NEAR, type Pass } from './triggers.js';

/** Texts up to this long are read whole by the `near` rules. */
const SHORT = 2048;
/** How far around a core hit the `near` rules read. */
const WINDOW = 700;
const WORD_CHAR = /\w/;

class Collector implements Ctx {
  readonly hits: Hit[] = [];
  readonly hidden: [number, number][] = [];
  readonly suspects: number[] = [];
  constructor(
    readonly text: string,
    readonly mode: Mode,
  ) {}
  add(rule: string, start: number, end: number, score: number, message: string): void {
    if (score > 0 && end > start) this.hits.push({ rule, start, end, score: Math.min(1, score), message });
  }
  hide(start: number, end: number): void {
    this.hidden.push([start, end]);
  }
  suspect(at: number): void {
    if (this.suspects.length < 64) this.suspects.push(at);
  }
}

/** Runs a tier's passes over `[from, to)` of the text. */
function scan(ctx: Collector, tier: readonly Pass[], from: number, to: number): void {
  const subject = from === 0 && to === ctx.text.length ? ctx.text : ctx.text.slice(from, to);
  const { text } = ctx;
  for (const { re, table, whole, rules } of tier) {
    re.lastIndex = 0;
    for (let m = re.exec(subject); m !== null; m = re.exec(subject)) {
      const at = from + m.index;
      const end = at + m[0].length;
      const key = table === undefined ? m[0] : keyOf(m[0]);
      let run = table === undefined ? rules : (table.get(key) ?? []);
      const exact = whole.get(key);
      if (exact !== undefined && !WORD_CHAR.test(text.charAt(end))) run = [...run, ...exact];
      let resume = end;
      for (const rule of run) {
        const next = rule.check(ctx, at, end, key);
        if (next !== undefined && next > resume) resume = next;
      }
      re.lastIndex = resume - from;
    }
  }
}

/** The spans within `reach` of the given ones, merged. */
export function windows(
  hits: readonly { start: number; end: number }[],
  length: number,
  reach = WINDOW,
): [number, number][] {
  const spans = hits
    .map((h): [number, number] => [Math.max(0, h.start - reach), Math.min(length, h.end + reach)])
    .sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last !== undefined && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push(s);
  }
  return out;
}

export interface Reading {
  hits: Hit[];
  hidden: [number, number][];
  /** Where look-alike letters, leetspeak or characters inside words may hide words. */
  suspects: number[];
}

/** Every rule's raw hits in `text`, the hidden regions found, and whether words were disguised. */
export function collect(text: string, mode: Mode): Reading {
  const ctx = new Collector(text, mode);
  scan(ctx, CORE, 0, text.length);
  if (mode === 'tool' || text.length <= SHORT) scan(ctx, NEAR, 0, text.length);
  else {
    const around = [...ctx.hits, ...ctx.hidden.map(([start, end]) => ({ start, end }))];
    for (const [a, b] of windows(around, text.length)) scan(ctx, NEAR, a, b);
  }
  return { hits: ctx.hits, hidden: ctx.hidden, suspects: ctx.suspects };
}
