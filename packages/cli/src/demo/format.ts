import type { ContractSetField, DataLabel, Problem, ToolClaims, ToolContract } from '@mcp-trust/core';
import { CONTRACT_SET_FIELDS } from '@mcp-trust/core';
import type { Style } from './colour.js';

const FIELD_NAMES: Record<ContractSetField, string> = {
  destination: 'destination',
  outcomes: 'outcomes',
  inputSensitivity: 'input sensitivity',
  returnSource: 'return source',
  returnSensitivity: 'return sensitivity',
};
const WIDTH = 20;

export function list(xs: readonly string[]): string {
  return xs.length === 0 ? 'none' : xs.join(', ');
}

const VALUE_WIDTH = 36;

/** Padding is measured on the plain text, so colour codes never shift the columns. */
function row(name: string, value: string, note = '', paint: (s: string) => string = (x) => x): string {
  const cell = note === '' ? value : value.padEnd(VALUE_WIDTH);
  return `    ${name.padEnd(WIDTH)}${paint(cell)}${note === '' ? '' : ` ${note}`}`.trimEnd();
}

function hintList(hints: ToolClaims['hints']): string {
  const set = Object.entries(hints).map(([k, v]) => `${k}=${v}`);
  return set.length === 0 ? 'none' : set.join(' ');
}

/** A contract, one field a line, saying for each set whether it was declared or is unknown. */
export function contractLines(c: ToolContract, s: Style): string[] {
  const lines = CONTRACT_SET_FIELDS.map((f) =>
    c.declared[f]
      ? row(FIELD_NAMES[f], list(c[f]), s.dim(c.origin[f] ?? 'declared'))
      : row(FIELD_NAMES[f], `unknown = any of ${list(c[f])}`, s.dim('undeclared'), s.yellow),
  );
  lines.push(row('hints', hintList(c.hints)));
  if (c.attribution.length > 0) lines.push(row('attribution', list(c.attribution)));
  return lines;
}

/** What a set of claims says, before or after the trust filter. */
export function claimsLines(c: ToolClaims): string[] {
  const lines = [row('hints', hintList(c.hints))];
  for (const f of CONTRACT_SET_FIELDS) {
    const v = c[f];
    if (v !== undefined) lines.push(row(FIELD_NAMES[f], list(v)));
  }
  return lines;
}

const yesNo = (b: boolean, s: Style) => (b ? s.red('yes') : 'no');

/** A label, one field a line; lines that grew since `before` are marked `+`. */
export function labelLines(label: DataLabel, s: Style, before?: DataLabel): string[] {
  const fields: [string, string, boolean][] = [
    ['openWorld', yesNo(label.openWorld, s), before !== undefined && label.openWorld !== before.openWorld],
    ['malicious', yesNo(label.malicious, s), before !== undefined && label.malicious !== before.malicious],
    ['sources', list(label.sources), grew(label.sources, before?.sources)],
    ['sensitivity', list(label.sensitivity), grew(label.sensitivity, before?.sensitivity)],
    ['attribution', list(label.attribution), grew(label.attribution, before?.attribution)],
  ];
  return fields.map(([name, value, changed]) => {
    const line = row(name, value);
    return changed ? `${s.yellow('  +')}${line.slice(3)}` : line;
  });
}

// Labels only grow, so a set that changed length is a set that grew.
function grew(now: readonly string[], before: readonly string[] | undefined): boolean {
  return before !== undefined && now.length !== before.length;
}

export function problemLines(problems: readonly Problem[], s: Style): string[] {
  return problems.map((p) => {
    const tag = p.severity === 'error' ? s.red(p.severity) : s.yellow(p.severity);
    return `    ${tag} ${p.path}: ${p.message} ${s.dim(`(${p.code})`)}`;
  });
}
