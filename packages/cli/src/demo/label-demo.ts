import type { ToolContract, Trust } from '@mcp-trust/core';
import type { Style } from './colour.js';
import { PLAIN } from './colour.js';
import type { DemoDecision } from './decision-section.js';
import { decisionSection } from './decision-section.js';
import type { DeclaredTool } from './demo-tools.js';
import { declareTool, sameContract } from './demo-tools.js';
import * as mail from './email-scenario.js';
import { contractLines, list, problemLines } from './format.js';
import type { LiarOutcome } from './liar-section.js';
import { liarSection } from './liar-section.js';
import type { Printer } from './printer.js';
import { heading, lines } from './printer.js';
import type { SessionStep } from './session-section.js';
import { sessionSection } from './session-section.js';

export interface LabelDemoOutcome {
  /** Contracts by `server/tool`, as built from tools/list. */
  contracts: Record<string, ToolContract>;
  sep2061SameContract: boolean;
  /** The result and session label after each call, in order. */
  steps: SessionStep[];
  liar: LiarOutcome;
  decisions: DemoDecision[];
}

const TRUST: Record<'mail' | 'files' | 'scraper', Trust> = {
  mail: 'trusted',
  files: 'trusted',
  scraper: 'untrusted',
};

/**
 * Walk SEP-1913's own examples through the label model and print what happens. Returns what it
 * showed, so tests can check the facts as well as the words.
 */
export function runLabelDemo(out: (line: string) => void, style: Style = PLAIN): LabelDemoOutcome {
  const p: Printer = { out, s: style };
  const s = style;
  out(s.bold('mcp-trust demo: the label model and the policy engine on the examples of SEP-1913'));
  out(s.dim(`servers: mail (${TRUST.mail}), files (${TRUST.files}), scraper (${TRUST.scraper})`));

  heading(p, '1. Contracts from tools/list');
  const tools: Record<string, DeclaredTool> = {};
  for (const def of [mail.READ_DRAFTS, mail.LIST_INBOX, mail.SEND_EMAIL]) {
    tools[`mail/${def.name}`] = declareTool(def, TRUST.mail);
  }
  tools['files/read_file'] = declareTool(mail.READ_FILE, TRUST.files);
  for (const [id, t] of Object.entries(tools)) {
    out(`  ${s.cyan(id)} ${s.dim(`(${list(t.dialects)})`)}`);
    lines(p, [...contractLines(t.contract, s), ...problemLines(t.problems, s)]);
  }

  const legacy = declareTool(mail.SEND_EMAIL_SEP2061, TRUST.mail);
  const same = sameContract(legacy.contract, tools['mail/send_email']!.contract);
  out('');
  out(`  ${s.cyan('mail/send_email')} in SEP-2061's PascalCase draft ${s.dim(`(${list(legacy.dialects)})`)}`);
  lines(p, problemLines(legacy.problems, s));
  out(`    reads to the same contract: ${same ? s.green('yes') : s.red('NO')}`);

  const steps = sessionSection(p, tools);
  const liar = liarSection(p);

  const decisions = decisionSection(p);

  return {
    contracts: Object.fromEntries(Object.entries(tools).map(([id, t]) => [id, t.contract])),
    sep2061SameContract: same,
    steps,
    liar,
    decisions,
  };
}
