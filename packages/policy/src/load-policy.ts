import type { CompiledRule } from './compile-rule.js';
import { PACKS } from './packs/index.js';
import type { PolicyFile } from './parse-policy-file.js';
import { parsePolicyFile } from './parse-policy-file.js';
import type { Policy } from './policy.js';
import { makePolicy } from './policy.js';
import type { PolicyProblem } from './problems.js';
import { hasErrors } from './problems.js';
import type { Mode } from './verdict.js';

export interface LoadPolicyInput {
  /** Built-in packs by name (`default`, `sep-examples`), loaded first, in this order. */
  packs?: readonly string[];
  /** Policy files, loaded after the packs, in this order. The caller reads them. */
  files?: readonly { path: string; text: string }[];
  /** Overrides any `mode:` in the files. Default `enforce`. */
  mode?: Mode;
  /** Overrides any `strict:` in the files. Default false. */
  strict?: boolean;
}

export interface LoadPolicyResult {
  /** Undefined when any problem is an error. */
  policy?: Policy;
  problems: PolicyProblem[];
}

/**
 * Compile packs and files into one policy. A rule name is unique across all of them: a later
 * source redefining a rule is an error, unless the later rule says `override: true`, which
 * replaces the earlier one in place. So a file can tighten or loosen a pack's rule, but never by
 * accident.
 */
export function loadPolicy(input: LoadPolicyInput): LoadPolicyResult {
  const problems: PolicyProblem[] = [];
  const sources: PolicyFile[] = [];
  for (const name of input.packs ?? []) {
    const text = PACKS[name];
    if (text === undefined) {
      const known = Object.keys(PACKS).join(', ');
      problems.push(problem(`pack:${name}`, 'unknown-pack', `unknown pack '${name}' (packs: ${known})`));
      continue;
    }
    sources.push(parsePolicyFile(`pack:${name}`, text, problems));
  }
  for (const file of input.files ?? []) sources.push(parsePolicyFile(file.path, file.text, problems));

  const rules: CompiledRule[] = [];
  const index = new Map<string, number>();
  for (const source of sources) {
    for (const rule of source.rules) {
      const at = index.get(rule.name);
      if (at === undefined) {
        if (rule.override) problems.push(warnNothingToOverride(rule));
        index.set(rule.name, rules.push(rule) - 1);
      } else if (rule.override) {
        rules[at] = rule;
      } else {
        problems.push(duplicate(rule, rules[at]!));
      }
    }
  }
  const mode = input.mode ?? sources.findLast((s) => s.mode !== undefined)?.mode ?? 'enforce';
  const strict = input.strict ?? sources.findLast((s) => s.strict !== undefined)?.strict ?? false;
  if (hasErrors(problems)) return { problems };
  return { policy: makePolicy(rules, mode, strict), problems };
}

function problem(file: string, code: PolicyProblem['code'], message: string): PolicyProblem {
  return { file, line: 1, col: 1, code, message, severity: 'error' };
}

function duplicate(rule: CompiledRule, first: CompiledRule): PolicyProblem {
  const { file, line, col } = first.source;
  return {
    ...rule.source,
    code: 'duplicate-rule',
    message: `rule '${rule.name}' is already defined at ${file}:${line}:${col}; add 'override: true' to replace it`,
    severity: 'error',
  };
}

function warnNothingToOverride(rule: CompiledRule): PolicyProblem {
  return {
    ...rule.source,
    code: 'override-nothing',
    message: `rule '${rule.name}' says 'override: true' but no earlier rule has that name`,
    severity: 'warning',
  };
}
