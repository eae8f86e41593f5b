/**
 * `npx tsx eval/detectors/model-dev.ts [--styles]`: the learned injection classifier on the
 * development sets (packages/detectors/test/fixtures/dev-*.jsonl, which chooses the threshold, and
 * dev2-*.jsonl to dev5-*.jsonl, measured only) — recall on dev-injections and
 * false positives on dev-clean for the rules alone (`detectInjection`), the model
 * alone (`detectInjectionModel`), and both combined as the scan combines them (`collect`: one
 * noisy-or over both finding sets, weak rule findings discounted where the model reads benign) — and false positives on AgentDojo's clean tool outputs, the texts
 * `npm run eval:detectors` uses. The held-out files are not read. `--styles` adds recall per style.
 */
import { parseArgs } from 'node:util';
import { detectInjectionModel } from '../../packages/detectors/src/injection/model/classify.js';
import { detectInjection } from '../../packages/detectors/src/injection.js';
import { collect, MALICIOUS_THRESHOLD, summarise } from '../../packages/detectors/src/scan.js';
import type { Finding } from '../../packages/detectors/src/types.js';
import { agentDojoOutputs } from './datasets.js';
import { readTexts } from './train.js';

const { values } = parseArgs({ options: { styles: { type: 'boolean', default: false } } });

interface Judged {
  id: string;
  style: string;
  rules: boolean;
  model: boolean;
  combined: boolean;
}

function judge(id: string, style: string, text: string): Judged {
  // The rules alone: `scanText` with kind 'injection' runs the model too.
  const rules: Finding[] = [];
  detectInjection(text, rules);
  const model: Finding[] = [];
  detectInjectionModel(text, model);
  const flagged = (fs: Finding[]) => summarise([...fs]).score >= MALICIOUS_THRESHOLD;
  // Both, as the scan combines them (weak rule findings discounted where the model reads benign).
  const both: Finding[] = [];
  collect(text, both, { kinds: ['injection'] });
  return { id, style, rules: flagged(rules), model: flagged(model), combined: flagged(both) };
}

const read = (file: string) =>
  (readTexts(file) as { id: string; text: string; style?: string }[]).map((r) =>
    judge(r.id, r.style ?? '', r.text),
  );
const injections = read('dev-injections.jsonl');
const clean = read('dev-clean.jsonl');
// The second development set: measured here, not yet used to choose the threshold (DEV-README.md).
const injections2 = read('dev2-injections.jsonl');
const clean2 = read('dev2-clean.jsonl');
// The third: the first held-out set, development data since 2026-11-28 (DEV3-README.md).
const injections3 = read('dev3-injections.jsonl');
const clean3 = read('dev3-clean.jsonl');
// The fourth: written on 2026-11-28 from the same brief as the held-out set of that day (DEV-README.md).
const injections4 = read('dev4-injections.jsonl');
const clean4 = read('dev4-clean.jsonl');
// The fifth: the same brief again, by other authors; measured as written, then tuned on (DEV-README.md).
const injections5 = read('dev5-injections.jsonl');
const clean5 = read('dev5-clean.jsonl');
const dojo = agentDojoOutputs().samples.map((s) => ({ ...judge(s.id, '', s.text), positive: s.positive }));
const dojoInjected = dojo.filter((s) => s.positive);
const dojoClean = dojo.filter((s) => !s.positive);

const rate = (xs: Judged[], k: keyof Omit<Judged, 'id' | 'style'>) =>
  xs.filter((x) => x[k]).length / xs.length;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
console.log(
  `                       dev recall  dev false+   dev2 recall  dev2 false+   dev3 recall  dev3 false+   dev4 recall  dev4 false+   dev5 recall  dev5 false+   AgentDojo recall  AgentDojo false+   (dev ${injections.length}/${clean.length}, dev2 ${injections2.length}/${clean2.length}, dev3 ${injections3.length}/${clean3.length}, dev4 ${injections4.length}/${clean4.length}, dev5 ${injections5.length}/${clean5.length}, AgentDojo ${dojoInjected.length}/${dojoClean.length})`,
);
for (const k of ['rules', 'model', 'combined'] as const) {
  console.log(
    `${k.padEnd(22)} ${pct(rate(injections, k))}     ${pct(rate(clean, k))}      ${pct(rate(injections2, k))}      ${pct(rate(clean2, k))}      ${pct(rate(injections3, k))}      ${pct(rate(clean3, k))}      ${pct(rate(injections4, k))}      ${pct(rate(clean4, k))}      ${pct(rate(injections5, k))}      ${pct(rate(clean5, k))}         ${pct(rate(dojoInjected, k))}           ${pct(rate(dojoClean, k))}`,
  );
}
const added = clean.filter((x) => x.combined && !x.rules).map((x) => x.id);
console.log(`dev-clean flagged by the combination but not by the rules: ${added.join(', ') || 'none'}`);
const dojoAdded = dojoClean.filter((x) => x.combined && !x.rules).map((x) => x.id);
console.log(
  `AgentDojo clean flagged by the combination but not by the rules: ${dojoAdded.join(', ') || 'none'}`,
);

if (values.styles) {
  const by = new Map<string, Judged[]>();
  for (const x of injections) by.set(x.style, [...(by.get(x.style) ?? []), x]);
  for (const [style, xs] of [...by].sort()) {
    const n = (k: 'rules' | 'model' | 'combined') => xs.filter((x) => x[k]).length;
    console.log(
      `  ${style.padEnd(28)} rules ${n('rules')}/${xs.length}  model ${n('model')}/${xs.length}  combined ${n('combined')}/${xs.length}`,
    );
  }
}
