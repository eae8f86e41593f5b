/**
 * The evaluation sets of `npm run eval:detectors`, built from `../shared/data` and the held-out
 * fixtures: every text with its truth (`positive` = it holds what the detector should find).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { attackText, fillVectors, vectorsIn } from '../agentdojo/attack-text.js';
import { loadAgentDojo, REPO_ROOT, SUITES } from '../agentdojo/data.js';

export interface Sample {
  id: string;
  text: string;
  positive: boolean;
  /** The file's extension, for tools that care (secretlint). */
  ext?: string;
  /** The file it was read from, for tools that read it themselves (secretlint's PKCS#12 rule). */
  path?: string;
}

const BINARY = new Set(['.p12', '.pfx']);

export interface Dataset {
  name: string;
  /** What a positive is: a secret, or an injection. */
  kind: 'secret' | 'injection';
  samples: Sample[];
}

/** `SECRETLINT_FIXTURES`, else `../shared/data/secretlint-fixtures` beside the repository. */
export function secretlintFixturesPath(): string {
  const fromEnv = process.env.SECRETLINT_FIXTURES;
  return fromEnv !== undefined && fromEnv !== ''
    ? resolve(fromEnv)
    : resolve(REPO_ROOT, '../shared/data/secretlint-fixtures');
}

/**
 * secretlint's rule fixtures: `RULE/ng.*` inputs hold a secret, `RULE/ok.*` inputs hold none.
 * Left out, because their truth is not about secrets: folders named otherwise (option variants),
 * folders with their own `.secretlintrc` (an allow list or a switched rule decides them), and
 * `filter-comments` (secretlint's comment directives, tested with a dummy rule). Binary inputs
 * (PKCS#12 files) are given to the detectors in base64, the way MCP carries binary content.
 */
export function secretlintFixtures(root = secretlintFixturesPath()): Dataset {
  if (!existsSync(root))
    throw new Error(`secretlint fixtures not found at ${root} (set SECRETLINT_FIXTURES)`);
  const samples: Sample[] = [];
  for (const rule of readdirSync(root).sort()) {
    const ruleDir = join(root, rule);
    if (!rule.startsWith('secretlint-rule-') || !statSync(ruleDir).isDirectory()) continue;
    if (rule === 'secretlint-rule-filter-comments') continue;
    for (const name of readdirSync(ruleDir).sort()) {
      const positive = name.startsWith('ng.');
      if (!positive && !name.startsWith('ok.')) continue;
      const dir = join(ruleDir, name);
      const files = readdirSync(dir);
      if (files.some((f) => f.startsWith('.secretlintrc'))) continue;
      const input = files.find((f) => f.startsWith('input') && statSync(join(dir, f)).isFile());
      if (input === undefined) continue;
      const dot = input.indexOf('.');
      const ext = dot < 0 ? '' : input.slice(dot);
      const bytes = readFileSync(join(dir, input));
      samples.push({
        id: `${rule.slice('secretlint-rule-'.length)}/${name}`,
        text: BINARY.has(ext) ? bytes.toString('base64') : bytes.toString('utf8'),
        positive,
        ext,
        path: join(dir, input),
      });
    }
  }
  return { name: 'secretlint fixtures', kind: 'secret', samples };
}

/**
 * AgentDojo's tool outputs: every recorded result, clean (every vector at its default text), and
 * every result with an injection vector injected (the attack template, filled with each injection
 * task's goal, in one vector, the others at their defaults). Texts are deduplicated.
 */
export function agentDojoOutputs(): Dataset {
  const data = loadAgentDojo();
  const samples: Sample[] = [];
  const seen = new Set<string>();
  const add = (id: string, text: string, positive: boolean) => {
    if (seen.has(text)) return;
    seen.add(text);
    samples.push({ id, text, positive });
  };
  for (const suite of SUITES) {
    const s = data.suites[suite];
    const defaults = s.injection_vectors;
    for (const [taskId, task] of Object.entries(s.user_tasks)) {
      task.calls.forEach((call, i) => {
        if (call.result === null || call.result.trim() === '') return;
        add(`${suite}/${taskId}/${i}/clean`, fillVectors(call.result, defaults), false);
        const vectors = vectorsIn(call.result).filter((v) => Object.hasOwn(defaults, v));
        for (const [injId, inj] of Object.entries(s.injection_tasks)) {
          const attack = attackText(data.attack_template, inj.goal);
          for (const v of vectors) {
            add(
              `${suite}/${taskId}/${i}/${v}/${injId}`,
              fillVectors(call.result, { ...defaults, [v]: attack }),
              true,
            );
          }
        }
      });
    }
  }
  return { name: 'AgentDojo tool outputs', kind: 'injection', samples };
}

/** The held-out set: attacks phrased unlike the template, and hard clean negatives (see its README). */
export function heldOut(dir = resolve(REPO_ROOT, 'packages/detectors/test/fixtures')): Dataset {
  return fixturePair(dir, 'held-out texts', 'heldout-injections.jsonl', 'heldout-clean.jsonl');
}

