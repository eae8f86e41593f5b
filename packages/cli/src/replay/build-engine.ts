import type { Config, ResolvedConfig } from '@mcp-trust/catalog';
import { defaultConfig, formatCatalogProblem, loadConfig, resolveConfig } from '@mcp-trust/catalog';
import type { Engine } from '@mcp-trust/engine';
import { createEngine } from '@mcp-trust/engine';
import type { Mode, Policy } from '@mcp-trust/policy';
import { formatProblem, loadPolicy } from '@mcp-trust/policy';

/** A resolved config with its policy compiled: everything needed to make engines. */
export interface ReadySetup {
  resolved: ResolvedConfig;
  policy: Policy;
  /** False when running on the defaults: then every server is unconfigured, and saying so is noise. */
  configured: boolean;
}

export interface Setup {
  /** Absent when any problem is an error: nothing may run under a policy other than the one asked for. */
  ready?: ReadySetup;
  /** Every problem (config, overlays, policy), formatted `file:line:col: …`. */
  problems: string[];
  errors: number;
}

export interface SetupOptions {
  /** A config file or a parsed config; without one, no servers are configured and the `default` pack applies. */
  config?: string | Config;
  /** Overrides the config's `mode`. */
  mode?: Mode;
}

/** Config → overlays and policy files read → policy compiled. Never throws. */
export function loadSetup(opts: SetupOptions): Setup {
  const problems: string[] = [];
  let errors = 0;
  let config: Config | undefined = typeof opts.config === 'object' ? opts.config : defaultConfig();
  if (typeof opts.config === 'string') {
    const parsed = loadConfig(opts.config);
    problems.push(...parsed.problems.map(formatCatalogProblem));
    errors += parsed.problems.filter((p) => p.severity === 'error').length;
    config = parsed.config;
  }
  const failed = (): Setup => ({ problems, errors: Math.max(errors, 1) });
  if (config === undefined) return failed();
  const { resolved, problems: found } = resolveConfig(config);
  problems.push(...found.map(formatCatalogProblem));
  errors += found.filter((p) => p.severity === 'error').length;
  if (resolved === undefined) return failed();

  const { policy, problems: policyProblems } = loadPolicy({
    packs: resolved.policy.packs,
    files: resolved.policy.files,
    mode: opts.mode ?? resolved.mode,
  });
  problems.push(...policyProblems.map(formatProblem));
  errors += policyProblems.filter((p) => p.severity === 'error').length;
  if (policy === undefined || errors > 0) return failed();
  return { ready: { resolved, policy, configured: opts.config !== undefined }, problems, errors: 0 };
}

/**
 * A fresh engine (sessions start empty) with the config's inline tools registered. Servers the
 * config does not name are untrusted to the engine, as they are by default in a config.
 */
export function makeEngine(setup: ReadySetup): { engine: Engine; problems: string[] } {
  const engine = createEngine({ policy: setup.policy, servers: setup.resolved.servers });
  const problems = engine.problems.map(
    (p) => `${setup.resolved.file}: ${p.severity} ${p.code}: ${p.message} (${p.path})`,
  );
  for (const [name, server] of Object.entries(setup.resolved.servers)) {
    if (server.tools === undefined) continue;
    for (const p of engine.registerTools(name, server.tools)) {
      problems.push(
        `${setup.resolved.file}: ${p.severity} ${p.code}: ${p.message} ($.servers.${name}.tools${p.path.slice(1)})`,
      );
    }
  }
  return { engine, problems };
}
