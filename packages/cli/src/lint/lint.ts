import { checkTool, duplicateNames } from './check-tool.js';
import type { LintReport } from './report.js';
import type { ToolSource } from './tool-source.js';

/** Lints every tool of a source: per-tool checks, then checks across tools. */
export function lintTools(source: ToolSource): LintReport {
  const findings = source.tools.flatMap((tool, i) => checkTool(tool, i));
  findings.push(...duplicateNames(source.tools));
  return { source, findings };
}