/**
 * The later development sets (DEV-README.md), measured beside the held-out set; development data,
 * so none is one of the targets:
 * - 2: written by another author, with more attacks that never mention AI;
 * - 3: the first held-out set, held out until 2026-11-28, when its misses were read and rules
 *   written for them;
 * - 4 and 5: written on 2026-11-28 from the held-out set's brief by other authors; 5 was measured
 *   once as written, then read and tuned on;
 * - 6 and 7: the same brief, other authors again (2026-11-28 and -29); 7 chose the sure-benign
 *   discount (`SURE_BENIGN_MARGIN`), and 6, unread until then, judged it;
 * - 8: the same brief (2026-11-29), read by its counts only, to judge a batch of training text
 *   and then the sets below trained on;
 * - 9: the same brief, six more authors (2026-11-29), read by its counts only, which judged the
 *   same;
 * - 10 and 11: the same brief, twelve more authors (2026-11-29), written for training and never
 *   measured (the authors of 11 were asked for attacks that are harder to spot);
 * - 12: the same brief, four more authors (2026-11-29), set in trades and fields the others
 *   seldom wrote about, read by its counts only, which judged 10 and 11, and then 13 and 14;
 * - 13 and 14: the same brief, six more authors (2026-11-29), written for training and never
 *   measured: 13 set in everyday consumer and small-business life, 14 in software and IT
 *   operations, their clean texts as close to an injection as they could make them;
 * - 15: the same brief, six more authors (2026-11-29), set in public administration, research,
 *   non-profits, newsrooms, farming, manufacturing, retail, hotels, energy and real estate, read
 *   by its counts only, which judged the sure-benign discount's second setting.
 */
export const LATER_DEV_SETS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;

/**
 * The development sets the classifier is trained on since 2026-11-29 (train.ts), beside the
 * composed corpus: realistic tool output other authors wrote, most of it from the held-out set's
 * brief, which taught the model more than a batch of training text written for it (judged on
 * dev8, dev9 and dev12, never trained on: docs/evaluation.md). Their numbers in model-dev.ts and
 * `eval:detectors` are the model's training numbers, not a measure.
 */
export const TRAINED_DEV_SETS: readonly (typeof LATER_DEV_SETS)[number][] = [
  2, 3, 4, 5, 6, 7, 10, 11, 13, 14,
];

/**
 * The later development sets that choose the classifier's threshold with `dev` since 2026-11-29
 * (`THRESHOLD_SETS` in train.ts): read by their counts only, never trained on. dev15 and the
 * held-out set measure the result.
 */
export const THRESHOLD_DEV_SETS: readonly (typeof LATER_DEV_SETS)[number][] = [8, 9, 12];

/** Development set `n` of `LATER_DEV_SETS`: `dev{n}-injections.jsonl` and `dev{n}-clean.jsonl`. */
export function devSet(
  n: (typeof LATER_DEV_SETS)[number],
  dir = resolve(REPO_ROOT, 'packages/detectors/test/fixtures'),
): Dataset {
  const role = TRAINED_DEV_SETS.includes(n)
    ? 'trained on'
    : THRESHOLD_DEV_SETS.includes(n)
      ? 'sets the threshold'
      : 'dev data';
  const name = `dev${n} texts (${role})`;
  return fixturePair(dir, name, `dev${n}-injections.jsonl`, `dev${n}-clean.jsonl`);
}

/** The largest package document read (a few changelogs run to megabytes). */
const PACKAGE_DOC_BYTES = 200 * 1024;

/**
 * Clean text as a filesystem server returns it: every Markdown file (READMEs, changelogs,
 * licences, security policies, guides) of the npm packages installed under `node_modules`, up to
 * 200 KiB each — the lockfile pins them, so the set is the same from one clean checkout to the
 * next. This repository's own packages (linked under `@mcp-trust`) are left out: their docs
 * quote attacks on purpose. None of these texts was written for the detectors or tuned on.
 */
export function packageDocs(root = resolve(REPO_ROOT, 'node_modules')): Dataset {
  const samples: Sample[] = [];
  const files = (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.md$/i.test(f) && !f.startsWith('@mcp-trust'))
    .sort();
  for (const f of files) {
    const path = join(root, f);
    const st = statSync(path);
    if (!st.isFile() || st.size > PACKAGE_DOC_BYTES) continue;
    samples.push({ id: `node_modules/${f}`, text: readFileSync(path, 'utf8'), positive: false });
  }
  if (samples.length === 0) throw new Error(`no Markdown files under ${root}`);
  return { name: 'npm package docs (clean)', kind: 'injection', samples };
}

function fixturePair(dir: string, name: string, injections: string, clean: string): Dataset {
  const read = (file: string, positive: boolean): Sample[] =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((line, i) => {
        const row = JSON.parse(line) as { id?: unknown; text?: unknown };
        if (typeof row.text !== 'string') throw new Error(`${file}:${i + 1}: $.text: expected a string`);
        return { id: String(row.id ?? `${file}:${i + 1}`), text: row.text, positive };
      });
  return { name, kind: 'injection', samples: [...read(injections, true), ...read(clean, false)] };
}
