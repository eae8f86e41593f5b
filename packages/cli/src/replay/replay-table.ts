import type { ReplayRow } from './replay-row.js';

/**
 * The readable form of replay's output. Columns have fixed widths (long values are cut with `…`)
 * so rows print as they come, without holding a big trace in memory to measure it first.
 */
const COLUMNS = [
  { title: 'SESSION', width: 12 },
  { title: 'ID', width: 8 },
  { title: 'TOOL', width: 28 },
  { title: 'CALL', width: 8 },
  { title: 'RESULT', width: 8 },
] as const;

export function tableHeader(): string {
  return `${COLUMNS.map((c) => c.title.padEnd(c.width)).join('  ')}  RULES`;
}

/** The row, then its reason on an indented line of its own (messages are sentences, not cells). */
export function tableRow(row: ReplayRow): string[] {
  const cells = [row.session, row.id, `${row.server}/${row.tool}`, row.decision, row.result_decision ?? '-'];
  const fixed = cells.map((cell, i) => fit(cell, COLUMNS[i]?.width ?? 8)).join('  ');
  const lines = [`${fixed}  ${row.rules.join(', ')}`.trimEnd()];
  if (row.reason !== '') lines.push(`    ${row.reason.replace(/\s+/g, ' ')}`);
  return lines;
}

function fit(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= width ? flat.padEnd(width) : `${flat.slice(0, width - 1)}…`;
}
