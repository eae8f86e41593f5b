/**
 * `npm run eval:agentdojo [-- --policy FILE …] [--out FILE]`: runs every AgentDojo session through
 * the engine with the `default` pack and with `sep-examples` (and with each `--policy` file, alone,
 * e.g. a pack you are trying out), prints a table per policy, and writes the numbers
 * with every missed attack and every flagged benign session to eval/results/agentdojo.json.
 * Method and results: docs/evaluation.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Policy } from '../../packages/policy/src/index.js';
import { formatProblem, loadPolicy } from '../../packages/policy/src/index.js';
import { buildAllSessions } from './build-sessions.js';
import { REPO_ROOT } from './data.js';
import type { SessionOutcome } from './evaluate.js';
import { evaluateSuite } from './evaluate.js';
import { countBySuite, formatTable } from './summary.js';

const { values } = parseArgs({
  options: {
    policy: { type: 'string', multiple: true, default: [] },
    out: { type: 'string', default: resolve(REPO_ROOT, 'eval/results/agentdojo.json') },
  },
});

interface Config {
  name: string;
  packs: string[];
  files: string[];
}
const configs: Config[] = [
  { name: 'default', packs: ['default'], files: [] },
  { name: 'sep-examples', packs: ['sep-examples'], files: [] },
  ...(values.policy ?? []).map((f) => ({
    name: relative(REPO_ROOT, resolve(f)),
    packs: [],
    files: [resolve(f)],
  })),
];

function compile(config: Config): Policy {
  const files = config.files.map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const { policy, problems } = loadPolicy({ packs: config.packs, files });
  for (const p of problems) console.error(formatProblem(p));
  if (policy === undefined) throw new Error(`policy ${config.name} does not load`);
  return policy;
}

const all = buildAllSessions();
const total = all.suites.reduce((n, s) => n + s.benign.length + s.attacked.length, 0);
const results = configs.map((config) => {
  const policy = compile(config);
  const started = performance.now();
  let done = 0;
  const outcomes: SessionOutcome[] = all.suites.flatMap((s) =>
    evaluateSuite(
      policy,
      {
        suite: s.suite,
        tools: all.data.suites[s.suite].tools,
        overlay: all.overlays[s.suite],
        sessions: [...s.benign, ...s.attacked],
      },
      () => {
        done++;
        if (done % 500 === 0) console.error(`${config.name}: ${done}/${total} sessions`);
      },
    ),
  );
  console.error(`${config.name}: ${total} sessions in ${Math.round(performance.now() - started)} ms`);
  const counts = countBySuite(outcomes);
  console.log(`${formatTable(`policy: ${config.name}`, counts)}\n`);
  return {
    policy: config.name,
    packs: config.packs,
    files: config.files.map((f) => relative(REPO_ROOT, f)),
    counts,
    missedAttacks: outcomes
      .filter((o) => o.kind === 'attacked' && o.effectCalls > 0 && !o.stopped)
      .map(brief),
    flaggedBenign: outcomes.filter((o) => o.kind === 'benign' && (o.escalated || o.blocked)).map(brief),
  };
});

function brief(o: SessionOutcome) {
  return {
    id: o.id,
    flagged: o.steps
      .filter((s) => s.call !== 'allow' || s.result !== 'allow')
      .map((s) => ({ id: s.id, tool: s.tool, call: s.call, result: s.result, rules: s.rules })),
  };
}

mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(
  values.out,
  `${JSON.stringify({ benchmark: `agentdojo ${all.data.benchmark_version}`, generated: new Date().toISOString(), results }, null, 2)}\n`,
);
console.error(`wrote ${relative(process.cwd(), values.out)}`);
