import { readFileSync } from 'node:fs';
import { formatProblem, loadPolicy } from '@mcp-trust/policy';
import type { Io } from '../io.js';

/**
 * `mcp-trust policy check FILE…`: compile each policy file on its own (no packs), print every
 * problem as `file:line:col`, and fail when any file has an error.
 */
export function runPolicyCheck(files: readonly string[], io: Io): number {
  let failed = 0;
  for (const path of files) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      io.stderr(
        `${path}: error unreadable: cannot read the policy file: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
      );
      failed++;
      continue;
    }
    const { policy, problems } = loadPolicy({ packs: [], files: [{ path, text }] });
    for (const p of problems) io.stderr(formatProblem(p));
    const errors = problems.filter((p) => p.severity === 'error').length;
    if (policy === undefined || errors > 0) {
      failed++;
      io.stdout(`${path}: ${Math.max(errors, 1)} ${errors === 1 ? 'error' : 'errors'}`);
    } else {
      const warnings = problems.length;
      const rules = policy.rules.length;
      io.stdout(
        `${path}: ok, ${rules} ${rules === 1 ? 'rule' : 'rules'}${warnings > 0 ? `, ${warnings} warnings` : ''}`,
      );
    }
  }
  return failed > 0 ? 1 : 0;
}
