import type { Style } from '../demo/colour.js';
import type { CallOutcome, Json } from './demo-agent.js';
import type { Expectation } from './scenarios.js';

/** One call as a timeline line: the call, what the gateway did, and the label it put on the result. */
export function callLines(name: string, args: Json, o: CallOutcome, s: Style): string[] {
  const shown = JSON.stringify(args);
  const call = `${s.cyan('→')} ${s.bold(name)} ${s.dim(shown.length > 70 ? `${shown.slice(0, 69)}…}` : shown)}`;
  const lines = [`    ${call}`];
  if (o.asked !== undefined) {
    const first = o.asked.message.split('\n').find((l) => l.trim() !== '') ?? '';
    lines.push(
      `      ${s.yellow('? the gateway asks the person:')} ${first.length > 110 ? `${first.slice(0, 109)}…` : first}`,
    );
    for (const why of o.asked.message
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .slice(0, 3)) {
      lines.push(`        ${s.dim(why.length > 120 ? `${why.slice(0, 119)}…` : why)}`);
    }
    const answer = o.asked.answer === 'accept' ? s.green('allow') : s.red('decline');
    lines.push(`      ${s.yellow('? the person answers:')} ${answer}`);
  }
  lines.push(`      ${verdictText(o, s)}`);
  return lines;
}

function verdictText(o: CallOutcome, s: Style): string {
  const rules = o.rules.length > 0 ? s.dim(` (${o.rules.join(', ')})`) : '';
  if (o.resultAction === 'escalate' || o.text.includes('withheld')) {
    return `${s.red('⚠ withheld')} the result was flagged and kept from the agent${rules}`;
  }
  if (o.callAction === 'block') return `${s.red('✗ blocked')} ${firstLine(o.text)}${rules}`;
  if (o.isError) return `${s.red('✗ refused')} ${firstLine(o.text)}${rules}`;
  const warned = o.text.startsWith('⚠') ? ` ${s.yellow('with a warning to the agent')}` : '';
  return `${s.green('✓ allowed')}${warned} ${s.dim(`label ${labelText(o.annotations)}`)}${rules}`;
}

/** The first reason (`- rule: message`) when the text lists them, else its first line. */
function firstLine(text: string): string {
  const lines = text.split('\n');
  const line = (lines.find((l) => l.startsWith('- ')) ?? lines[0] ?? '').replace(/^- /, '');
  return line.length > 110 ? `${line.slice(0, 109)}…` : line;
}

/** `_meta.annotations` as a few words: open-world or not, source, data classes. */
export function labelText(a: Json | undefined): string {
  if (a === undefined) return 'none';
  const parts: string[] = [a.openWorldHint === true ? 'open-world' : 'not open-world'];
  if (a.maliciousActivityHint === true) parts.push('malicious');
  const rm = (a.returnMetadata ?? {}) as Json;
  if (rm.source !== undefined) parts.push(`source ${[rm.source].flat().join('/')}`);
  if (rm.sensitivity !== undefined) parts.push(`sensitivity ${[rm.sensitivity].flat().join('/')}`);
  return parts.join(' · ');
}

export function expectationText(e: Expectation): string {
  return {
    allowed: 'allowed without a question',
    asked: 'the person is asked',
    blocked: 'blocked',
    withheld: 'flagged and withheld',
  }[e];
}
