/**
 * `npm run eval:detectors [-- --out FILE]`: recall and false positives of `@mcp-trust/detectors`
 * beside a well-known tool on the same texts in the same run — secretlint (12.0.0, recommended
 * preset) on secretlint's own fixtures, and vard (a prompt-injection library from npm) on
 * AgentDojo tool outputs and on the held-out texts (and the later development sets, some of them
 * the classifier's training data, and the installed npm packages' Markdown docs, clean text a
 * filesystem server returns, shown but not held to the targets). Prints a table, writes the numbers with every
 * miss and false positive to eval/results/detectors.json. Method: docs/evaluation.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import vard from '@andersmyrmel/vard';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import type { Finding } from '../../packages/detectors/src/index.js';
import { detectInjection, scanText, summarise } from '../../packages/detectors/src/index.js';
import { REPO_ROOT } from '../agentdojo/data.js';
import type { Dataset, Sample } from './datasets.js';
import {
  agentDojoOutputs,
  devSet,
  heldOut,
  LATER_DEV_SETS,
  packageDocs,
  secretlintFixtures,
} from './datasets.js';

const { values } = parseArgs({
  options: { out: { type: 'string', default: resolve(REPO_ROOT, 'eval/results/detectors.json') } },
});

/** Targets of the detectors issue. */
const TARGETS = {
  secret: { recall: 0.95, falsePositives: 0.02 },
  injection: { recall: 0.95, falsePositives: 0.01 },
} as const;

type Judge = (s: Sample) => boolean | Promise<boolean>;

interface Outcome {
  tool: string;
  recall: number;
  falsePositiveRate: number;
  positives: number;
  negatives: number;
  ms: number;
  missed: string[];
  falsePositives: string[];
}

const ours: Record<Dataset['kind'], Judge> = {
  secret: (s) => scanText(s.text, { kinds: ['secret'] }).findings.length > 0,
  injection: (s) => scanText(s.text).malicious,
};

/** The injection rules alone (no classifier), judged the way `scanText` judges: for reading where recall comes from. */
const rulesOnly: Judge = (s) => {
  const findings: Finding[] = [];
  detectInjection(s.text, findings);
  return summarise(findings).malicious;
};

const secretlintConfig = {
  rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended as never }],
};
const secretlint: Judge = async (s) => {
  // secretlint reads files as text; its PKCS#12 rule opens the file itself.
  const result = await lintSource({
    source: {
      filePath: s.path ?? `/eval/${s.id}/input${s.ext ?? '.txt'}`,
      content: s.path === undefined ? s.text : readFileSync(s.path, 'utf8'),
      contentType: 'text',
      ext: s.ext ?? '.txt',
    } as never,
    options: { config: secretlintConfig as never, maskSecrets: true },
  });
  return result.messages.length > 0;
};

// Tool outputs are longer than chat input: lift vard's 10 000-character default so it judges the text.
const vardGuard = vard.moderate().maxLength(10_000_000);
const vardJudge: Judge = (s) => !vardGuard.safeParse(s.text).safe;

async function measure(tool: string, set: Dataset, judge: Judge): Promise<Outcome> {
  const missed: string[] = [];
  const falsePositives: string[] = [];
  let tp = 0;
  let fp = 0;
  let positives = 0;
  const started = performance.now();
  for (const s of set.samples) {
    const flagged = await judge(s);
    if (s.positive) {
      positives++;
      if (flagged) tp++;
      else missed.push(s.id);
    } else if (flagged) {
      fp++;
      falsePositives.push(s.id);
    }
  }
  const negatives = set.samples.length - positives;
  return {
    tool,
    recall: positives === 0 ? 1 : tp / positives,
    falsePositiveRate: negatives === 0 ? 0 : fp / negatives,
    positives,
    negatives,
    ms: Math.round(performance.now() - started),
    missed,
    falsePositives,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);

const sets: Dataset[] = [];
for (const build of [
  secretlintFixtures,
  agentDojoOutputs,
  heldOut,
  ...LATER_DEV_SETS.map((n) => () => devSet(n)),
  packageDocs,
]) {
  try {
    sets.push(build());
  } catch (err) {
    console.error(`eval:detectors: skipped a dataset: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const report = [];
let pass = true;
console.log('dataset                   tool                  recall   false+   pos   neg     ms');
for (const set of sets) {
  const rival = set.kind === 'secret' ? ['secretlint 12.0.0', secretlint] : ['vard 1.2.0', vardJudge];
  const outcomes = [
    await measure('mcp-trust', set, ours[set.kind]),
    ...(set.kind === 'injection' ? [await measure('mcp-trust rules only', set, rulesOnly)] : []),
    await measure(rival[0] as string, set, rival[1] as Judge),
  ];
  const target = TARGETS[set.kind];
  const mine = outcomes[0]!;
  const meets = mine.recall >= target.recall && mine.falsePositiveRate <= target.falsePositives;
  // Development data and the package docs (no attacks, not a set of the issue) are shown for
  // reading, not held to the targets.
  if (!/^dev\d/.test(set.name) && !set.name.startsWith('npm package docs')) pass &&= meets;
  for (const o of outcomes) {
    console.log(
      `${set.name.padEnd(25)} ${o.tool.padEnd(20)} ${o.positives === 0 ? '      —' : pct(o.recall)}  ${pct(o.falsePositiveRate)} ${String(o.positives).padStart(5)} ${String(o.negatives).padStart(5)} ${String(o.ms).padStart(6)}`,
    );
  }
  report.push({ dataset: set.name, kind: set.kind, target, meetsTarget: meets, outcomes });
}
console.log(pass ? 'targets met' : 'targets NOT met');

mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(
  values.out,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), node: process.version, pass, report }, null, 2)}\n`,
);
console.error(`eval:detectors: wrote ${relative(process.cwd(), values.out)}`);
