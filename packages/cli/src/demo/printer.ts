import type { Style } from './colour.js';

/** Where demo sections write, and how they style it. */
export interface Printer {
  out: (line: string) => void;
  s: Style;
}

export function heading(p: Printer, text: string): void {
  p.out('');
  p.out(p.s.bold(text));
}

export function lines(p: Printer, ls: readonly string[], indent = ''): void {
  for (const l of ls) p.out(`${indent}${l}`);
}
