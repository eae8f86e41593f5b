/**
 * `npx tsx eval/detectors/model-dev.ts [--styles]`: the learned injection classifier on the
 * development sets (packages/detectors/test/fixtures/dev-*.jsonl and dev2-*.jsonl to dev15-*.jsonl:
 * those of `TRAINED_DEV_SETS` trained on, dev and those of `THRESHOLD_DEV_SETS` choosing the
 * threshold, the others measured only) — recall on dev-injections and
 * false positives on dev-clean for the rules alone (`detectInjection`), the model
 * alone (`detectInjectionModel`), and both combined as the scan combines them (`collect`: one
 * noisy-or over both finding sets, rule findings discounted where the model reads benign) — and
 * recall and false positives on AgentDojo's tool outputs, the texts
 * `npm run eval:detectors` uses. The held-out files are not read. `--styles` adds recall per style.
 */
import { parseArgs } from 'node:util';
import { detectInjectionModel } from '../../packages/detectors/src/injection/model/classify.js';
import { detectInjection } from '../../packages/detectors/src/injection.js';
import { collect, MALICIOUS_THRESHOLD, summarise } from '../../packages/detectors/src/scan.js';
import type { Finding } from '../../packages/detectors/src/types.js';
import { agentDojoOutputs, LATER_DEV_SETS, THRESHOLD_DEV_SETS, TRAINED_DEV_SETS } from './datasets.js';
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
// The later sets are measured here beside dev (DEV-README.md, `LATER_DEV_SETS`): those the model
// trains on marked `*` (`TRAINED_DEV_SETS`: its training numbers, not a measure), those that choose
// the threshold with dev marked `†` (`THRESHOLD_DEV_SETS`).
const columns: { name: string; injected: Judged[]; clean: Judged[] }[] = [
  { name: 'dev†', injected: read('dev-injections.jsonl'), clean: read('dev-clean.jsonl') },
  ...LATER_DEV_SETS.map((n) => ({
    name: `dev${n}${TRAINED_DEV_SETS.includes(n) ? '*' : THRESHOLD_DEV_SETS.includes(n) ? '†' : ''}`,
    injected: read(`dev${n}-injections.jsonl`),
    clean: read(`dev${n}-clean.jsonl`),
  })),
];
const dojo = agentDojoOutputs().samples.map((s) => ({ ...judge(s.id, '', s.text), positive: s.positive }));
columns.push({
  name: 'AgentDojo',
  injected: dojo.filter((s) => s.positive),
  clean: dojo.filter((s) => !s.positive),
});
const [injections, clean] = [columns[0]!.injected, columns[0]!.clean];

const rate = (xs: Judged[], k: keyof Omit<Judged, 'id' | 'style'>) =>
  xs.filter((x) => x[k]).length / xs.length;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const cell = (c: (typeof columns)[number], x: string) => x.padStart(Math.max(c.name.length, 5) + 1);
console.log(
  `${''.padEnd(9)}${columns.map((c) => cell(c, c.name)).join('')}   (recall / false positives; attacks/clean: ${columns.map((c) => `${c.name} ${c.injected.length}/${c.clean.length}`).join(', ')})`,
);
for (const k of ['rules', 'model', 'combined'] as const) {
  console.log(`${k.padEnd(9)}${columns.map((c) => cell(c, pct(rate(c.injected, k)))).join('')}   recall`);
  console.log(
    `${''.padEnd(9)}${columns.map((c) => cell(c, pct(rate(c.clean, k)))).join('')}   false positives`,
  );
}
const added = clean.filter((x) => x.combined && !x.rules).map((x) => x.id);
console.log(`dev-clean flagged by the combination but not by the rules: ${added.join(', ') || 'none'}`);
const dojoAdded = columns
  .at(-1)!
  .clean.filter((x) => x.combined && !x.rules)
  .map((x) => x.id);
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
