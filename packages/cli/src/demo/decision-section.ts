import { createEngine } from '@mcp-trust/engine';
import type { Verdict } from '@mcp-trust/policy';
import { loadPolicy } from '@mcp-trust/policy';
import type { Style } from './colour.js';
import type { DemoScenario } from './decision-scenarios.js';
import { MAIL_OVERLAY, SCENARIOS, WEB_TOOLS } from './decision-scenarios.js';
import * as mail from './email-scenario.js';
import type { Printer } from './printer.js';
import { heading } from './printer.js';

export interface DemoDecision {
  scenario: string;
  call: string;
  /** Decision under each pack, by pack name. */
  decisions: Record<string, string>;
  rules: Record<string, string[]>;
}

const PACKS = ['default', 'sep-examples'] as const;

function engineFor(pack: string) {
  const { policy, problems } = loadPolicy({ packs: [pack] });
  if (policy === undefined) throw new Error(`pack ${pack}: ${problems.map((p) => p.message).join('; ')}`);
  const engine = createEngine({
    policy,
    servers: {
      mail: { trust: 'trusted', share: 'minimal', overlay: MAIL_OVERLAY },
      files: { trust: 'trusted', share: 'minimal' },
      web: { trust: 'untrusted', share: 'none' },
    },
  });
  engine.registerTools('mail', [mail.READ_DRAFTS, mail.LIST_INBOX, mail.SEND_EMAIL]);
  engine.registerTools('files', [mail.READ_FILE]);
  engine.registerTools('web', WEB_TOOLS);
  return engine;
}

function paint(s: Style, decision: string): string {
  if (decision === 'block') return s.red(decision);
  if (decision === 'escalate') return s.yellow(decision);
  return decision === 'allow' ? s.green(decision) : decision;
}

/** Every call of every scenario decided by the engine under each pack, side by side. */
export function decisionSection(p: Printer): DemoDecision[] {
  const { out, s } = p;
  heading(p, '5. Decisions: the engine and policy packs on the SEP scenarios');
  out(s.dim(`  each call decided by ${PACKS.map((x) => `pack:${x}`).join(' and by ')}`));
  const engines = Object.fromEntries(PACKS.map((pack) => [pack, engineFor(pack)]));
  const decided: DemoDecision[] = [];
  SCENARIOS.forEach((scenario: DemoScenario, n) => {
    out('');
    out(`  ${s.bold(scenario.title)}`);
    out(s.dim(`  user: "${scenario.prompt}"`));
    const sessions = Object.fromEntries(PACKS.map((pack) => [pack, engines[pack]!.session(`demo-${n}`)]));
    for (const session of Object.values(sessions)) session.notePrompt(scenario.prompt);
    for (const step of scenario.steps) {
      const verdicts: Record<string, Verdict> = {};
      for (const pack of PACKS) {
        const session = sessions[pack]!;
        verdicts[pack] = session.beforeCall(step.call, { resolved: step.resolved }).verdict;
        if (step.result !== undefined) session.afterResult(step.call, step.result);
      }
      const id = `${step.call.server}/${step.call.tool}`;
      const cols = PACKS.map((pack) => `${pack} ${paint(s, verdicts[pack]!.decision)}`).join('   ');
      out(`    ${s.cyan(id.padEnd(18))} ${cols}  ${s.dim(step.note)}`);
      const ours = verdicts.default!;
      for (const m of ours.matched) out(`      ${s.dim(`${m.rule}:`)} ${m.message}`);
      decided.push({
        scenario: scenario.title,
        call: id,
        decisions: Object.fromEntries(PACKS.map((pack) => [pack, verdicts[pack]!.decision])),
        rules: Object.fromEntries(PACKS.map((pack) => [pack, verdicts[pack]!.matched.map((m) => m.rule)])),
      });
    }
  });
  return decided;
}
