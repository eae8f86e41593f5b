/**
 * The AgentDojo task data (v1.2.1, see ../shared/data/agentdojo/README.md): its shape, and where to
 * find it. The file lives beside the repository (CI checks it out there), not in it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUITES = ['banking', 'slack', 'travel', 'workspace'] as const;
export type SuiteName = (typeof SUITES)[number];

/** One ground-truth call of a user task, as recorded against the default environment. */
export interface RecordedCall {
  tool: string;
  arguments: Record<string, unknown>;
  error: string | null;
  /** The tool's result text; `{{vector}}` marks where an injection can appear. */
  result: string | null;
  injection_vectors: string[];
}

export interface UserTask {
  prompt: string;
  difficulty: string;
  calls: RecordedCall[];
}

/** The attacker's ground-truth calls carry no results. */
export interface InjectionCall {
  tool: string;
  arguments: Record<string, unknown>;
  placeholder_arguments?: Record<string, unknown>;
}

export interface InjectionTask {
  goal: string;
  difficulty: string;
  calls: InjectionCall[];
}

export type ToolDefinition = {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
};

export interface SuiteData {
  tools: ToolDefinition[];
  /** Vector name → its benign default text. */
  injection_vectors: Record<string, string>;
  user_tasks: Record<string, UserTask>;
  injection_tasks: Record<string, InjectionTask>;
}

export interface AgentDojoData {
  benchmark_version: string;
  suites: Record<SuiteName, SuiteData>;
  /** With `{user}`, `{model}` and `{goal}` to fill in. */
  attack_template: string;
}

/** The repository root: two levels above this file. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** `AGENTDOJO_DATA`, else `../shared/data/agentdojo/agentdojo-v1.2.1.json` from the repository root. */
export function agentDojoDataPath(): string {
  const fromEnv = process.env.AGENTDOJO_DATA;
  if (fromEnv !== undefined && fromEnv !== '') return resolve(fromEnv);
  return resolve(REPO_ROOT, '../shared/data/agentdojo/agentdojo-v1.2.1.json');
}

export function loadAgentDojo(path = agentDojoDataPath()): AgentDojoData {
  if (!existsSync(path)) {
    throw new Error(
      `AgentDojo data not found at ${path}. Put agentdojo-v1.2.1.json at ../shared/data/agentdojo/ ` +
        'beside the repository, or set AGENTDOJO_DATA to its path.',
    );
  }
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
  return checkShape(raw, path);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Enough checking that a different file fails here, with its name, rather than deep in a run. */
function checkShape(raw: unknown, path: string): AgentDojoData {
  const fail = (what: string): never => {
    throw new Error(`${path} does not look like the AgentDojo task data: ${what}`);
  };
  if (!isObject(raw)) return fail('not a JSON object');
  if (typeof raw.attack_template !== 'string') fail('no attack_template');
  if (!isObject(raw.suites)) return fail('no suites');
  for (const suite of SUITES) {
    const s = raw.suites[suite];
    if (!isObject(s)) return fail(`no suite ${suite}`);
    if (
      !Array.isArray(s.tools) ||
      !isObject(s.injection_vectors) ||
      !isObject(s.user_tasks) ||
      !isObject(s.injection_tasks)
    ) {
      fail(`suite ${suite} lacks tools, injection_vectors, user_tasks or injection_tasks`);
    }
  }
  return raw as unknown as AgentDojoData;
}
