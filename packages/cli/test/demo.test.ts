import { describe, expect, it } from 'vitest';
import { ANSI, wantsColour } from '../src/demo/colour.js';
import { runLabelDemo } from '../src/demo/label-demo.js';

function demo() {
  const lines: string[] = [];
  const outcome = runLabelDemo((line) => lines.push(line));
  return { outcome, lines, text: lines.join('\n') };
}

const session = (o: ReturnType<typeof demo>['outcome'], call: string) => {
  const step = o.steps.find((s) => s.call.startsWith(call));
  if (!step) throw new Error(`no step ${call}`);
  return step.session;
};

describe('mcp-trust demo', () => {
  it('decides the SEP scenarios with the engine: asks, blocks, and lets the everyday flow through', () => {
    const { outcome, text } = demo();
    const last = (scenario: string) =>
      outcome.decisions.filter((d) => d.scenario.startsWith(scenario)).at(-1)!;
    const salary = last('The salary sheet');
    expect(salary.call).toBe('mail/send_email');
    expect(salary.decisions).toEqual({ default: 'escalate', 'sep-examples': 'block' });
    expect(salary.rules.default).toContain('sensitive-data-to-public');
    const web = last('A web page');
    expect(web.decisions.default).toBe('block');
    expect(web.rules.default).toContain('untrusted-content-to-public');
    expect(web.rules['sep-examples']).toContain('block-open-world-to-external');
    const everyday = last('An everyday flow');
    expect(everyday.decisions).toEqual({ default: 'allow', 'sep-examples': 'escalate' });
    // reads are never questioned
    for (const d of outcome.decisions.filter((x) => x.call !== 'mail/send_email')) {
      expect(d.decisions.default).toBe('allow');
    }
    expect(text).toContain('5. Decisions');
  });

  it('builds the e-mail contracts of SEP-1913 as declared', () => {
    const { outcome } = demo();
    const send = outcome.contracts['mail/send_email']!;
    expect(send.destination).toEqual(['public']);
    expect(send.outcomes).toEqual(['irreversible']);
    expect(send.inputSensitivity).toEqual(['pii', 'user']);
    expect(send.declared.destination).toBe(true);
    expect(outcome.contracts['mail/list_inbox']!.returnSource).toEqual(['untrustedPublic']);
  });

  it("reads SEP-2061's PascalCase send_email to the same contract, with warnings", () => {
    const { outcome, text } = demo();
    expect(outcome.sep2061SameContract).toBe(true);
    const section = text.slice(text.indexOf("SEP-2061's PascalCase"), text.indexOf('2. The session'));
    expect(section).toMatch(/warning/);
    expect(section).toContain('reads to the same contract: yes');
  });

  it('grows the session label call by call, never down', () => {
    const { outcome } = demo();
    expect(session(outcome, 'mail/read_drafts').openWorld).toBe(false);
    const afterInbox = session(outcome, 'mail/list_inbox');
    expect(afterInbox.openWorld).toBe(true);
    const afterSalaries = session(outcome, 'files/read_file');
    expect(afterSalaries.sensitivity).toContain('financial');
    expect(afterSalaries.openWorld).toBe(true);
    expect(afterSalaries.attribution).toContain('mcp://file-server.acme.local/hr/salaries.xlsx');
  });

  it('labels the salary read with the resolved contract: internal and financial only', () => {
    const { outcome } = demo();
    const read = outcome.steps.find((s) => s.call.startsWith('files/read_file'))!;
    expect(read.result.sources).toEqual(['internal']);
    expect(read.result.sensitivity).toEqual(['financial']);
    expect(read.result.openWorld).toBe(false);
  });

  it('ignores the untrusted server that claims its scraped content is internal and trusted', () => {
    const { outcome } = demo();
    const { claimed, believed, contract, label, ifBelieved } = outcome.liar;
    expect(claimed.returnSource).toEqual(['internal']);
    expect(claimed.hints.trustedHint).toBe(true);
    expect(believed.returnSource).toBeUndefined();
    expect(believed.hints.trustedHint).toBeUndefined();
    expect(contract.declared.returnSource).toBe(false);
    expect(label.sources).not.toContain('internal');
    expect(label.openWorld).toBe(true);
    // The claim would have mattered: believed, it would have made the page look internal.
    expect(ifBelieved.openWorld).toBe(false);
  });

  it('shows what the final send_email carries before deciding it', () => {
    const { text } = demo();
    const final = text.slice(text.indexOf('3. What the final call would carry'));
    expect(final).toMatch(/destination public, outcomes irreversible/);
    expect(final).toMatch(/openWorld\s+yes/);
    expect(final).toMatch(/financial/);
    expect(text.indexOf('3. What the final call would carry')).toBeLessThan(text.indexOf('5. Decisions'));
  });

  it('prints plain text unless asked for colour', () => {
    const { text } = demo();
    expect(text).not.toContain('\u001b[');
    const coloured: string[] = [];
    runLabelDemo((l) => coloured.push(l), ANSI);
    expect(coloured.join('\n')).toContain('\u001b[');
  });

  it('uses colour only on a terminal and honours NO_COLOR', () => {
    expect(wantsColour({ isTTY: true }, {})).toBe(true);
    expect(wantsColour({ isTTY: false }, {})).toBe(false);
    expect(wantsColour({}, {})).toBe(false);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
  });
});
