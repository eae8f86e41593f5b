import type { Level, LintFinding } from './finding.js';
import type { Place } from './json-places.js';
import { pathText } from './json-places.js';
import type { ToolSource } from './tool-source.js';

/** What a lint run found, ready for any of the report formats. */
export interface LintReport {
  source: ToolSource;
  findings: LintFinding[];
}

export const LEVEL_ORDER: readonly Level[] = ['error', 'warning', 'note'];

/** The finding's path from the root of the source document (`$.tools[2].annotations…`). */
export function documentPath(source: ToolSource, f: LintFinding): (string | number)[] {
  return [...source.base, f.index, ...f.path];
}

export function placeOf(source: ToolSource, f: LintFinding): Place | undefined {
  return source.places?.placeOf(documentPath(source, f));
}

/** `file:line:col` when the tools came from a file, the JSON path otherwise. */
export function whereText(source: ToolSource, f: LintFinding): string {
  const place = placeOf(source, f);
  if (source.file !== undefined && place !== undefined) return `${source.file}:${place.line}:${place.col}`;
  return pathText(documentPath(source, f));
}

export function counts(findings: readonly LintFinding[]): Record<Level, number> {
  const c: Record<Level, number> = { error: 0, warning: 0, note: 0 };
  for (const f of findings) c[f.level]++;
  return c;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A table for people: one row per finding, worst first, then a summary line. */
export function tableReport(report: LintReport): string[] {
  const { source, findings } = report;
  const c = counts(findings);
  const head = `mcp-trust lint: ${source.label}: ${plural(source.tools.length, 'tool')}, ${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${plural(c.note, 'note')}`;
  if (findings.length === 0) return [head];
  const rows = sorted(findings).map((f) => [f.level, f.tool, whereText(source, f), f.rule, f.message]);
  const header = ['LEVEL', 'TOOL', 'WHERE', 'RULE', 'MESSAGE'];
  const widths = header
    .slice(0, 4)
    .map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (r: string[]): string =>
    r
      .map((cell, i) => (i < 4 ? cell.padEnd(widths[i] as number) : cell))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line), '', head];
}

/** One JSON object: the source, the counts, and every finding with its place. */
export function jsonReport(report: LintReport): string {
  const { source, findings } = report;
  return JSON.stringify({
    source: source.label,
    ...(source.server === undefined ? {} : { server: source.server }),
    tools: source.tools.length,
    counts: counts(findings),
    findings: sorted(findings).map((f) => {
      const place = placeOf(source, f);
      return {
        level: f.level,
        tool: f.tool,
        rule: f.rule,
        message: f.message,
        path: pathText(documentPath(source, f)),
        ...(source.file !== undefined && place !== undefined ? { file: source.file, ...place } : {}),
      };
    }),
  });
}

export function sorted(findings: readonly LintFinding[]): LintFinding[] {
  return [...findings].sort(
    (a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level) || a.index - b.index,
  );
}
