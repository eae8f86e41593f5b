import type { DataLabel, ToolContract } from '@mcp-trust/core';
import { BOTTOM, join, writeRequestMeta } from '@mcp-trust/core';
import type { DeclaredTool } from './demo-tools.js';
import { observeResult, resolveTool } from './demo-tools.js';
import * as mail from './email-scenario.js';
import { contractLines, labelLines, list, problemLines } from './format.js';
import type { Printer } from './printer.js';
import { heading, lines } from './printer.js';

export interface SessionStep {
  call: string;
  result: DataLabel;
  session: DataLabel;
}

/** SEP-1913's "Email MCP Scenario", one call at a time, joining each result into the session. */
export function sessionSection(p: Printer, tools: Record<string, DeclaredTool>): SessionStep[] {
  const { out, s } = p;
  const trust = 'trusted';
  heading(p, '2. The session, call by call');
  out('  user: "Take the salary spreadsheet and email it to my accountant"');
  const steps: SessionStep[] = [];
  let session = BOTTOM;
  const record = (call: string, result: DataLabel, why: string) => {
    const before = session;
    session = join(session, result);
    steps.push({ call, result, session });
    out('');
    out(`  ${s.cyan(call)}  ${s.dim(why)}`);
    out('    result label:');
    lines(p, labelLines(result, s), '  ');
    out(`    session label ${s.dim('(+ = grew)')}:`);
    lines(p, labelLines(session, s, before), '  ');
  };
  const contract = (id: string): ToolContract => tools[id]!.contract;

  const drafts = observeResult(contract('mail/read_drafts'), mail.DRAFTS_RESULT, trust);
  record('mail/read_drafts {}', drafts.label, 'looking for an unfinished draft; no result annotations');

  const inbox = observeResult(contract('mail/list_inbox'), mail.INBOX_RESULT, trust);
  record(
    'mail/list_inbox {limit: 5}',
    inbox.label,
    "…and for the accountant's address; result says openWorldHint",
  );

  const call = `files/read_file {path: "${mail.SALARIES_PATH}"}`;
  out('');
  out(`  ${s.cyan(`tools/resolve ${call}`)}  ${s.dim('the server narrows its possible sets for this path')}`);
  const resolved = resolveTool(contract('files/read_file'), mail.READ_FILE_RESOLVED, trust);
  lines(p, [...contractLines(resolved.contract, s), ...problemLines(resolved.problems, s)]);
  for (const v of resolved.violations) out(`    ${s.red('violation')} ${v.message}`);
  const salaries = observeResult(resolved.contract, mail.SALARIES_RESULT, trust);
  record(call, salaries.label, 'labelled against the resolved contract');

  finalCall(p, contract('mail/send_email'), session, inbox.label);
  return steps;
}

/** The call the user asked for, not made: what it would carry, for a policy to judge. */
function finalCall(p: Printer, send: ToolContract, session: DataLabel, openWorldFrom: DataLabel): void {
  const { out, s } = p;
  heading(p, '3. What the final call would carry');
  out(
    `  ${s.cyan(`mail/send_email {to: "${mail.ACCOUNTANT}", subject: "Salaries", body: <the spreadsheet>}`)}`,
  );
  const where = `destination ${s.red(list(send.destination))}, outcomes ${s.red(list(send.outcomes))}`;
  out(`    ${where}, declared to accept ${list(send.inputSensitivity)}`);
  out('    while the session holds:');
  lines(p, labelLines(session, s), '  ');
  const beyond = session.sensitivity.filter((t) => !send.inputSensitivity.includes(t));
  out(`    → a public, irreversible destination, while the session holds ${list(beyond)} data`);
  out(`      (beyond what send_email declares it accepts) and open-world content`);
  out(`      (${list(openWorldFrom.attribution)}) that could have steered the call.`);
  out(`    it would go out with params._meta ${s.dim('(SEP-1913 request annotations, full sharing)')}:`);
  out(`      ${JSON.stringify(writeRequestMeta(session, { share: 'full' }))}`);
}
